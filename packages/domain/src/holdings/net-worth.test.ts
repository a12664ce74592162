import { describe, expect, it } from 'vitest';
import { computeNetWorth, findValueOnDay, sumCardOwedOnDay } from './net-worth';

describe('net worth', () => {
  it('takes each holding’s latest value on or before the day, none before its first', () => {
    const points = [
      { date: '2026-10-15', balanceCents: 200 },
      { date: '2026-09-01', balanceCents: 100 },
    ];
    expect(findValueOnDay(points, '2026-08-31')).toBe(0);
    expect(findValueOnDay(points, '2026-09-30')).toBe(100);
    expect(findValueOnDay(points, '2026-10-15')).toBe(200);
  });

  it('counts what a card owed on a day: closed bills not yet paid then, and the open one', () => {
    const bills = [
      { closingDate: '2026-09-03', amountCents: 1_000, paidOn: '2026-09-10' },
      { closingDate: '2026-10-03', amountCents: 2_000, paidOn: '2026-10-12' },
      { closingDate: '2026-11-03', amountCents: 3_000, paidOn: null },
      { closingDate: '2026-12-03', amountCents: 4_000, paidOn: null },
      { closingDate: '2027-01-03', amountCents: 5_000, paidOn: null },
    ];
    // End of September: October's bill open; September's paid on the 10th.
    expect(sumCardOwedOnDay(bills, '2026-09-30')).toBe(2_000);
    // End of October: November's open; October's paid on the 12th.
    expect(sumCardOwedOnDay(bills, '2026-10-31')).toBe(3_000);
    // 15 November: November's closed and unpaid, December's open; January's is future.
    expect(sumCardOwedOnDay(bills, '2026-11-15')).toBe(7_000);
    // Before the first bill's month the card owed nothing.
    expect(sumCardOwedOnDay(bills, '2026-07-31')).toBe(0);
  });

  it('is what the client has less what they owe', () => {
    expect(
      computeNetWorth({
        accountsCents: 10_000,
        investmentsCents: 50_000,
        otherBalancesCents: 30_000,
        debtsCents: 20_000,
        cardBillsCents: 5_000,
      }),
    ).toBe(65_000);
  });
});
