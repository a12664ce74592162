import { formatBrazilianDate } from '../br/date';
import type { BudgetComparison } from '../budget/budget-comparison';
import type { MonthFigures } from '../budget/month-figures';
import { findMonthOfDay, formatMonthName, shiftMonth } from '../budget/target-month';
import type { BalancePoint } from '../future-flow/balance-projection';
import { formatCents } from '../money/cents';
import { convertDayToNumber, isAmountAbout } from '../reminders/bill-matching';
import {
  type ExpenseLine,
  findRecurringBills,
  type RecurringBill,
  recurringBillRules,
} from '../reminders/recurring-bills';
import { findDueDateInMonth } from '../reminders/reminder-occurrences';

/**
 * The insight rules (ADR 41): pure functions over a client's figures, each answering the insights
 * it finds, with the figures they rest on (`evidence`) and the window that makes a later run find
 * the same insight again (the database keeps one per client, rule and window).
 */

export const insightRuleNames = [
  'projected-low-point',
  'spending-above-income',
  'category-over-budget',
  'bill-amount-changed',
  'new-subscription',
  'large-purchase',
  'missing-bill',
] as const;
export type InsightRuleName = (typeof insightRuleNames)[number];

/** The screens an insight opens (names of the route table) and the month they open on. */
export type InsightLink =
  | { route: 'fluxo-futuro'; month: string }
  | { route: 'meu-caixa'; month: string }
  | { route: 'orcamento-do-mes'; month: string };

export interface InsightDraft {
  rule: InsightRuleName;
  windowKey: string;
  title: string;
  body: string;
  link: InsightLink;
  evidence: Record<string, unknown>;
}

export const insightThresholds = {
  /** Months of the projection read for a low point: the current one and the eleven after. */
  lowPointMonths: 12,
  /** A bill's new amount counts as changed from this share of the previous one… */
  billChangeShare: 0.05,
  /** …and never for less than this (a few cents of tax). */
  billChangeFloorCents: 500,
  /** A purchase is unusual from this many times the client's typical (median) expense line… */
  largePurchaseMultiple: 5,
  /** …and never below this amount. */
  largePurchaseFloorCents: 50_000,
  /** Fewer expense lines than this tell nothing of what is usual. */
  largePurchaseMinimumHistory: 10,
  /** At most this many large purchases are told a month: the largest. */
  largePurchasesPerMonth: 3,
  /** Days after the due date before a missing bill is told (as the recurring-bill rule places lines). */
  missingBillGraceDays: recurringBillRules.dayTolerance,
};

/** A client's figures, as the job reads them; `today` is the day in Brazil ("YYYY-MM-DD"). */
export interface InsightFigures {
  today: string;
  /** The projected balances of the future flow ('Saldo projetado'), from the current month on. */
  projection: readonly Pick<BalancePoint, 'month' | 'projectedBalanceCents' | 'projectedResultCents'>[];
  /** The balance below which the client wants to be told (0: below zero). */
  lowBalanceThresholdCents: number;
  /** The current month's actual figures (the month rule). */
  currentMonth: MonthFigures;
  /** The current month's budget against what happened; null without a plan. */
  budget: Pick<BudgetComparison, 'expense'> | null;
  /** Expense lines (negative cents) of the last twelve months and this one, without ignored lines or own transfers. */
  expenseLines: readonly ExpenseLine[];
}

function monthOf(today: string): string {
  return findMonthOfDay(today);
}

/** The first month whose projected balance falls below zero or the client's threshold, and by how much. */
export function findProjectedLowPoint(figures: InsightFigures): InsightDraft[] {
  const threshold = Math.max(0, figures.lowBalanceThresholdCents);
  const currentMonth = monthOf(figures.today);
  const months = figures.projection
    .filter((point) => point.month >= currentMonth)
    .slice(0, insightThresholds.lowPointMonths);
  const index = months.findIndex((point) => point.projectedBalanceCents < threshold);
  const low = months[index];
  if (!low) return [];
  const shortCents = threshold - low.projectedBalanceCents;
  const belowZero = low.projectedBalanceCents < 0;
  const monthName = formatMonthName(low.month);
  const balance = formatCents(low.projectedBalanceCents);
  return [
    {
      rule: 'projected-low-point',
      windowKey: low.month,
      title: belowZero ? `Saldo negativo previsto em ${monthName}` : `Saldo abaixo do seu limite em ${monthName}`,
      body: belowZero
        ? `Pelo fluxo futuro, seu saldo projetado chega a ${balance} no fim de ${monthName}: ${formatCents(-low.projectedBalanceCents)} abaixo de zero.`
        : `Pelo fluxo futuro, seu saldo projetado chega a ${balance} no fim de ${monthName}: ${formatCents(shortCents)} abaixo do limite de ${formatCents(threshold)} que você definiu.`,
      link: { route: 'fluxo-futuro', month: low.month },
      evidence: {
        month: low.month,
        projectedBalanceCents: low.projectedBalanceCents,
        thresholdCents: threshold,
        shortCents,
        months: months.slice(0, index + 1).map((point) => ({
          month: point.month,
          projectedResultCents: point.projectedResultCents,
          projectedBalanceCents: point.projectedBalanceCents,
        })),
      },
    },
  ];
}

/** The current month's expenses above its income (the month result below zero). */
export function findSpendingAboveIncome(figures: InsightFigures): InsightDraft[] {
  const { incomeCents, expenseCents, resultCents } = figures.currentMonth;
  if (resultCents >= 0 || expenseCents <= 0) return [];
  const month = monthOf(figures.today);
  const monthName = formatMonthName(month);
  return [
    {
      rule: 'spending-above-income',
      windowKey: month,
      title: `Gastos acima da renda em ${monthName}`,
      body: `Em ${monthName} você gastou ${formatCents(expenseCents)} e recebeu ${formatCents(incomeCents)}: ${formatCents(-resultCents)} a mais do que entrou.`,
      link: { route: 'meu-caixa', month },
      evidence: { month, incomeCents, expenseCents, resultCents },
    },
  ];
}

/** Each expense category of the current month's budget whose spending passed what was planned. */
export function findCategoriesOverBudget(figures: InsightFigures): InsightDraft[] {
  if (!figures.budget) return [];
  const month = monthOf(figures.today);
  const monthName = formatMonthName(month);
  return figures.budget.expense
    .filter((category) => category.plannedCents > 0 && category.actualCents > category.plannedCents)
    .map((category) => {
      const overCents = category.actualCents - category.plannedCents;
      return {
        rule: 'category-over-budget' as const,
        windowKey: `${month}|${category.categoryId ?? 'none'}`,
        title: `${category.categoryName} passou do orçamento`,
        body: `Em ${monthName}, ${category.categoryName} soma ${formatCents(category.actualCents)} para ${formatCents(category.plannedCents)} planejados: ${formatCents(overCents)} acima.`,
        link: { route: 'orcamento-do-mes' as const, month },
        evidence: {
          month,
          categoryId: category.categoryId,
          categoryName: category.categoryName,
          plannedCents: category.plannedCents,
          actualCents: category.actualCents,
          overCents,
        },
      };
    });
}

function presentLine(line: ExpenseLine) {
  return { id: line.id, date: line.date, name: line.name, amountCents: line.amountCents };
}

/** The client's lines by id, made once for every bill of the run (a year of lines, dozens of bills). */
const linesById = new WeakMap<readonly ExpenseLine[], Map<number, ExpenseLine>>();
function findSeriesLines(lines: readonly ExpenseLine[], lineIds: readonly number[]): ExpenseLine[] {
  let byId = linesById.get(lines);
  if (!byId) {
    byId = new Map(lines.map((line) => [line.id, line]));
    linesById.set(lines, byId);
  }
  const found = byId;
  return lineIds.map((id) => found.get(id)).filter((line): line is ExpenseLine => line !== undefined);
}

/** The client's monthly bills, found once for the rules that read them (the search is the run's costliest part). */
const recurringBillsFound = new WeakMap<readonly ExpenseLine[], { today: string; bills: RecurringBill[] }>();
function findFiguresBills(figures: InsightFigures): RecurringBill[] {
  const found = recurringBillsFound.get(figures.expenseLines);
  if (found && found.today === figures.today) return found.bills;
  const bills = findRecurringBills(figures.expenseLines, figures.today);
  recurringBillsFound.set(figures.expenseLines, { today: figures.today, bills });
  return bills;
}

/** A monthly bill (the recurring-bill rule) whose latest charge differs from the one before. */
export function findBillAmountChanges(figures: InsightFigures): InsightDraft[] {
  const drafts: InsightDraft[] = [];
  for (const bill of findFiguresBills(figures)) {
    const series = findSeriesLines(figures.expenseLines, bill.lineIds);
    const latest = series.at(-1);
    const previous = series.at(-2);
    if (!latest || !previous) continue;
    const latestCents = Math.abs(latest.amountCents);
    const previousCents = Math.abs(previous.amountCents);
    const changeCents = latestCents - previousCents;
    const allowed = Math.max(previousCents * insightThresholds.billChangeShare, insightThresholds.billChangeFloorCents);
    if (Math.abs(changeCents) < allowed) continue;
    const month = monthOf(latest.date);
    drafts.push({
      rule: 'bill-amount-changed',
      windowKey: `${month}|${bill.merchantKey}`,
      title: `${bill.title} ${changeCents > 0 ? 'subiu' : 'baixou'}`,
      body: `${bill.title} veio ${formatCents(latestCents)} em ${formatBrazilianDate(latest.date)}, contra ${formatCents(previousCents)} na vez anterior: ${formatCents(Math.abs(changeCents))} ${changeCents > 0 ? 'a mais' : 'a menos'}.`,
      link: { route: 'meu-caixa', month },
      evidence: {
        merchantKey: bill.merchantKey,
        previousCents,
        latestCents,
        changeCents,
        lines: series.map(presentLine),
      },
    });
  }
  return drafts;
}

function countMonthNumber(day: string): number {
  return Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
}

function groupByMerchant(lines: readonly ExpenseLine[]): Map<string, ExpenseLine[]> {
  const byMerchant = new Map<string, ExpenseLine[]>();
  for (const line of lines) {
    if (!line.merchantKey || line.amountCents >= 0) continue;
    const list = byMerchant.get(line.merchantKey);
    if (list) list.push(line);
    else byMerchant.set(line.merchantKey, [line]);
  }
  return byMerchant;
}

/**
 * A new subscription: a merchant never charged before in the window, now charging about the same
 * amount, about the same day, once in each of the last two months (the current and the one before).
 */
export function findNewSubscriptions(figures: InsightFigures): InsightDraft[] {
  const currentMonthNumber = countMonthNumber(figures.today);
  const drafts: InsightDraft[] = [];
  for (const [merchantKey, lines] of groupByMerchant(figures.expenseLines)) {
    if (lines.length !== 2) continue;
    const [first, second] = [...lines].sort((a, b) => a.date.localeCompare(b.date)) as [ExpenseLine, ExpenseLine];
    if (countMonthNumber(second.date) !== currentMonthNumber) continue;
    if (countMonthNumber(first.date) !== currentMonthNumber - 1) continue;
    const days = convertDayToNumber(second.date) - convertDayToNumber(first.date);
    if (Math.abs(days - 30) > recurringBillRules.dayTolerance + 1) continue;
    const amountCents = Math.abs(second.amountCents);
    if (!isAmountAbout(Math.abs(first.amountCents), second.amountCents)) continue;
    const title = second.name.replace(/\s+/g, ' ').trim() || merchantKey;
    drafts.push({
      rule: 'new-subscription',
      windowKey: merchantKey,
      title: `Nova cobrança mensal: ${title}`,
      body: `${title} cobrou ${formatCents(Math.abs(first.amountCents))} em ${formatBrazilianDate(first.date)} e ${formatCents(amountCents)} em ${formatBrazilianDate(second.date)}. Parece uma assinatura nova.`,
      link: { route: 'meu-caixa', month: monthOf(second.date) },
      evidence: { merchantKey, amountCents, lines: [first, second].map(presentLine) },
    });
  }
  return drafts;
}

function findMedian(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] as number;
  return Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}

/** The current month's purchases far above the client's typical expense line (the largest few). */
export function findLargePurchases(figures: InsightFigures): InsightDraft[] {
  const month = monthOf(figures.today);
  const earlier = figures.expenseLines.filter((line) => line.amountCents < 0 && line.date < month);
  if (earlier.length < insightThresholds.largePurchaseMinimumHistory) return [];
  const typicalCents = findMedian(earlier.map((line) => Math.abs(line.amountCents)));
  const limitCents = Math.max(
    typicalCents * insightThresholds.largePurchaseMultiple,
    insightThresholds.largePurchaseFloorCents,
  );
  return figures.expenseLines
    .filter((line) => line.date >= month && line.date <= figures.today && Math.abs(line.amountCents) >= limitCents)
    .sort((a, b) => a.amountCents - b.amountCents || a.id - b.id)
    .slice(0, insightThresholds.largePurchasesPerMonth)
    .map((line) => {
      const amountCents = Math.abs(line.amountCents);
      const name = line.name.replace(/\s+/g, ' ').trim();
      return {
        rule: 'large-purchase' as const,
        windowKey: `line:${line.id}`,
        title: `Compra fora do comum: ${name}`,
        body: `${name} custou ${formatCents(amountCents)} em ${formatBrazilianDate(line.date)}, mais de ${insightThresholds.largePurchaseMultiple} vezes o seu gasto típico de ${formatCents(typicalCents)}.`,
        link: { route: 'meu-caixa' as const, month },
        evidence: { line: presentLine(line), typicalCents, limitCents, historyLines: earlier.length },
      };
    });
}

/**
 * A monthly bill (the recurring-bill rule) whose charge of the month after its last one has not
 * come, its due date plus the tolerance gone by.
 */
export function findMissingBills(figures: InsightFigures): InsightDraft[] {
  const todayNumber = convertDayToNumber(figures.today);
  const drafts: InsightDraft[] = [];
  for (const bill of findFiguresBills(figures)) {
    const series = findSeriesLines(figures.expenseLines, bill.lineIds);
    const latest = series.at(-1);
    if (!latest) continue;
    // The month after the last counted line's own (a line may be paid a few days early, the month before).
    const nextMonth = shiftMonth(findMonthOfDay(latest.date), 1);
    const dueDate = findDueDateInMonth(Number(nextMonth.slice(0, 4)), Number(nextMonth.slice(5, 7)) - 1, bill.dueDay);
    if (convertDayToNumber(dueDate) + insightThresholds.missingBillGraceDays >= todayNumber) continue;
    // A line of the bill's amount after its last counted one means it came (a few days late).
    const came = figures.expenseLines.some(
      (line) =>
        line.merchantKey === bill.merchantKey &&
        line.date > latest.date &&
        isAmountAbout(bill.amountCents, line.amountCents),
    );
    if (came) continue;
    drafts.push({
      rule: 'missing-bill',
      windowKey: `${nextMonth}|${bill.merchantKey}`,
      title: `${bill.title} não apareceu`,
      body: `${bill.title} costuma vir por volta do dia ${bill.dueDay}, perto de ${formatCents(bill.amountCents)}, e não apareceu em ${formatMonthName(nextMonth)} (esperada em ${formatBrazilianDate(dueDate)}).`,
      link: { route: 'meu-caixa', month: nextMonth },
      evidence: {
        merchantKey: bill.merchantKey,
        expectedDate: dueDate,
        amountCents: bill.amountCents,
        monthsFound: bill.monthsFound,
        lines: series.map(presentLine),
      },
    });
  }
  return drafts;
}

/** Every rule over one client's figures. */
export function findInsights(figures: InsightFigures): InsightDraft[] {
  return [
    ...findProjectedLowPoint(figures),
    ...findSpendingAboveIncome(figures),
    ...findCategoriesOverBudget(figures),
    ...findBillAmountChanges(figures),
    ...findNewSubscriptions(figures),
    ...findLargePurchases(figures),
    ...findMissingBills(figures),
  ];
}

/** The first day of the window of expense lines the rules read: twelve months before the current one. */
export function findInsightLinesStart(today: string): string {
  return shiftMonth(monthOf(today), -recurringBillRules.lookbackMonths);
}
