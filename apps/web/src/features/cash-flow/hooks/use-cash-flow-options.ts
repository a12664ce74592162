import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
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

/** How many filters besides the period are set: the count a phone shows on its folded filters. */
export function countActiveFilters(options: CashFlowOptions): number {
  const setFilters = [
    options.origins.length > 0,
    options.categories.length > 0,
    options.descriptions.length > 0,
    options.flow !== 'all',
    options.uncategorized,
    options.search.trim() !== '',
    options.showIgnored,
  ];
  return setFilters.filter(Boolean).length;
}

/** True when any filter besides the period is set. */
export function hasActiveFilters(options: CashFlowOptions): boolean {
  return countActiveFilters(options) > 0;
}

/**
 * The options in the address, so a reload, the browser's back and forward, and a shared link
 * show the same lines. The names are the cash-flow filter's own, plus `month`.
 */
const optionParameters = [
  'month',
  'start',
  'end',
  'origins',
  'category',
  'description',
  'isExpense',
  'uncategorized',
  'search',
  'showIgnored',
] as const;

// The API refuses a longer search (400); a longer one in an address is cut, not sent to fail.
const maximumSearchLength = 100;
// The API's limit on ids per filter.
const maximumIdsPerFilter = 500;

function readMonth(value: string | null): string | null {
  if (!value || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return null;
  return Number(value.slice(0, 4)) >= 1900 ? value : null;
}

/** A real calendar day "YYYY-MM-DD" (2026-02-30 is not), else null. */
function readIsoDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  if (year < 1900) return null;
  return toIsoDate(new Date(year, month - 1, day)) === value ? value : null;
}

/** Ids given repeated (?category=1&category=2) or comma-separated (?category=1,2); anything else is dropped. */
function readIds(parameters: URLSearchParams, name: string): number[] {
  const ids = parameters
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((item) => item.trim())
    .filter((item) => /^[1-9]\d{0,8}$/.test(item))
    .map(Number);
  return [...new Set(ids)].slice(0, maximumIdsPerFilter);
}

/** True when the address names any of the screen's options, valid or not. */
function namesAnyOption(parameters: URLSearchParams): boolean {
  return optionParameters.some((name) => parameters.has(name));
}

/**
 * The options an address names. Whatever is missing or invalid takes its default (the current
 * month, no filter): a hand-edited or old link never breaks the screen.
 */
export function readOptionsFromSearch(parameters: URLSearchParams, today: Date = new Date()): CashFlowOptions {
  const defaults = buildDefaultOptions(today);
  const start = readIsoDay(parameters.get('start'));
  const end = readIsoDay(parameters.get('end'));
  const month = readMonth(parameters.get('month'));
  const isExpense = parameters.get('isExpense');
  const period: Pick<CashFlowOptions, 'periodMode' | 'month' | 'rangeStart' | 'rangeEnd'> =
    start && end && start <= end
      ? { periodMode: 'range', month: start.slice(0, 7), rangeStart: start, rangeEnd: end }
      : month
        ? { periodMode: 'month', month, ...toRange(month) }
        : defaults;
  return {
    ...period,
    origins: readIds(parameters, 'origins'),
    categories: readIds(parameters, 'category'),
    descriptions: readIds(parameters, 'description'),
    flow: isExpense === 'true' ? 'expense' : isExpense === 'false' ? 'income' : 'all',
    uncategorized: parameters.get('uncategorized') === 'true',
    search: (parameters.get('search') ?? '').slice(0, maximumSearchLength),
    showIgnored: parameters.get('showIgnored') === 'true',
  };
}

function toRange(month: string): { rangeStart: string; rangeEnd: string } {
  const { start, end } = computeMonthRange(month);
  return { rangeStart: start, rangeEnd: end };
}

/**
 * The address's parameters with the options written in (the period always, filters only when
 * set); other parameters, such as a planner's clientId, stay as they are.
 */
export function writeOptionsToSearch(parameters: URLSearchParams, options: CashFlowOptions): URLSearchParams {
  const next = new URLSearchParams(parameters);
  for (const name of optionParameters) next.delete(name);
  if (options.periodMode === 'month') {
    next.set('month', options.month);
  } else {
    next.set('start', options.rangeStart);
    next.set('end', options.rangeEnd);
  }
  if (options.origins.length > 0) next.set('origins', options.origins.join(','));
  if (options.categories.length > 0) next.set('category', options.categories.join(','));
  if (options.descriptions.length > 0) next.set('description', options.descriptions.join(','));
  if (options.flow !== 'all') next.set('isExpense', String(options.flow === 'expense'));
  if (options.uncategorized) next.set('uncategorized', 'true');
  if (options.search.trim() !== '') next.set('search', options.search);
  if (options.showIgnored) next.set('showIgnored', 'true');
  return next;
}

// The cash register keeps its options across route changes: coming back through a
// link without options (the menu, 'Voltar ao Meu caixa') shows what was last chosen, per client.
const keptOptions = new Map<string, CashFlowOptions>();

/**
 * The screen's options, held in the address (see `optionParameters`). An address without them
 * shows the options last chosen in this session for that client, else the current month.
 */
export function useCashFlowOptions(clientId: string | null) {
  const storageKey = clientId ?? 'self';
  const [searchParams, setSearchParams] = useSearchParams();
  const fromAddress = namesAnyOption(searchParams);
  const kept = keptOptions.get(storageKey);
  const options = fromAddress ? readOptionsFromSearch(searchParams) : (kept ?? buildDefaultOptions());
  const searchText = searchParams.toString();

  // Write the options back when the address lacks them (kept ones) or names them oddly (invalid
  // values dropped), so that a reload or a copied link shows what is on screen.
  useEffect(() => {
    const current = new URLSearchParams(searchText);
    const hasOptions = namesAnyOption(current);
    const shown = hasOptions ? readOptionsFromSearch(current) : keptOptions.get(storageKey);
    if (!shown) return;
    if (hasOptions) keptOptions.set(storageKey, shown);
    const canonical = writeOptionsToSearch(current, shown);
    if (canonical.toString() !== searchText) {
      setSearchParams(canonical, { replace: true, preventScrollReset: true });
    }
  }, [searchText, storageKey, setSearchParams]);

  // Each choice replaces the address rather than adding a history entry: 'back' leaves the screen.
  const showOptions = (next: CashFlowOptions) => {
    keptOptions.set(storageKey, next);
    setSearchParams((current) => writeOptionsToSearch(current, next), { replace: true, preventScrollReset: true });
  };

  const setOptions = (changes: Partial<CashFlowOptions>) => showOptions({ ...options, ...changes });

  /** No filters, same period. */
  const resetFilters = () => {
    const { periodMode, month, rangeStart, rangeEnd } = options;
    showOptions({ ...buildDefaultOptions(), periodMode, month, rangeStart, rangeEnd });
  };

  return { options, setOptions, resetFilters, filter: buildCashFlowFilter(options) };
}

/**
 * After an import, Meu caixa opens on the days the imported files cover (not on the current
 * month, where their lines may not be): the period, and a mark that says where it came from.
 */
const importedPeriodParameter = 'periodoImportado';

export interface ImportedPeriod {
  start: string;
  end: string;
}

/** `href` showing `period` as the imported files' period (other parameters, such as clientId, kept). */
export function addImportedPeriod(href: string, period: ImportedPeriod): string {
  const [path = '', query = ''] = href.split('?');
  const parameters = new URLSearchParams(query);
  for (const name of optionParameters) parameters.delete(name);
  parameters.set('start', period.start);
  parameters.set('end', period.end);
  parameters.set(importedPeriodParameter, `${period.start}..${period.end}`);
  return `${path}?${parameters.toString()}`;
}

/**
 * `href` showing the last `days` days up to today: what a bank sync just brought, which the
 * current month may barely hold on its first days.
 */
export function addRecentDays(href: string, days: number, today: Date = new Date()): string {
  const [path = '', query = ''] = href.split('?');
  const parameters = new URLSearchParams(query);
  for (const name of optionParameters) parameters.delete(name);
  const first = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  parameters.set('start', toIsoDate(first));
  parameters.set('end', toIsoDate(today));
  return `${path}?${parameters.toString()}`;
}

/** The imported files' period while the screen still shows exactly it, else null. */
export function readImportedPeriod(parameters: URLSearchParams, options: CashFlowOptions): ImportedPeriod | null {
  const [start = null, end = null] = (parameters.get(importedPeriodParameter) ?? '').split('..');
  if (!start || !end || options.periodMode !== 'range') return null;
  return options.rangeStart === start && options.rangeEnd === end ? { start, end } : null;
}
