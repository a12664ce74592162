import { describe, expect, it } from 'vitest';
import { findNextUnpaidOccurrence, findPaidOccurrences, type PaymentLine } from './bill-matching';
import { listReminderOccurrences } from './reminder-occurrences';

const rentOccurrences = listReminderOccurrences('2026-08-10', 'MONTHLY');

function paymentsOf(lines: PaymentLine[], reminders: Parameters<typeof findPaidOccurrences>[0]) {
  const paid = findPaidOccurrences(reminders, lines);
  return (id: number) => (paid.get(id) ?? []).filter((occurrence) => occurrence.paid);
}

describe('which lines pay a reminder’s occurrences', () => {
  it('pays an occurrence by a line of its merchant from 10 days before to 5 days after, about its amount', () => {
    const lines: PaymentLine[] = [
      { id: 1, date: '2026-07-31', amountCents: -250_000, merchantKey: 'PIX ALUGUEL JOAO' },
      { id: 2, date: '2026-09-15', amountCents: -250_000, merchantKey: 'PIX ALUGUEL JOAO' },
      // 11 days early, 6 days late, and far above the rent: none of them pays.
      { id: 3, date: '2026-09-29', amountCents: -250_000, merchantKey: 'PIX ALUGUEL JOAO' },
      { id: 4, date: '2026-11-16', amountCents: -250_000, merchantKey: 'PIX ALUGUEL JOAO' },
      { id: 5, date: '2026-12-10', amountCents: -400_000, merchantKey: 'PIX ALUGUEL JOAO' },
      // Money in is no payment.
      { id: 6, date: '2027-01-10', amountCents: 250_000, merchantKey: 'PIX ALUGUEL JOAO' },
    ];
    const paid = paymentsOf(lines, [
      { id: 7, merchantKey: null, title: 'Aluguel', amountCents: 250_000, occurrences: rentOccurrences },
    ]);
    expect(paid(7)).toEqual([
      { date: '2026-08-10', paid: true, lineId: 1 },
      { date: '2026-09-10', paid: true, lineId: 2 },
    ]);
  });

  it('takes any amount when the reminder has none, and the nearest line when two could pay', () => {
    const lines: PaymentLine[] = [
      { id: 1, date: '2026-08-03', amountCents: -9_000, merchantKey: 'ENEL' },
      { id: 2, date: '2026-08-09', amountCents: -31_000, merchantKey: 'ENEL' },
    ];
    const paid = paymentsOf(lines, [
      { id: 1, merchantKey: 'ENEL', title: 'Luz', amountCents: null, occurrences: rentOccurrences },
    ]);
    expect(paid(1)).toEqual([{ date: '2026-08-10', paid: true, lineId: 2 }]);
  });

  it('lets a line pay one reminder only: its own merchant first, then the longer title', () => {
    const lines: PaymentLine[] = [
      { id: 1, date: '2026-08-10', amountCents: -30_000, merchantKey: 'ALUGUEL GARAGEM' },
      { id: 2, date: '2026-08-10', amountCents: -30_000, merchantKey: 'NETFLIX COM' },
    ];
    const reminders = [
      { id: 1, merchantKey: null, title: 'Aluguel', amountCents: 30_000, occurrences: rentOccurrences },
      { id: 2, merchantKey: null, title: 'Aluguel garagem', amountCents: 30_000, occurrences: rentOccurrences },
      { id: 3, merchantKey: null, title: 'Netflix', amountCents: 30_000, occurrences: rentOccurrences },
      { id: 4, merchantKey: 'NETFLIX COM', title: 'Filmes', amountCents: 30_000, occurrences: rentOccurrences },
    ];
    const paid = paymentsOf(lines, reminders);
    expect(paid(1)).toEqual([]);
    expect(paid(2).map((occurrence) => occurrence.lineId)).toEqual([1]);
    expect(paid(3)).toEqual([]);
    expect(paid(4).map((occurrence) => occurrence.lineId)).toEqual([2]);
  });

  it('gives as next occurrence the first unpaid one from today on', () => {
    const occurrences = [
      { date: '2026-10-10', paid: false, lineId: null },
      { date: '2026-11-10', paid: true, lineId: 9 },
      { date: '2026-12-10', paid: false, lineId: null },
    ];
    expect(findNextUnpaidOccurrence(occurrences, '2026-11-05')).toBe('2026-12-10');
    expect(findNextUnpaidOccurrence(occurrences, '2026-10-10')).toBe('2026-10-10');
    expect(findNextUnpaidOccurrence(occurrences, '2026-12-11')).toBeNull();
  });
});
