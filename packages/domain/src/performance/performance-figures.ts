import { computeMonthResult, type MonthFigures } from '../budget/month-figures';
import {
  earliestTargetMonth,
  findCurrentMonth,
  findMonthBounds,
  findMonthOfDay,
  latestTargetMonth,
  parseTargetMonth,
  shiftMonth,
} from '../budget/target-month';
import { countMonths } from '../future-flow/future-flow-range';

/**
 * Meu desempenho: how the client did over a period, from the month rule's figures
 * (budget/month-figures) and the investments' balances. Rates are fractions (0.125 = 12,5 %).
 */

/** Without dates: the last twelve months up to the current one. */
export const defaultPerformanceMonths = 12;
/** Three years: as far back as an investment's history is listed (36 points). */
export const maximumPerformanceMonths = 36;

export const performanceMessages = {
  monthInvalid: 'Informe o mês como AAAA-MM.',
  endBeforeStart: 'O mês final deve ser igual ou posterior ao inicial.',
  rangeTooLong: `O período pode ter no máximo ${maximumPerformanceMonths} meses.`,
};

export type PerformanceRangeResult =
  | { ok: true; startMonth: string; endMonth: string }
  | { ok: false; field: 'start' | 'end'; message: string };

/** Reads a month typed as "YYYY-MM" only: the period's months are named one way on this call. */
function readMonth(text: string | undefined): string | undefined | null {
  if (text === undefined || text.trim() === '') return undefined;
  return /^\d{4}-\d{2}$/.test(text.trim()) ? parseTargetMonth(text) : null;
}

/**
 * The months of a performance period (first days). Neither month: the last twelve up to the
 * current one in Brasília; one alone keeps twelve months from (or up to) it.
 */
export function resolvePerformanceRange(input: { start?: string; end?: string }, now: Date): PerformanceRangeResult {
  const typedStart = readMonth(input.start);
  const typedEnd = readMonth(input.end);
  if (typedStart === null) return { ok: false, field: 'start', message: performanceMessages.monthInvalid };
  if (typedEnd === null) return { ok: false, field: 'end', message: performanceMessages.monthInvalid };
  const span = defaultPerformanceMonths - 1;
  let endMonth = typedEnd ?? (typedStart ? shiftMonth(typedStart, span) : findCurrentMonth(now));
  let startMonth = typedStart ?? shiftMonth(endMonth, -span);
  // A period grown from one typed month stays within the months budgets can be for (2000–2100).
  if (startMonth < earliestTargetMonth) startMonth = earliestTargetMonth;
  if (endMonth > latestTargetMonth) endMonth = latestTargetMonth;
  if (endMonth < startMonth) return { ok: false, field: 'end', message: performanceMessages.endBeforeStart };
  if (countMonths(startMonth, endMonth) > maximumPerformanceMonths) {
    return { ok: false, field: 'end', message: performanceMessages.rangeTooLong };
  }
  return { ok: true, startMonth, endMonth };
}

/** Rates are kept to four decimals (a hundredth of a percent): more would be noise, not precision. */
function roundRate(rate: number): number {
  return Math.round(rate * 10_000) / 10_000;
}

/**
 * Savings rate: what was saved (income − expense, the month rule's result) over income. Null
 * without income: nothing was earned to save from. Negative when more was spent than earned.
 */
export function computeSavingsRate(figures: { incomeCents: number; resultCents: number }): number | null {
  if (figures.incomeCents <= 0) return null;
  return roundRate(figures.resultCents / figures.incomeCents);
}

/** A period's figures: its months' added up, the result again income − expense (the month rule). */
export function sumPeriodFigures(months: readonly MonthFigures[]): MonthFigures {
  const incomeCents = months.reduce((total, month) => total + month.incomeCents, 0);
  const expenseCents = months.reduce((total, month) => total + month.expenseCents, 0);
  const assetTransferCents = months.reduce((total, month) => total + month.assetTransferCents, 0);
  return {
    incomeCents,
    expenseCents,
    assetTransferCents,
    resultCents: computeMonthResult({ incomeCents, expenseCents }),
  };
}

/** The one return figure Meu desempenho reports for investments, named and explained in the answer. */
export const investmentReturnMethod = 'dietz_simples' as const;
export const investmentReturnExplanation =
  'Rentabilidade pelo método de Dietz simples: ganho = saldo final − saldo inicial − aportes líquidos; ' +
  'rentabilidade = ganho ÷ (saldo inicial + metade dos aportes líquidos). Os aportes líquidos são o que ' +
  'entrou nos investimentos pelo seu caixa menos o que saiu deles.';

export interface InvestmentReturn {
  gainCents: number;
  /** Null when nothing was invested over the period (the base is zero or less). */
  rate: number | null;
}

/**
 * Simple Dietz: the gain is what the balances grew beyond the money put in, over the money that
 * was at work on average — the initial balance and half of what came in during the period, as if
 * contributions arrived mid-period.
 */
export function computeDietzReturn(input: {
  initialCents: number;
  finalCents: number;
  netContributionsCents: number;
}): InvestmentReturn {
  const gainCents = input.finalCents - input.initialCents - input.netContributionsCents;
  const baseCents = input.initialCents + input.netContributionsCents / 2;
  return { gainCents, rate: baseCents > 0 ? roundRate(gainCents / baseCents) : null };
}

/** A point of an investment's history: its balance at the end of `date` ("YYYY-MM-DD"). */
export interface InvestmentPoint {
  investmentId: number;
  date: string;
  balanceCents: number;
}

export interface ReturnBalances {
  /**
   * The first month the return covers ("YYYY-MM-01"): the period's first, or — when an investment
   * was first recorded inside the period — the month after the latest such record; null when
   * that is past the period's end (nothing to measure yet).
   */
  fromMonth: string | null;
  /** Balances at the end of the day before `fromMonth` (the latest balances when null). */
  initialCents: number;
  finalCents: number;
  /** Investments with a known balance by the period's end. */
  investments: number;
}

/**
 * The investments' balances a return is measured between, from their histories: `points` holds
 * at least each investment's last point of every month up to the period's end. The return starts
 * when every investment has a balance: an investment first recorded inside the period holds, on
 * that day, what it already had (registering it is not a gain), and contributions of its month
 * may have come before or after it, so the return starts in the month after. The end is each
 * investment's latest point up to the period's last day.
 */
export function findReturnBalances(
  points: readonly InvestmentPoint[],
  period: { startMonth: string; endMonth: string },
): ReturnBalances {
  const lastDay = findMonthBounds(period.endMonth).end;
  const byInvestment = new Map<number, InvestmentPoint[]>();
  for (const point of points) {
    if (point.date > lastDay) continue;
    const list = byInvestment.get(point.investmentId) ?? [];
    list.push(point);
    byInvestment.set(point.investmentId, list);
  }
  const histories = [...byInvestment.values()].map((list) => list.sort((a, b) => a.date.localeCompare(b.date)));
  const latestFirstDay =
    histories
      .map((list) => (list[0] as InvestmentPoint).date)
      .sort()
      .at(-1) ?? '';
  const recordedInside = latestFirstDay >= period.startMonth;
  const fromMonth = recordedInside ? shiftMonth(findMonthOfDay(latestFirstDay), 1) : period.startMonth;
  // Each history's latest point among those kept (every point left is within the period's end).
  const sumLatest = (keep: (date: string) => boolean) =>
    histories.reduce((total, list) => total + (list.filter((point) => keep(point.date)).at(-1)?.balanceCents ?? 0), 0);
  const finalCents = sumLatest(() => true);
  const measured = fromMonth <= period.endMonth;
  return {
    fromMonth: measured ? fromMonth : null,
    initialCents: measured ? sumLatest((date) => date < fromMonth) : finalCents,
    finalCents,
    investments: histories.length,
  };
}
