/**
 * What makes a client need the planner's attention on the dashboard (ADR 33): no import for a
 * month, spending over the month's plan, tasks past their end.
 */
export const clientAttentionFilters = ['no_recent_import', 'over_budget', 'overdue_tasks'] as const;
export type ClientAttentionFilter = (typeof clientAttentionFilters)[number];

export const clientAttentionFilterLabels: Record<ClientAttentionFilter, string> = {
  no_recent_import: 'Sem importação há 30 dias',
  over_budget: 'Acima do orçamento',
  overdue_tasks: 'Com tarefas atrasadas',
};

/** Days without an import after which a client shows under 'Sem importação há 30 dias'. */
export const staleImportDays = 30;

/** The orders the dashboard's list takes (`-` before one reverses it). */
export const clientOrderings = [
  'name',
  'status',
  'days_since_import',
  'uncategorized_lines',
  'open_tasks',
  'oldest_open_task_days',
  'overdue_tasks',
  'month_expense',
  'budget_use',
  'planning_awaiting',
  'subscription_status',
  'last_login',
] as const;
export type ClientOrdering = (typeof clientOrderings)[number];

export const invalidOrderingMessage = 'Ordenação inválida.';
export const invalidAttentionMessage =
  'Filtro inválido: use no_recent_import, over_budget ou overdue_tasks, separados por vírgula.';

/** Whether a month's spending passed its plan: only a month that plans some expense can be over it. */
export function isOverBudget(expenseCents: number, plannedExpenseCents: number | null): boolean {
  return plannedExpenseCents !== null && plannedExpenseCents > 0 && expenseCents > plannedExpenseCents;
}

/** Spending as a share of the plan, in whole percent; null without a planned expense. */
export function computeBudgetUsePercent(expenseCents: number, plannedExpenseCents: number | null): number | null {
  if (plannedExpenseCents === null || plannedExpenseCents <= 0) return null;
  return Math.round((expenseCents * 100) / plannedExpenseCents);
}
