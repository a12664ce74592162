/**
 * Shapes of the answers described in docs/future-flow-api.md. Amounts are integer cents; `date` is
 * the spec's MM/YYYY, `month` the month's first day ("2026-11-01").
 */
import type { TaskStatus } from '@prumo/domain/tasks/task-rules';

export interface FlowAmounts {
  income: number;
  expense: number;
  /** Investments and other money that changes place: apart from income and expense. */
  assetTransfer: number;
  /** Income less expense. */
  result: number;
}

/** product §3 Future-flow month. */
export interface FutureFlowMonth {
  /** The month's own budget, or null when it has none. */
  id: number | null;
  date: string;
  month: string;
  taskId: number | null;
  taskStatus: TaskStatus | null;
  summary: FlowAmounts;
  planned: FlowAmounts;
  /** The budget the planned amounts come from (this month's, or an earlier one carried forward). */
  plannedFrom: { budget: number; month: string; date: string } | null;
  carried: boolean;
}

export interface FutureFlowMonths {
  count: number;
  next: null;
  previous: null;
  startDate: string;
  endDate: string;
  currentMonth: string;
  results: FutureFlowMonth[];
  ideal?: (FlowAmounts & { id: number }) | null;
}

/** product §3 Balance series. */
export interface BalanceSeries {
  name: 'Saldo planejado' | 'Saldo projetado';
  /** Round amounts (cents) for the value axis. */
  ticks: number[];
  data: { date: string; amount: number }[];
}

export interface FutureFlowChart {
  startDate: string;
  endDate: string;
  currentMonth: string;
  openingBalance: { amount: number; date: string; source: 'accounts' | 'none'; accounts: number };
  series: BalanceSeries[];
  months: { date: string; plannedResult: number; projectedResult: number }[];
}
