import { formatMonthNumber, shiftMonth } from '@prumo/domain/budget/target-month';
import { maximumPerformanceMonths } from '@prumo/domain/performance/performance-figures';
import type { PerformancePeriod } from '../api/get-my-performance';

/** Quick periods, each ending in the current month; 12 is the API's default. */
export const presetLengths = ['6', '12', '24', '36'] as const;
export type PresetLength = (typeof presetLengths)[number];

/** How far back the "De" list goes: ten years of months. */
const monthsOffered = 120;

export interface MonthOption {
  /** "2026-11". */
  value: string;
  /** "11/2026". */
  label: string;
}

function toOption(month: string): MonthOption {
  return { value: month.slice(0, 7), label: formatMonthNumber(month) };
}

/** The `length` months up to the current one ("2026-11-01"), as the address and the API take them. */
export function buildPresetPeriod(length: PresetLength, currentMonth: string): PerformancePeriod {
  if (length === '12') return {};
  return { start: shiftMonth(currentMonth, -(Number(length) - 1)).slice(0, 7), end: currentMonth.slice(0, 7) };
}

/** The preset a period is, if any (none typed is the default 12). */
export function findPreset(period: PerformancePeriod, currentMonth: string): PresetLength | null {
  if (!period.start && !period.end) return '12';
  return (
    presetLengths.find((length) => {
      const preset = buildPresetPeriod(length, currentMonth);
      const start = preset.start ?? shiftMonth(currentMonth, -11).slice(0, 7);
      const end = preset.end ?? currentMonth.slice(0, 7);
      return period.start === start && period.end === end;
    }) ?? null
  );
}

/** Months a period may start in: the current one and the ten years before, newest first. */
export function listStartOptions(currentMonth: string): MonthOption[] {
  return Array.from({ length: monthsOffered }, (_, index) => toOption(shiftMonth(currentMonth, -index)));
}

/** Months a period starting in `start` may end in: up to 36 months long and no later than the current month. */
export function listEndOptions(start: string, currentMonth: string): MonthOption[] {
  const options: MonthOption[] = [];
  for (let index = 0; index < maximumPerformanceMonths; index++) {
    const month = shiftMonth(`${start}-01`, index);
    if (month > currentMonth) break;
    options.push(toOption(month));
  }
  return options.reverse();
}

/** A period that starts in `start` and ends where it did, or as near as the limits allow. */
export function moveStart(start: string, end: string, currentMonth: string): PerformancePeriod {
  const ends = listEndOptions(start, currentMonth).map((option) => option.value);
  const kept = ends.includes(end) ? end : (ends[0] ?? start);
  return { start, end: kept };
}
