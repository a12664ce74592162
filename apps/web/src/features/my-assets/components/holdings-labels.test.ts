import type { Debt } from '@prumo/contract/debts';
import { describe, expect, it } from 'vitest';
import { countItems, describeDebtPayoff, formatMonthKey, formatMonthlyRate, showOwed } from './holdings-labels';

const debt: Debt = {
  id: 1,
  name: 'Financiamento do carro',
  balance: 2_000_000,
  monthly_payment: 100_000,
  installments_left: null,
  interest_rate: 1.5,
  payoff: { months: 28, payoff_month: '2028-03', total_paid: 2_450_000 },
  never_paid_off: false,
  monthly_interest: null,
};

describe('debt payoff', () => {
  it('names the month of the last payment and how many months away it is', () => {
    expect(describeDebtPayoff(debt)).toBe('03/2028 (em 28 meses)');
    expect(describeDebtPayoff({ ...debt, payoff: { months: 1, payoff_month: '2026-12', total_paid: 100_000 } })).toBe(
      '12/2026 (em 1 mês)',
    );
  });

  it('says so when the payment does not cover the interest, with the month’s interest', () => {
    const never = { ...debt, payoff: null, never_paid_off: true, monthly_interest: 150_000 };
    expect(describeDebtPayoff(never)).toBe('Não termina: a parcela não cobre os juros do mês (R$ 1.500,00)');
  });
});

describe('labels', () => {
  it('writes months, rates and counts in pt-BR', () => {
    expect(formatMonthKey('2026-03')).toBe('03/2026');
    expect(formatMonthKey('2026-03-31')).toBe('03/2026');
    expect(formatMonthlyRate(1.99)).toBe('1,99 % ao mês');
    expect(formatMonthlyRate(0.0125)).toBe('0,0125 % ao mês');
    expect(countItems(0, 'conta', 'contas', 'Nenhuma conta')).toBe('Nenhuma conta');
    expect(countItems(1, 'conta', 'contas', 'Nenhuma conta')).toBe('1 conta');
    expect(countItems(3, 'conta', 'contas', 'Nenhuma conta')).toBe('3 contas');
  });

  it('shows what is owed as negative, and nothing owed as plain zero', () => {
    expect(showOwed(150)).toBe(-150);
    expect(Object.is(showOwed(0), 0)).toBe(true);
  });
});
