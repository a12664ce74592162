import { describe, expect, it } from 'vitest';
import { listReminderOccurrences, occurrenceCounts, ReminderPeriodicitySchema } from './reminder-occurrences';

describe('a bill reminder’s occurrences', () => {
  it('lists 36 monthly occurrences from the first date, on its day each month', () => {
    const occurrences = listReminderOccurrences('2026-11-10', 'MONTHLY');
    expect(occurrences).toHaveLength(occurrenceCounts.MONTHLY);
    expect(occurrences.slice(0, 3)).toEqual(['2026-11-10', '2026-12-10', '2027-01-10']);
    expect(occurrences.at(-1)).toBe('2029-10-10');
  });

  it('lists 3 yearly occurrences, a year apart', () => {
    expect(listReminderOccurrences('2026-04-30', 'YEARLY')).toEqual(['2026-04-30', '2027-04-30', '2028-04-30']);
  });

  it('puts a 31st on the last day of shorter months and goes back to the 31st after them', () => {
    expect(listReminderOccurrences('2027-01-31', 'MONTHLY').slice(0, 5)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
  });

  it('keeps 29 February in leap years and uses 28 February in the others', () => {
    expect(listReminderOccurrences('2028-02-29', 'YEARLY')).toEqual(['2028-02-29', '2029-02-28', '2030-02-28']);
    expect(listReminderOccurrences('2027-12-29', 'MONTHLY').slice(1, 3)).toEqual(['2028-01-29', '2028-02-29']);
    expect(listReminderOccurrences('2026-12-30', 'MONTHLY').slice(1, 3)).toEqual(['2027-01-30', '2027-02-28']);
  });

  it('refuses a periodicity other than MONTHLY or YEARLY in Portuguese', () => {
    const parsed = ReminderPeriodicitySchema.safeParse('WEEKLY');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'Periodicidade inválida: use MONTHLY (todo mês) ou YEARLY (todo ano).',
    );
  });
});
