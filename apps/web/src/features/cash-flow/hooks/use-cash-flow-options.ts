import { useState } from 'react';
import { toIsoDate } from '../../../lib/format';
import type { CashFlowFilter } from '../api/get-cash-flow';

/** What the Meu caixa screen lets a person choose: a month or a date range, and the filters. */
export interface CashFlowOptions {
  periodMode: 'month' | 'range';
  /** "YYYY-MM". */
  month: string;
  /** "YYYY-MM-DD", used in range mode. */
  rangeStart: string;
  rangeEnd: string;
  origins: number[];
  categories: number[];
  descriptions: number[];
  flow: CashFlowFilter['flow'];
  uncategorized: boolean;
  search: string;
  showIgnored: boolean;
}

export function formatMonthKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** "2026-11" moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return formatMonthKey(new Date(year, monthNumber - 1 + delta, 1));
}

/** The first and last day of a "YYYY-MM" month. */
export function computeMonthRange(month: string): { start: string; end: string } {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return {
    start: toIsoDate(new Date(year, monthNumber - 1, 1)),
    end: toIsoDate(new Date(year, monthNumber, 0)),
  };
}

export function buildDefaultOptions(today: Date = new Date()): CashFlowOptions {
  const month = formatMonthKey(today);
  const { start, end } = computeMonthRange(month);
  return {
    periodMode: 'month',
    month,
    rangeStart: start,
    rangeEnd: end,
    origins: [],
    categories: [],
    descriptions: [],
    flow: 'all',
    uncategorized: false,
    search: '',
    showIgnored: false,
  };
}

export function buildCashFlowFilter(options: CashFlowOptions): CashFlowFilter {
  const period =
    options.periodMode === 'month'
      ? computeMonthRange(options.month)
      : { start: options.rangeStart, end: options.rangeEnd };
  return {
    ...period,
    origins: options.origins,
    categories: options.categories,
    descriptions: options.descriptions,
    flow: options.flow,
    uncategorized: options.uncategorized,
    search: options.search,
    showIgnored: options.showIgnored,
  };
}

/** True when any filter besides the period is set. */
export function hasActiveFilters(options: CashFlowOptions): boolean {
  return (
    options.origins.length > 0 ||
    options.categories.length > 0 ||
    options.descriptions.length > 0 ||
    options.flow !== 'all' ||
    options.uncategorized ||
    options.search.trim() !== '' ||
    options.showIgnored
  );
}

// product §2: the cash register keeps its options across route changes; one set per client viewed.
const keptOptions = new Map<string, CashFlowOptions>();

/** The screen's options, kept for the session; mount the screen with a `key` per client. */
export function useCashFlowOptions(clientId: string | null) {
  const storageKey = clientId ?? 'self';
  const [options, setOptionsState] = useState<CashFlowOptions>(
    () => keptOptions.get(storageKey) ?? buildDefaultOptions(),
  );

  const setOptions = (changes: Partial<CashFlowOptions>) => {
    setOptionsState((current) => {
      const next = { ...current, ...changes };
      keptOptions.set(storageKey, next);
      return next;
    });
  };

  /** No filters, same period. */
  const resetFilters = () => {
    setOptionsState((current) => {
      const { periodMode, month, rangeStart, rangeEnd } = current;
      const next = { ...buildDefaultOptions(), periodMode, month, rangeStart, rangeEnd };
      keptOptions.set(storageKey, next);
      return next;
    });
  };

  return { options, setOptions, resetFilters, filter: buildCashFlowFilter(options) };
}
