import { describe, expect, it } from 'vitest';
import { projectDebtPayoff } from './debt-payoff';

describe('a debt’s payoff', () => {
  it('without interest: the balance over the payment, the last payment what is left', () => {
    const payoff = projectDebtPayoff({
      balanceCents: 1_000_00,
      monthlyPaymentCents: 300_00,
      installmentsLeft: null,
      monthlyInterestPercent: 0,
    });
    expect(payoff).toEqual({
      kind: 'paid-off',
      payments: [
        { monthOffset: 1, amountCents: 300_00 },
        { monthOffset: 2, amountCents: 300_00 },
        { monthOffset: 3, amountCents: 300_00 },
        { monthOffset: 4, amountCents: 100_00 },
      ],
      totalPaidCents: 1_000_00,
    });
  });

  it('with interest: each month’s interest in cents before the payment', () => {
    // R$ 1.000,00 at 2 % a month paying R$ 500,00: 1.020,00 − 500 = 520,00; 530,40 − 500 = 30,40; 31,01.
    const payoff = projectDebtPayoff({
      balanceCents: 1_000_00,
      monthlyPaymentCents: 500_00,
      installmentsLeft: null,
      monthlyInterestPercent: 2,
    });
    expect(payoff.kind === 'paid-off' && payoff.payments.map((payment) => payment.amountCents)).toEqual([
      500_00, 500_00, 31_01,
    ]);
    expect(payoff.kind === 'paid-off' && payoff.totalPaidCents).toBe(1_031_01);
  });

  it('a card revolving at 14 % a month paid with R$ 200,00 on R$ 5.000,00 is never paid off', () => {
    expect(
      projectDebtPayoff({
        balanceCents: 5_000_00,
        monthlyPaymentCents: 200_00,
        installmentsLeft: null,
        monthlyInterestPercent: 14,
      }),
    ).toEqual({ kind: 'never', monthlyInterestCents: 700_00 });
  });

  it('a payment that barely beats the interest past 50 years is never paid off either', () => {
    const payoff = projectDebtPayoff({
      balanceCents: 100_000_00,
      monthlyPaymentCents: 1_000_01,
      installmentsLeft: null,
      monthlyInterestPercent: 1,
    });
    expect(payoff.kind).toBe('never');
  });

  it('with the instalments left known: those payments, whatever the interest', () => {
    const payoff = projectDebtPayoff({
      balanceCents: 30_000_00,
      monthlyPaymentCents: 1_250_00,
      installmentsLeft: 24,
      monthlyInterestPercent: 1.5,
    });
    expect(payoff.kind === 'paid-off' && payoff.payments).toHaveLength(24);
    expect(payoff.kind === 'paid-off' && payoff.totalPaidCents).toBe(30_000_00);
  });

  it('nothing owed: no payments', () => {
    expect(
      projectDebtPayoff({
        balanceCents: 0,
        monthlyPaymentCents: 100_00,
        installmentsLeft: null,
        monthlyInterestPercent: 1,
      }),
    ).toEqual({ kind: 'paid-off', payments: [], totalPaidCents: 0 });
  });
});
