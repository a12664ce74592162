import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { pickFormFailureSnackbar, sortServerFieldErrors } from './mutation-errors';

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

describe('a failed form’s snackbar', () => {
  const conflict = new ApiError({
    status: 409,
    data: { detail: 'Já existe um plano com este nome.' },
    message: 'Já existe um plano com este nome.',
    notified: false,
  });

  it('puts the screen’s own words before the server’s text when no field explains the failure', () => {
    const sorted = { placed: [], unplaced: [] };
    expect(pickFormFailureSnackbar(conflict, sorted, { failureMessage: 'Erro ao criar plano' })).toBe(
      'Erro ao criar plano: Já existe um plano com este nome.',
    );
    expect(pickFormFailureSnackbar(conflict, sorted, {})).toBe('Já existe um plano com este nome.');
  });

  it('says nothing when every message sits under its field, and the first other one otherwise', () => {
    expect(
      pickFormFailureSnackbar(conflict, { placed: [['name', 'x']], unplaced: [] }, { failureMessage: 'Erro' }),
    ).toBeNull();
    expect(pickFormFailureSnackbar(conflict, { placed: [], unplaced: ['Plano inexistente.'] }, {})).toBe(
      'Plano inexistente.',
    );
  });
});
