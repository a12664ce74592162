import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Answers are written through their route's response schema (which drops what it does not list).
 * Tests build the app with `checkResponseShapes`: an answer the schema does not describe exactly —
 * a field it would drop or change — then fails loudly instead of silently losing data.
 */
export function createResponseSerializer(checkResponseShapes: boolean): FastifySerializerCompiler<z.ZodType> {
  if (!checkResponseShapes) return serializerCompiler;
  return (route) => {
    const serialize = serializerCompiler(route);
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
