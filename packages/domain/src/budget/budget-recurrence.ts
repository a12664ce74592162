import { z } from 'zod';

/**
 * How a budget item repeats when a later month follows its plan (a month without a plan of its
 * own follows the latest earlier one): every month, in the same month of later years, or only in
 * the month it was planned for (an IPVA, a one-off trip).
 */
export const budgetItemRecurrences = ['monthly', 'yearly', 'once'] as const;
export type BudgetItemRecurrence = (typeof budgetItemRecurrences)[number];

export const budgetItemRecurrenceLabels: Record<BudgetItemRecurrence, string> = {
  monthly: 'Todo mês',
  yearly: 'Todo ano',
  once: 'Só neste mês',
};

export const invalidRecurrenceMessage =
  'Repetição inválida: use monthly (todo mês), yearly (todo ano) ou once (só neste mês).';

export const BudgetItemRecurrenceSchema = z.enum(budgetItemRecurrences, { message: invalidRecurrenceMessage });

/** Whether an item of the plan made for `planMonth` counts in `month` (the plan's month or a later one following it). */
export function isPlannedInMonth(recurrence: BudgetItemRecurrence, planMonth: string, month: string): boolean {
  if (month === planMonth) return true;
  if (month < planMonth) return false;
  if (recurrence === 'monthly') return true;
  if (recurrence === 'once') return false;
  return month.slice(5, 7) === planMonth.slice(5, 7);
}

/** The items of a plan that count in `month`. */
export function selectItemsOfMonth<Item extends { recurrence: BudgetItemRecurrence }>(
  items: readonly Item[],
  planMonth: string,
  month: string,
): Item[] {
  return items.filter((item) => isPlannedInMonth(item.recurrence, planMonth, month));
}
