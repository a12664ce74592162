import { describe, expect, it } from 'vitest';
import { computeBillDueDate, findLineCashDate } from './card-bill-due-date';

describe("a card line's cash date", () => {
  it('falls on the bill that closes after the purchase, on the due day the month has', () => {
    // Closing on the 3rd, due on the 10th: a purchase on the 3rd is in this month's bill, on the 4th in next month's.
    expect(computeBillDueDate('2026-11-03', 3, 10)).toBe('2026-11-10');
    expect(computeBillDueDate('2026-11-04', 3, 10)).toBe('2026-12-10');
    // Closing on the 25th, due on the 5th: the bill is due the month after it closes.
    expect(computeBillDueDate('2026-11-20', 25, 5)).toBe('2026-12-05');
    expect(computeBillDueDate('2026-12-26', 25, 5)).toBe('2027-02-05');
    // Due on the 31st: the end of a shorter month.
    expect(computeBillDueDate('2027-02-01', 20, 31)).toBe('2027-02-28');
  });

  it("is the line's own day outside a card, and in a card whose days are not known yet", () => {
    expect(findLineCashDate('2026-11-04', { kind: 'bank_account', closingDay: 3, dueDay: 10 })).toBe('2026-11-04');
    expect(findLineCashDate('2026-11-04', { kind: 'credit_card', closingDay: null, dueDay: null })).toBe('2026-11-04');
    expect(findLineCashDate('2026-11-04', { kind: 'credit_card', closingDay: 3, dueDay: 10 })).toBe('2026-12-10');
  });
});
