import type { Investment } from '@prumo/contract/investments';
import { describe, expect, it } from 'vitest';
import {
  buildInvestmentBody,
  buildInvestmentFormValues,
  groupInvestmentsByKind,
  listInvestmentErrorFields,
  validateInvestmentForm,
} from './investment-form';

/** A valid CNPJ (check digits right), masked and as digits. */
const cnpj = { masked: '11.222.333/0001-81', digits: '11222333000181' };

function buildInvestment(overrides: Partial<Investment>): Investment {
  return {
    id: 1,
    kind: 'fixed-income',
    name: 'CDB',
    balance: 100_000,
    gross_balance: null,
    monthly_contribution: null,
    salary: null,
    cnpj: null,
    cnpb: null,
    susep_process: null,
    funds: [],
    history: [],
    ...overrides,
  };
}

describe('investment body', () => {
  it('sends only the common fields for a fixed-income investment (the API refuses other kinds’ fields)', () => {
    const values = { ...buildInvestmentFormValues(null, 'fixed-income'), name: ' CDB X ', balance: '1.000,50' };
    // Typed under another kind and left behind when the kind changed: never sent.
    values.salary = '5.000,00';
    values.funds = [{ name: 'Fundo', cnpj: cnpj.masked }];
    expect(buildInvestmentBody(values)).toEqual({ name: 'CDB X', balance: 100050, gross_balance: null, cnpj: null });
  });

  it('sends a pension’s own fields, documents as digits and blanks as null', () => {
    const values = {
      ...buildInvestmentFormValues(null, 'pension'),
      name: 'Fundação',
      balance: '50.000,00',
      cnpj: cnpj.masked,
      salary: '12.345,67',
      cnpb: '1999.0012-19',
    };
    expect(buildInvestmentBody(values)).toEqual({
      name: 'Fundação',
      balance: 5_000_000,
      gross_balance: null,
      cnpj: cnpj.digits,
      monthly_contribution: null,
      salary: 1_234_567,
      cnpb: '1999001219',
      susep_process: null,
    });
  });

  it('sends the funds of an investment-funds investment with their CNPJs as digits', () => {
    const values = {
      ...buildInvestmentFormValues(null, 'investment-funds'),
      name: 'Carteira',
      balance: '10',
      funds: [{ name: ' Fundo A ', cnpj: cnpj.masked }],
    };
    expect(buildInvestmentBody(values).funds).toEqual([{ name: 'Fundo A', cnpj: cnpj.digits }]);
  });

  it('opens an investment with its amounts as typed text and its CNPJs masked', () => {
    const investment = buildInvestment({
      kind: 'investment-funds',
      balance: 123_456,
      gross_balance: 130_000,
      cnpj: cnpj.digits,
      funds: [{ name: 'Fundo A', cnpj: cnpj.digits }],
    });
    const values = buildInvestmentFormValues(investment, 'fixed-income');
    expect(values).toMatchObject({
      kind: 'investment-funds',
      balance: '1234,56',
      gross_balance: '1300,00',
      cnpj: cnpj.masked,
      funds: [{ name: 'Fundo A', cnpj: cnpj.masked }],
    });
  });
});

describe('investment form checks', () => {
  it('asks for the name and balance, and checks CNPJs, fund by fund', () => {
    const values = {
      ...buildInvestmentFormValues(null, 'investment-funds'),
      cnpj: '11.111.111/1111-11',
      funds: [
        { name: 'Fundo A', cnpj: cnpj.masked },
        { name: '', cnpj: '123' },
      ],
    };
    expect(validateInvestmentForm(values)).toEqual({
      name: 'Este campo é obrigatório',
      balance: 'Este campo é obrigatório',
      cnpj: 'CNPJ inválido.',
      'funds.1.name': 'Este campo é obrigatório',
      'funds.1.cnpj': 'CNPJ inválido.',
    });
  });

  it('does not check fields the kind does not take', () => {
    const values = { ...buildInvestmentFormValues(null, 'stocks'), name: 'Ações', balance: '0', salary: 'abc' };
    expect(validateInvestmentForm(values)).toEqual({});
  });

  it('places the server’s errors on the fields the kind shows, funds by their path', () => {
    const values = { ...buildInvestmentFormValues(null, 'investment-funds'), funds: [{ name: 'A', cnpj: '' }] };
    expect(listInvestmentErrorFields(values)).toEqual([
      'name',
      'balance',
      'gross_balance',
      'cnpj',
      'funds',
      'funds.0.name',
      'funds.0.cnpj',
    ]);
  });
});

describe('investments by kind', () => {
  it('groups in the screen’s order of kinds, totals each and leaves out kinds without any', () => {
    const groups = groupInvestmentsByKind([
      buildInvestment({ id: 1, kind: 'stocks', balance: 300 }),
      buildInvestment({ id: 2, kind: 'fixed-income', balance: 100 }),
      buildInvestment({ id: 3, kind: 'stocks', balance: 200 }),
    ]);
    expect(groups.map((group) => [group.label, group.total, group.investments.map((item) => item.id)])).toEqual([
      ['Renda fixa', 100, [2]],
      ['Ações', 500, [1, 3]],
    ]);
  });
});
