import { isDeepStrictEqual } from 'node:util';
import buildJsonWriter, { type AnySchema } from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isKept } from '../lib/kept-values';
import { isApiRoute } from './access';

type Serialize = (data: unknown) => string;
type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

/**
 * Answers are written through their route's response schema, which drops every field it does not
 * list (a stored secret never leaves by accident). The schema is compiled once into a writer
 * (fast-json-stringify over the schema's JSON Schema): encoding each answer with zod built a copy of
 * it first, a sixth of the server's time on the future flow's 36 months.
 * Tests build the app with `checkResponseShapes`: each answer is also encoded by zod (a field of the
 * wrong type fails), and an answer the writer does not send exactly as given — a field it would drop
 * or change — fails loudly instead of silently losing data.
 */
export function createResponseSerializer(checkResponseShapes: boolean): FastifySerializerCompiler<z.ZodType> {
  const compile = rememberKeptAnswers(compileResponseWriter);
  if (!checkResponseShapes) return compile;
  return (route) => {
    const write = compile(route);
    const encode = serializerCompiler(route);
    return (data) => {
      const written = write(data);
      encode(data);
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
 * In tests, an API answer whose status its route does not describe fails loudly: the OpenAPI
 * document lists every code a call really answers.
 */
export function checkAnsweredCodes(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    const schema = request.routeOptions.schema;
    // Images (hidden routes) are out of the OpenAPI document.
    if (!url || !isApiRoute(url) || schema?.hide) return payload;
    const described = Object.keys((schema?.response ?? {}) as object);
    // A 500 is a fault whatever it says; the test that meets it fails on its own.
    if (reply.statusCode !== 500 && !described.includes(String(reply.statusCode))) {
      throw new Error(`${request.method} ${url} answered ${reply.statusCode}, which its schema does not describe`);
    }
    return payload;
  });
}

/**
 * The schema's writer, compiled at the route's first answer of that status (compiling every route's
 * every status at start-up took half a second); zod's own encoding where the schema has no JSON
 * Schema (a custom check).
 */
function compileResponseWriter(route: RouteSchema): Serialize {
  let write: Serialize | undefined;
  return (data) => {
    write ??= buildResponseWriter(route);
    return write(data);
  };
}

function buildResponseWriter(route: RouteSchema): Serialize {
  const schema = route.schema;
  if (!(schema instanceof z.ZodType)) return serializerCompiler(route);
  try {
    return buildJsonWriter(
      prepareWriterSchema(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' })) as AnySchema,
    );
  } catch {
    return serializerCompiler(route);
  }
}

/**
 * The writer's schema. Without `additionalProperties: false`: the writer drops unlisted fields
 * either way, but inside a union or a nullable object it first checks which branch the value
 * matches, and a stray field would fail that check and the whole answer (zod's encoding dropped it).
 * A literal becomes a one-value `enum`: the writer writes a `const`'s value whatever the answer
 * holds (a `false` would go out as the schema's `true`), an `enum` it writes as given, and both still
 * choose a union's branch.
 */
function prepareWriterSchema(jsonSchema: unknown): unknown {
  if (Array.isArray(jsonSchema)) return jsonSchema.map(prepareWriterSchema);
  if (typeof jsonSchema !== 'object' || jsonSchema === null) return jsonSchema;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(jsonSchema)) {
    if (key === 'additionalProperties' && value === false) continue;
    if (key === 'const') kept.enum = [value];
    // Keys under these are names (a field may be called "const"), each naming a schema.
    else if (nameMaps.has(key)) kept[key] = mapValues(value, prepareWriterSchema);
    else kept[key] = prepareWriterSchema(value);
  }
  return kept;
}

const nameMaps = new Set(['properties', 'patternProperties', 'definitions', '$defs']);

function mapValues(map: unknown, prepare: (schema: unknown) => unknown): unknown {
  if (typeof map !== 'object' || map === null) return map;
  return Object.fromEntries(Object.entries(map).map(([name, schema]) => [name, prepare(schema)]));
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
