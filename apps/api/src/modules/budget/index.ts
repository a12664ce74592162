/**
 * The budget module's public face: its routes (the budget's and the plannings'), and the budgets
 * and plans other modules read or fill (the future flow, the cash flow's month, the demo seed).
 */
export {
  type BudgetRow,
  countBudgetItems,
  countMonthBudgetItems,
  findBudgetItems,
  findCategoryChoice,
  findIdealBudget,
  findItemsPlannedForMonth,
  findLatestPlannedBudgetBefore,
  findMonthBudget,
  findOrCreateMonthBudget,
  insertBudgetItems,
} from './budget.repo';
export { BooleanTextSchema, ReferenceSchema, registerBudgetRoutes } from './budget.routes';
export {
  budgetMessages,
  compareMonthWithPlan,
  findScopedBudget,
  maximumItemsPerBudget,
  presentBudget,
} from './budget.service';
export { registerBudgetPlanningRoutes } from './budget-planning.routes';
