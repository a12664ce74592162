/**
 * Shapes of the answers described in docs/budget-api.md. Planned amounts are positive integer
 * cents (the category's kind says whether money comes in or goes out); months are "YYYY-MM-01".
 */
import type { BudgetItemRecurrence } from '@prumo/domain/budget/budget-recurrence';
import type { CategoryKind } from './cash-flow-api';

export interface BudgetItem {
  id: number;
  budget: number;
  category: number;
  category_name: string;
  description: number | null;
  description_name: string | null;
  amount: number;
  /** How the item repeats in later months that follow this budget's plan. */
  recurrence: BudgetItemRecurrence;
  kind: CategoryKind;
  is_expense: boolean;
  is_asset_transfer: boolean;
}

export interface BudgetExpenseGroup {
  category: { id: number; name: string };
  total: number;
  expense_items: BudgetItem[];
}

/** product §3 Budget. */
export interface Budget {
  /** Null only for an ideal budget that does not exist yet. */
  id: number | null;
  client: number;
  target_month: string | null;
  is_ideal: boolean;
  expense_items_by_category: BudgetExpenseGroup[];
  income_items: BudgetItem[];
  total_income: number;
  total_expense: number;
  total_asset_transfer: number;
  /** Income less expense (the month rule); investments apart. */
  result: number;
  ideal?: Budget | null;
}

export interface ComparedAmounts {
  planned: number;
  actual: number;
  /** Planned less actual: for expenses, what is still free to spend (negative: over the budget). */
  difference: number;
}

export interface ComparedCategory extends ComparedAmounts {
  category: { id: number | null; name: string };
  descriptions: (ComparedAmounts & { description: { id: number | null; name: string } })[];
}

export interface BudgetComparison {
  budget: number;
  client: number;
  target_month: string;
  /** The budget whose items the planned side comes from: this month's, an earlier one it follows, or none. */
  planned_from: { budget: number; month: string; date: string } | null;
  carried: boolean;
  start: string;
  end: string;
  expense: ComparedCategory[];
  income: ComparedCategory[];
  asset_transfer: ComparedCategory[];
  totals: {
    expense: ComparedAmounts;
    income: ComparedAmounts;
    asset_transfer: ComparedAmounts;
    /** Income less expense, planned and actual; investments apart. */
    result: { planned: number; actual: number };
  };
}

export type TaskStatus = 'pending' | 'rejected' | 'done';

/** product §3 Budget task. */
export interface BudgetPlanningTask {
  id: number;
  type: 'budget-planning';
  status: TaskStatus;
  title: string;
  client: number;
  client_name: string;
  created_by: number | null;
  start: string | null;
  end: string | null;
  created_at: string;
  /** Null while the planning is the planner's draft ("Rascunho"): the client does not see it yet. */
  sent_at: string | null;
  target_month: string | null;
  budget: number | null;
}
