import { describe, expect, it } from 'vitest';
import { sortServerFieldErrors } from './mutation-errors';

describe('a failed form mutation’s field errors', () => {
  it('puts each message under its field and keeps those no field shows', () => {
    const sorted = sortServerFieldErrors(
      { email: 'E-mail já cadastrado.', cpf: 'CPF inválido.', plan: 'Plano inexistente.' },
      { fields: ['email', 'cpf', 'phone'] },
    );
    expect(sorted.placed).toEqual([
      ['email', 'E-mail já cadastrado.'],
      ['cpf', 'CPF inválido.'],
    ]);
    expect(sorted.unplaced).toEqual(['Plano inexistente.']);
  });

  it('shows a server field under the form field it is renamed to', () => {
    const sorted = sortServerFieldErrors(
      { start: 'Mês no passado.' },
      { fields: ['month', 'title'], renamedFields: { start: 'month' } },
    );
    expect(sorted).toEqual({ placed: [['month', 'Mês no passado.']], unplaced: [] });
  });

  it('has nothing to place for an answer without field errors', () => {
    expect(sortServerFieldErrors({}, { fields: ['email'] })).toEqual({ placed: [], unplaced: [] });
  });
});
