import { budgetItemRecurrences } from '@prumo/domain/budget/budget-recurrence';
import { z } from 'zod';
import { CategoryKindSchema } from './categories';
import { buildPageSchema } from './common';
import { TaskSchema } from './tasks';

/**
 * A budget's answers. Planned amounts are positive integer cents (the category's kind says whether
 * money comes in or goes out); months are "YYYY-MM-01".
 */
export const BudgetItemSchema = z.object({
  id: z.number().int(),
  budget: z.number().int(),
  category: z.number().int(),
  category_name: z.string(),
  description: z.number().int().nullable(),
  description_name: z.string().nullable(),
  amount: z.number().int(),
  /** How the item repeats in later months that follow this budget's plan. */
  recurrence: z.enum(budgetItemRecurrences),
  kind: CategoryKindSchema,
  is_expense: z.boolean(),
  is_asset_transfer: z.boolean(),
});
export type BudgetItem = z.infer<typeof BudgetItemSchema>;

export const BudgetExpenseGroupSchema = z.object({
  category: z.object({ id: z.number().int(), name: z.string() }),
  total: z.number().int(),
  expense_items: z.array(BudgetItemSchema),
});
export type BudgetExpenseGroup = z.infer<typeof BudgetExpenseGroupSchema>;

const BudgetFieldsSchema = z.object({
  /** Null only for an ideal budget that does not exist yet. */
  id: z.number().int().nullable(),
  client: z.number().int(),
  target_month: z.string().nullable(),
  is_ideal: z.boolean(),
  expense_items_by_category: z.array(BudgetExpenseGroupSchema),
  income_items: z.array(BudgetItemSchema),
  total_income: z.number().int(),
  total_expense: z.number().int(),
  total_asset_transfer: z.number().int(),
  /** Income less expense (the month rule); investments apart. */
  result: z.number().int(),
});

/** A monthly or ideal budget; a monthly one asked with `ideal=true` carries the ideal beside it. */
export const BudgetSchema = BudgetFieldsSchema.extend({ ideal: BudgetFieldsSchema.nullable().optional() });
export type Budget = z.infer<typeof BudgetSchema>;

export const ComparedAmountsSchema = z.object({
  planned: z.number().int(),
  actual: z.number().int(),
  /** Planned less actual: for expenses, what is still free to spend (negative: over the budget). */
  difference: z.number().int(),
});
export type ComparedAmounts = z.infer<typeof ComparedAmountsSchema>;

export const ComparedCategorySchema = ComparedAmountsSchema.extend({
  category: z.object({ id: z.number().int().nullable(), name: z.string() }),
  descriptions: z.array(
    ComparedAmountsSchema.extend({ description: z.object({ id: z.number().int().nullable(), name: z.string() }) }),
  ),
});
export type ComparedCategory = z.infer<typeof ComparedCategorySchema>;

/** Where a month's planned figures come from: its own budget, an earlier one it follows, or none. */
export const PlannedFromSchema = z.object({ budget: z.number().int(), month: z.string(), date: z.string() });
export type PlannedFrom = z.infer<typeof PlannedFromSchema>;

export const BudgetComparisonSchema = z.object({
  budget: z.number().int(),
  client: z.number().int(),
  target_month: z.string(),
  planned_from: PlannedFromSchema.nullable(),
  carried: z.boolean(),
  start: z.string(),
  end: z.string(),
  expense: z.array(ComparedCategorySchema),
  income: z.array(ComparedCategorySchema),
  asset_transfer: z.array(ComparedCategorySchema),
  totals: z.object({
    expense: ComparedAmountsSchema,
    income: ComparedAmountsSchema,
    asset_transfer: ComparedAmountsSchema,
    /** Income less expense, planned and actual; investments apart. */
    result: z.object({ planned: z.number().int(), actual: z.number().int() }),
  }),
});
export type BudgetComparison = z.infer<typeof BudgetComparisonSchema>;

/** What `budget/{taskId}/delete-items/` removed from the task's month budget. */
export const DeletedBudgetItemsSchema = z.object({ budget: z.number().int(), deleted: z.number().int() });
export type DeletedBudgetItems = z.infer<typeof DeletedBudgetItemsSchema>;

/** A budget-planning task with its month and the budget it plans. */
export const BudgetPlanningTaskSchema = TaskSchema.pick({
  id: true,
  status: true,
  title: true,
  client: true,
  created_by: true,
  start: true,
  end: true,
  created_at: true,
  sent_at: true,
}).extend({
  type: z.literal('budget-planning'),
  client_name: z.string(),
  target_month: z.string().nullable(),
  /** Null in a list while the month has no budget yet; the task itself always answers one. */
  budget: z.number().int().nullable(),
});
export type BudgetPlanningTask = z.infer<typeof BudgetPlanningTaskSchema>;

export const BudgetPlanningTaskPageSchema = buildPageSchema(BudgetPlanningTaskSchema);
export type BudgetPlanningTaskPage = z.infer<typeof BudgetPlanningTaskPageSchema>;
