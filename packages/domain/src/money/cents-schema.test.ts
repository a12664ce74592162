import { describe, expect, it } from 'vitest';
import { maximumLineCents } from './cents';
import { buildCentsSchema } from './cents-schema';

const messageOf = (schema: ReturnType<typeof buildCentsSchema>, input: unknown) =>
  schema.safeParse(input).error?.issues[0]?.message;

describe('an amount a person types, in cents', () => {
  it('takes whole cents up to the bound, and zero only where zero is a value', () => {
    expect(buildCentsSchema({ allowZero: true }).parse(0)).toBe(0);
    expect(buildCentsSchema({ allowZero: false }).parse(maximumLineCents)).toBe(maximumLineCents);
    expect(messageOf(buildCentsSchema({ allowZero: false }), 0)).toBe('Valor inválido');
  });

  it('says why it refuses, in Portuguese', () => {
    const schema = buildCentsSchema({ allowZero: true });
    expect(messageOf(schema, undefined)).toBe('Este campo é obrigatório');
    expect(messageOf(schema, '10')).toBe('Valor inválido');
    expect(messageOf(schema, -1)).toBe('Valor inválido');
    expect(messageOf(schema, 10.5)).toBe('Valor inválido: envie centavos inteiros');
    expect(messageOf(schema, maximumLineCents + 1)).toBe('Valor acima do limite.');
  });
});
