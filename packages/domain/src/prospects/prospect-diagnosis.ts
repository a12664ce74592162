import { findRecurringBills } from '../reminders/recurring-bills';

/**
 * A prospect's diagnosis (ADR 35): what their statements say about a month of their money —
 * income and expense month by month, expense by category, fixed costs, the largest recurring
 * charges and how much they could save. Pure: the API reads the lines, this counts them.
 */

/** A statement line as the diagnosis reads it; `amountCents` is negative for money out. */
export interface DiagnosisLine {
  /** The day the bank printed ("YYYY-MM-DD"). */
  date: string;
  amountCents: number;
  name: string;
  merchantKey: string;
  categoryName: string | null;
  descriptionName: string | null;
  /** Money between the person's own accounts or investments: neither earned nor spent. */
  isAssetTransfer: boolean;
}

export interface DiagnosisMonth {
  /** "YYYY-MM" */
  month: string;
  incomeCents: number;
  expenseCents: number;
  /** Income minus expense. */
  balanceCents: number;
}

export interface CategoryExpense {
  category: string;
  amountCents: number;
  /** Share of all expense, in percent with one decimal. */
  sharePercent: number;
}

export interface FixedCost {
  title: string;
  /** What it costs in a month, positive cents. */
  monthlyCents: number;
  /** 'recorrente': a bill found month after month; 'categoria': a description that is fixed by nature (rent). */
  source: 'recorrente' | 'categoria';
}

export interface RecurringCharge {
  title: string;
  /** The typical amount, positive cents. */
  amountCents: number;
  dueDay: number;
  monthsFound: number;
}

export interface ProspectDiagnosis {
  period: { start: string; end: string } | null;
  /** Days from the first to the last line, both counted. */
  daysCovered: number;
  /** The period in months (days ÷ 30.4375), at least 1: what the monthly averages divide by. */
  monthsCovered: number;
  months: DiagnosisMonth[];
  totalIncomeCents: number;
  totalExpenseCents: number;
  monthlyIncomeCents: number;
  monthlyExpenseCents: number;
  expenseByCategory: CategoryExpense[];
  fixedCosts: FixedCost[];
  monthlyFixedCostsCents: number;
  largestRecurringCharges: RecurringCharge[];
  /** Average monthly income minus average monthly expense (negative: spending more than earning). */
  monthlySavingsCents: number;
  /** Savings over income in percent with one decimal; null without income. */
  savingsRatePercent: number | null;
  linesCounted: number;
}

export const diagnosisRules = {
  averageDaysPerMonth: 30.4375,
  largestRecurringCount: 5,
  uncategorized: 'Sem categoria',
  /** Descriptions of the default tree whose spending does not change from month to month. */
  fixedDescriptions: new Set([
    'Aluguel',
    'Condomínio',
    'IPTU',
    'Energia elétrica',
    'Água e esgoto',
    'Gás',
    'Internet',
    'TV por assinatura',
    'Telefone',
    'Diarista e empregada doméstica',
    'Seguro residencial',
    'Plano de saúde',
    'Academia',
    'Escola',
    'Faculdade',
    'Creche e babá',
    'Pensão alimentícia',
    'Mesada',
    'Empréstimo',
    'Financiamento imobiliário',
    'Financiamento do veículo',
    'Seguro do veículo',
    'Seguro de vida',
    'Outros seguros',
    'Streaming',
  ]),
};

function countDayNumber(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
}

function listMonths(start: string, end: string): string[] {
  const months: string[] = [];
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  const last = end.slice(0, 7);
  for (;;) {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    months.push(label);
    if (label >= last) return months;
    month += 1;
    if (month === 13) {
      month = 1;
      year += 1;
    }
  }
}

/** A part of a whole in percent with one decimal. */
function toPercent(part: number, whole: number): number {
  return Math.round((part * 1000) / whole) / 10;
}

function averageMonthly(totalCents: number, monthsCovered: number): number {
  return Math.round(totalCents / monthsCovered);
}

/** The diagnosis of these lines; an empty list gives zeros and no period. */
export function diagnoseProspect(lines: readonly DiagnosisLine[]): ProspectDiagnosis {
  let start: string | null = null;
  let end: string | null = null;
  for (const line of lines) {
    if (start === null || line.date < start) start = line.date;
    if (end === null || line.date > end) end = line.date;
  }
  if (start === null || end === null) {
    return {
      period: null,
      daysCovered: 0,
      monthsCovered: 0,
      months: [],
      totalIncomeCents: 0,
      totalExpenseCents: 0,
      monthlyIncomeCents: 0,
      monthlyExpenseCents: 0,
      expenseByCategory: [],
      fixedCosts: [],
      monthlyFixedCostsCents: 0,
      largestRecurringCharges: [],
      monthlySavingsCents: 0,
      savingsRatePercent: null,
      linesCounted: 0,
    };
  }
  const daysCovered = countDayNumber(end) - countDayNumber(start) + 1;
  const monthsCovered = Math.max(1, daysCovered / diagnosisRules.averageDaysPerMonth);

  const byMonth = new Map(listMonths(start, end).map((month) => [month, { income: 0, expense: 0 }]));
  const byCategory = new Map<string, number>();
  const byFixedDescription = new Map<string, number>();
  const expenseLines: { id: number; date: string; amountCents: number; name: string; merchantKey: string }[] = [];
  let totalIncome = 0;
  let totalExpense = 0;
  let counted = 0;
  lines.forEach((line, index) => {
    if (line.isAssetTransfer || line.amountCents === 0) return;
    counted += 1;
    const month = byMonth.get(line.date.slice(0, 7)) as { income: number; expense: number };
    if (line.amountCents > 0) {
      totalIncome += line.amountCents;
      month.income += line.amountCents;
      return;
    }
    const spent = -line.amountCents;
    totalExpense += spent;
    month.expense += spent;
    const category = line.categoryName ?? diagnosisRules.uncategorized;
    byCategory.set(category, (byCategory.get(category) ?? 0) + spent);
    expenseLines.push({
      id: index,
      date: line.date,
      amountCents: line.amountCents,
      name: line.name,
      merchantKey: line.merchantKey,
    });
    if (line.descriptionName && diagnosisRules.fixedDescriptions.has(line.descriptionName)) {
      byFixedDescription.set(line.descriptionName, (byFixedDescription.get(line.descriptionName) ?? 0) + spent);
    }
  });

  // The statements' last day stands for "today": a bill still running then counts, however old the files.
  const bills = findRecurringBills(expenseLines, end);
  const billLineIds = new Set(bills.flatMap((bill) => bill.lineIds));
  // A line already in a bill is not counted again under its fixed description.
  for (const line of expenseLines) {
    if (!billLineIds.has(line.id)) continue;
    const source = lines[line.id] as DiagnosisLine;
    if (source.descriptionName && byFixedDescription.has(source.descriptionName)) {
      byFixedDescription.set(
        source.descriptionName,
        (byFixedDescription.get(source.descriptionName) ?? 0) + line.amountCents,
      );
    }
  }
  const fixedCosts: FixedCost[] = [
    ...bills.map((bill) => ({ title: bill.title, monthlyCents: bill.amountCents, source: 'recorrente' as const })),
    ...[...byFixedDescription]
      .filter(([, cents]) => cents > 0)
      .map(([title, cents]) => ({
        title,
        monthlyCents: averageMonthly(cents, monthsCovered),
        source: 'categoria' as const,
      })),
  ].sort((a, b) => b.monthlyCents - a.monthlyCents || a.title.localeCompare(b.title));

  const monthlyIncomeCents = averageMonthly(totalIncome, monthsCovered);
  const monthlyExpenseCents = averageMonthly(totalExpense, monthsCovered);
  const monthlySavingsCents = monthlyIncomeCents - monthlyExpenseCents;
  return {
    period: { start, end },
    daysCovered,
    monthsCovered: Math.round(monthsCovered * 10) / 10,
    months: [...byMonth].map(([month, figures]) => ({
      month,
      incomeCents: figures.income,
      expenseCents: figures.expense,
      balanceCents: figures.income - figures.expense,
    })),
    totalIncomeCents: totalIncome,
    totalExpenseCents: totalExpense,
    monthlyIncomeCents,
    monthlyExpenseCents,
    expenseByCategory: [...byCategory]
      .map(([category, amountCents]) => ({ category, amountCents, sharePercent: toPercent(amountCents, totalExpense) }))
      .sort((a, b) => b.amountCents - a.amountCents || a.category.localeCompare(b.category)),
    fixedCosts,
    monthlyFixedCostsCents: fixedCosts.reduce((total, cost) => total + cost.monthlyCents, 0),
    largestRecurringCharges: [...bills]
      .sort((a, b) => b.amountCents - a.amountCents || a.title.localeCompare(b.title))
      .slice(0, diagnosisRules.largestRecurringCount)
      .map((bill) => ({
        title: bill.title,
        amountCents: bill.amountCents,
        dueDay: bill.dueDay,
        monthsFound: bill.monthsFound,
      })),
    monthlySavingsCents,
    savingsRatePercent: monthlyIncomeCents > 0 ? toPercent(monthlySavingsCents, monthlyIncomeCents) : null,
    linesCounted: counted,
  };
}
