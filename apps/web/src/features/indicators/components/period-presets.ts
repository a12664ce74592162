import { findMonthOfDay, shiftMonth } from '@prumo/domain/budget/target-month';
import type { IndicatorPeriod } from '../api/get-indicators';

export const periodPresets = ['year', 'last-12-months', 'last-year'] as const;
export type PeriodPreset = (typeof periodPresets)[number];

export const periodPresetLabels: Record<PeriodPreset, string> = {
  year: 'Este ano',
  'last-12-months': '12 meses',
  'last-year': 'Ano passado',
};

/** A preset's days around `today` ("YYYY-MM-DD", Brazil): this year whole, the last 12 months up to today, last year. */
export function buildPresetPeriod(preset: PeriodPreset, today: string): IndicatorPeriod {
  const year = Number(today.slice(0, 4));
  if (preset === 'year') return { start: `${year}-01-01`, end: `${year}-12-31` };
  if (preset === 'last-year') return { start: `${year - 1}-01-01`, end: `${year - 1}-12-31` };
  return { start: shiftMonth(findMonthOfDay(today), -11), end: today };
}

/** The preset a period is, if any. */
export function findPreset(period: IndicatorPeriod, today: string): PeriodPreset | null {
  return (
    periodPresets.find((preset) => {
      const days = buildPresetPeriod(preset, today);
      return days.start === period.start && days.end === period.end;
    }) ?? null
  );
}
