import { describe, expect, it } from 'vitest';
import { listExpectedPayments } from './expected-payments';
import { listMonths } from './future-flow-range';

const months = listMonths('2026-09-01', '2027-04-01');
const currentMonth = '2026-11-01';

describe('what is due in the months ahead', () => {
  it('puts a reminder on each month it falls in, from the current month on, at the end of a shorter month', () => {
    const byMonth = listExpectedPayments({
      months,
      currentMonth,
      reminders: [{ id: 1, title: 'Aluguel', firstDate: '2026-08-31', periodicity: 'MONTHLY', amountCents: 150_000 }],
      debts: [],
    });
    expect(byMonth.get('2026-10-01')?.reminders).toEqual([]);
    expect(byMonth.get('2026-11-01')?.reminders).toEqual([
      { id: 1, name: 'Aluguel', date: '2026-11-30', amountCents: 150_000 },
    ]);
    expect(byMonth.get('2027-02-01')?.reminders[0]?.date).toBe('2027-02-28');
    expect(byMonth.get('2027-04-01')?.remindersCents).toBe(150_000);
  });

  it('pays a debt from next month to its payoff month, the last payment being what is left', () => {
    const byMonth = listExpectedPayments({
      months,
      currentMonth,
      reminders: [],
      // R$ 1.000,00 without interest at R$ 300,00: three of 300 and one of 100.
      debts: [
        {
          id: 7,
          name: 'Empréstimo',
          balanceCents: 100_000,
          monthlyPaymentCents: 30_000,
          installmentsLeft: null,
          monthlyInterestPercent: 0,
        },
      ],
    });
    const paid = months.map((month) => byMonth.get(month)?.debtsCents);
    expect(paid).toEqual([0, 0, 0, 30_000, 30_000, 30_000, 10_000, 0]);
    expect(byMonth.get('2027-03-01')?.debts).toEqual([
      { id: 7, name: 'Empréstimo', amountCents: 10_000, lastPayment: true },
    ]);
  });

  it('keeps the payment of a debt its payment never pays off in every month ahead', () => {
    const byMonth = listExpectedPayments({
      months,
      currentMonth,
      reminders: [],
      debts: [
        {
          id: 8,
          name: 'Cheque especial',
          balanceCents: 1_000_000,
          monthlyPaymentCents: 30_000,
          installmentsLeft: null,
          monthlyInterestPercent: 3.5,
        },
      ],
    });
    expect(months.map((month) => byMonth.get(month)?.debtsCents)).toEqual([
      0, 0, 0, 30_000, 30_000, 30_000, 30_000, 30_000,
    ]);
  });
});
