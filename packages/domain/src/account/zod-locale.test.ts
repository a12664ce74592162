import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PasswordSchema, PersonNameSchema } from './fields';
import { useBrazilianPortugueseMessages } from './zod-locale';

beforeAll(() => {
  useBrazilianPortugueseMessages();
});

function messagesOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('messages of rules without their own', () => {
  it('ask for a number in Brazilian Portuguese, never naming NaN', () => {
    const limit = z.object({ limit: z.coerce.number().int().min(1).max(500) });
    expect(messagesOf(limit, { limit: 'abc' })).toEqual({ limit: 'Informe um número válido.' });
    expect(messagesOf(limit, { limit: '1.5' })).toEqual({ limit: 'Informe um número inteiro.' });
    expect(messagesOf(limit, { limit: '0' })).toEqual({ limit: 'Valor mínimo: 1' });
    expect(messagesOf(limit, { limit: '501' })).toEqual({ limit: 'Valor máximo: 500' });
    expect(messagesOf(z.number().positive(), -1)).toEqual({ '': 'Informe um valor maior que 0' });
  });

  it('tell text past its limit as ‘Limite de N excedido’, and a missing field as required', () => {
    const form = z.object({
      name: z.string().max(80),
      tags: z.array(z.string()).min(1).max(2),
      kind: z.enum(['a', 'b']),
    });
    expect(messagesOf(form, { name: 'x'.repeat(81), tags: ['1', '2', '3'], kind: 'c' })).toEqual({
      name: 'Limite de 80 excedido',
      tags: 'Informe no máximo 2 itens.',
      kind: 'Opção inválida: use a ou b.',
    });
    expect(messagesOf(form, { tags: [], kind: 'a' })).toEqual({
      name: 'Este campo é obrigatório',
      tags: 'Informe ao menos um item.',
    });
    expect(messagesOf(form, null)).toEqual({ '': 'Corpo da requisição vazio.' });
    expect(messagesOf(form, { name: 1, tags: 'x', kind: 'a' })).toEqual({
      name: 'Informe um texto.',
      tags: 'Informe uma lista.',
    });
  });

  it('leave the rules’ own messages as they are', () => {
    expect(messagesOf(PersonNameSchema, 'x'.repeat(150))).toEqual({ '': 'Limite de 150 excedido' });
    expect(messagesOf(PersonNameSchema, undefined)).toEqual({ '': 'Esse campo é obrigatório' });
    expect(messagesOf(PasswordSchema, 'curta')).toEqual({ '': 'Mínimo 8 caracteres' });
    expect(messagesOf(z.string({ error: 'Preencha seu e-mail' }).max(3), 'abcd')).toEqual({
      '': 'Preencha seu e-mail',
    });
  });
});
