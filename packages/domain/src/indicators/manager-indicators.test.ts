import { describe, expect, it } from 'vitest';
import {
  computeMonthlyRecurringCents,
  computeSharePercent,
  findIndicatorReferenceDay,
  findRecentImportStart,
  IndicatorPeriodQuerySchema,
} from './manager-indicators';

function readErrors(query: object) {
  const parsed = IndicatorPeriodQuerySchema.safeParse(query);
  return parsed.success ? null : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('the indicators period', () => {
  it('reads both spellings of a day', () => {
    expect(IndicatorPeriodQuerySchema.parse({ start: '01/01/2026', end: '2026-12-31' })).toEqual({
      start: '2026-01-01',
      end: '2026-12-31',
    });
  });

  it('refuses missing and unreal days, an end before the start and more than five years', () => {
    expect(readErrors({ end: '2026-01-01' })).toEqual([['start', 'Este campo é obrigatório']]);
    expect(readErrors({ start: '2026-02-30', end: '2026-03-01' })).toEqual([['start', 'Data inválida']]);
    expect(readErrors({ start: '2026-03-01', end: '2026-02-28' })).toEqual([
      ['end', 'A data final deve ser igual ou posterior à inicial.'],
    ]);
    expect(readErrors({ start: '2021-01-01', end: '2026-01-01' })).toBeNull();
    expect(readErrors({ start: '2021-01-01', end: '2026-01-02' })).toEqual([
      ['end', 'O período pode ter no máximo 5 anos.'],
    ]);
    expect(readErrors({ start: '2024-02-29', end: '2029-02-28' })).toBeNull();
    expect(readErrors({ start: '2024-02-29', end: '2029-03-01' })).not.toBeNull();
  });

  it('reads the "as of" figures on the end, or today when the period runs on', () => {
    expect(findIndicatorReferenceDay({ start: '2026-01-01', end: '2026-06-30' }, '2026-11-20')).toBe('2026-06-30');
    expect(findIndicatorReferenceDay({ start: '2026-01-01', end: '2026-12-31' }, '2026-11-20')).toBe('2026-11-20');
    expect(findRecentImportStart('2026-11-20')).toBe('2026-10-22');
  });
});

describe('shares and recurring revenue', () => {
  it('gives a share to one decimal, null with nothing to divide', () => {
    expect(computeSharePercent(1, 3)).toBe(33.3);
    expect(computeSharePercent(2, 3)).toBe(66.7);
    expect(computeSharePercent(0, 4)).toBe(0);
    expect(computeSharePercent(0, 0)).toBeNull();
  });

  it("charges the services for their months, then platform plus recurrent, by each subscription's periods", () => {
    const plan = { platform_amount: 5_000, service_amount: 20_000, recurrent_amount: 9_900, service_months: 2 };
    // First period in progress (one paid), second (two paid), third (three paid: past the services).
    expect(computeMonthlyRecurringCents([{ ...plan, paidPeriods: 1 }])).toBe(25_000);
    expect(computeMonthlyRecurringCents([{ ...plan, paidPeriods: 2 }])).toBe(25_000);
    expect(computeMonthlyRecurringCents([{ ...plan, paidPeriods: 3 }])).toBe(14_900);
    expect(
      computeMonthlyRecurringCents([
        { ...plan, paidPeriods: 3 },
        { ...plan, paidPeriods: 1 },
      ]),
    ).toBe(39_900);
  });
});
