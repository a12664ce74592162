import { isMovedBetweenOwnAssets } from '@prumo/domain/categorization/default-categories';
import { readSummedCents } from '@prumo/domain/money/cents';
import type { AppDependencies } from '../../dependencies';
import { failNotFound } from '../../lib/domain-errors';
import type { ClientScope } from '../../lib/scope';
import { sumByCashDate } from './cash-flow.repo';
import { sumCashFlowByDescription } from './cash-flow.service';
import type { CashFlowFilter } from './cash-flow-filters';

export const chartNames = ['cash-flow', 'cash-flow-value', 'description', 'category', 'types'] as const;
export type ChartName = (typeof chartNames)[number];

interface ChartItem {
  id: number | null;
  name: string;
  amount: number;
}

/** Chart lists with an amount are sorted by amount, descending (by size: expenses are negative). */
function sortByAmount(items: ChartItem[]): ChartItem[] {
  return items.sort((first, second) => Math.abs(second.amount) - Math.abs(first.amount));
}

async function sumByDay(deps: AppDependencies, scope: ClientScope, filter: CashFlowFilter) {
  const rows = await sumByCashDate(deps.db, scope, { ...filter, showIgnored: false });
  return rows.map((row) => ({
    date: row.date,
    income: readSummedCents(row.income),
    expense: readSummedCents(row.expense),
  }));
}

/**
 * chart-data/{name}/: `category` and `description` are the period's expenses (or, with
 * isExpense=false, incomes) by category or description; `types` income against expense;
 * `cash-flow` income and expense per day; `cash-flow-value` the running result per day.
 * Asset and own transfers are left out of the charts: they are money changing place, not spent.
 */
export async function buildChart(deps: AppDependencies, scope: ClientScope, name: ChartName, filter: CashFlowFilter) {
  if (name === 'cash-flow') return sumByDay(deps, scope, filter);
  if (name === 'cash-flow-value') {
    let running = 0;
    return (await sumByDay(deps, scope, filter)).map((day) => {
      running += day.income + day.expense;
      return { date: day.date, amount: running };
    });
  }
  const rows = (await sumCashFlowByDescription(deps, scope, filter)).filter(
    (row) => !isMovedBetweenOwnAssets(row.categoryKind),
  );
  if (name === 'types') {
    const income = rows.filter((row) => row.direction > 0).reduce((total, row) => total + row.totalCents, 0);
    const expense = rows.filter((row) => row.direction < 0).reduce((total, row) => total + row.totalCents, 0);
    return [
      { id: null, name: 'Entradas', amount: income },
      { id: null, name: 'Saídas', amount: expense },
    ];
  }
  const wanted = rows.filter((row) => (filter.isExpense === false ? row.direction > 0 : row.direction < 0));
  const grouped = new Map<string, ChartItem>();
  for (const row of wanted) {
    const id = name === 'category' ? row.categoryId : row.descriptionId;
    const label = (name === 'category' ? row.categoryName : row.descriptionName) ?? 'Sem categoria';
    const item = grouped.get(String(id)) ?? { id, name: label, amount: 0 };
    item.amount += row.totalCents;
    grouped.set(String(id), item);
  }
  return sortByAmount([...grouped.values()]);
}

export function assertChartName(name: string): ChartName {
  if (!(chartNames as readonly string[]).includes(name)) failNotFound('No such chart name found.');
  return name as ChartName;
}
