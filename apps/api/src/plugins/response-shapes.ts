import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isKept } from '../lib/kept-values';

/**
 * Answers are written through their route's response schema (which drops what it does not list).
 * Tests build the app with `checkResponseShapes`: an answer the schema does not describe exactly —
 * a field it would drop or change — then fails loudly instead of silently losing data.
 */
export function createResponseSerializer(checkResponseShapes: boolean): FastifySerializerCompiler<z.ZodType> {
  const compile = rememberKeptAnswers(serializerCompiler);
  if (!checkResponseShapes) return compile;
  return (route) => {
    const serialize = compile(route);
    return (data) => {
      const written = serialize(data);
      const given = JSON.parse(JSON.stringify(data ?? null));
      if (!isDeepStrictEqual(JSON.parse(written), given)) {
        throw new Error(
          `${route.method} ${route.url} (${route.httpStatus}) answered fields its response schema does not describe: ${JSON.stringify(given).slice(0, 500)}`,
        );
      }
      return written;
    };
  };
}

/**
 * A kept answer (a cache's entry, never changed once kept) is written through its route's schema
 * once; each later call that answers the same value sends the same text.
 */
function rememberKeptAnswers(compile: FastifySerializerCompiler<z.ZodType>): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const serialize = compile(route);
    const written = new WeakMap<object, string>();
    return (data) => {
      if (!isKept(data)) return serialize(data);
      let text = written.get(data);
      if (text === undefined) {
        text = serialize(data);
        written.set(data, text);
      }
      return text;
    };
  };
}
