import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { markKept } from '../src/lib/kept-values';
import { createResponseSerializer } from '../src/plugins/response-shapes';

const AnswerSchema = z.object({ month: z.string(), income: z.number() });

function compileSerializer(checkResponseShapes: boolean) {
  const compile = createResponseSerializer(checkResponseShapes) as FastifySerializerCompiler<z.ZodType>;
  return compile({ schema: AnswerSchema, method: 'GET', url: '/api/example/', httpStatus: '200' });
}

describe('answers written through their schema', () => {
  it('writes a fresh answer each time, and a kept one once', () => {
    const serialize = compileSerializer(false);
    const fresh = { month: '2026-11', income: 100 };
    expect(serialize(fresh)).toBe('{"month":"2026-11","income":100}');
    fresh.income = 200;
    expect(serialize(fresh)).toBe('{"month":"2026-11","income":200}');

    const kept = markKept({ month: '2026-10', income: 300 });
    const first = serialize(kept);
    // Never done to a kept value; here it shows the second answer is the first one's text.
    kept.income = 400;
    expect(serialize(kept)).toBe(first);
    expect(serialize({ month: '2026-10', income: 400 })).toBe('{"month":"2026-10","income":400}');
  });

  it('fails loudly in tests when a kept value was changed after it was written', () => {
    const serialize = compileSerializer(true);
    const kept = markKept({ month: '2026-10', income: 300 });
    expect(serialize(kept)).toBe('{"month":"2026-10","income":300}');
    kept.income = 400;
    expect(() => serialize(kept)).toThrow('answered fields its response schema does not describe');
  });

  it('drops every field the schema does not list, inside unions, nullable objects and lists too', () => {
    const ProfileSchema = z.object({
      name: z.string(),
      planner: z.object({ id: z.number() }).nullable(),
      contact: z.union([
        z.object({ kind: z.literal('email'), email: z.string() }),
        z.object({ kind: z.literal('phone'), phone: z.string() }),
      ]),
      accounts: z.array(z.object({ id: z.number() })),
    });
    const compile = createResponseSerializer(false) as FastifySerializerCompiler<z.ZodType>;
    const serialize = compile({ schema: ProfileSchema, method: 'GET', url: '/api/example/', httpStatus: '200' });
    const written = serialize({
      name: 'Ana',
      passwordHash: 'scrypt$…',
      planner: { id: 7, sessionKey: 'k' },
      contact: { kind: 'phone', phone: '11 99999-0000', email: 'ana@example.com' },
      accounts: [{ id: 1, accessToken: 't' }],
    });
    expect(JSON.parse(written)).toEqual({
      name: 'Ana',
      planner: { id: 7 },
      contact: { kind: 'phone', phone: '11 99999-0000' },
      accounts: [{ id: 1 }],
    });
  });

  it('writes a literal as the answer holds it, and a field named like a keyword as any other', () => {
    const CheckSchema = z.object({
      valid: z.literal(true),
      const: z.string(),
      properties: z.object({ id: z.number() }),
    });
    const compile = createResponseSerializer(false) as FastifySerializerCompiler<z.ZodType>;
    const serialize = compile({ schema: CheckSchema, method: 'GET', url: '/api/example/', httpStatus: '200' });
    // Never answered by a handler of this schema; here it shows the writer does not put `true` in its place.
    expect(JSON.parse(serialize({ valid: false, const: 'c', properties: { id: 1, hidden: 2 } }))).toEqual({
      valid: false,
      const: 'c',
      properties: { id: 1 },
    });
  });
});
