import { findCurrentMonth } from '@prumo/domain/budget/target-month';
import { buildTaskTitle, findMonthEnd } from '@prumo/domain/tasks/task-rules';
import type { ClientScope } from '../../lib/scope';
import { countBudgetItems, findOrCreateMonthBudget, insertBudgetItems } from '../../modules/budget/index';
import { findDescriptionIdsByNames } from '../../modules/categories/index';
import { openTask } from '../../modules/tasks/index';
import type { Database, Transaction } from '../database';

export interface DemoBudgetPlanning {
  /** E-mails of the client and of the planner who plans their month. */
  client: string;
  planner: string;
  /** The planner's note on the task. */
  message: string;
  /** Planned amounts in cents by "Categoria/Descrição" of the default tree. */
  items: Readonly<Record<string, number>>;
}

/**
 * The client's budget of the current month (in Brasília), filled by their planner and sent to
 * them as a pending planning task — what `POST tasks/budget-planning/`, the planning screen and
 * 'Finalizar planejamento' leave behind — through the API's own repositories. Running it again
 * adds nothing: the month's budget is found, items go only into an empty budget, and a planning
 * of the month already open stays the only one.
 */
export async function insertDemoBudgetPlanning(
  db: Database | Transaction,
  scope: ClientScope,
  plan: DemoBudgetPlanning,
  now: Date,
): Promise<void> {
  const targetMonth = findCurrentMonth(now);
  const budget = await findOrCreateMonthBudget(db, scope, targetMonth);
  if ((await countBudgetItems(db, scope, budget.id)) === 0) {
    const descriptions = await findDescriptionIdsByNames(db, scope.organizationId);
    const items = Object.entries(plan.items).map(([name, amountCents]) => {
      const description = descriptions.get(name);
      if (!description) throw new Error(`the demo budget plans "${name}", which the default categories lack`);
      return { categoryId: description.categoryId, descriptionId: description.descriptionId, amountCents };
    });
    await insertBudgetItems(db, scope, budget.id, items);
  }
  const end = findMonthEnd(targetMonth);
  await openTask(db, scope, {
    type: 'budget-planning',
    title: buildTaskTitle('budget-planning', targetMonth, end),
    message: plan.message,
    start: targetMonth,
    end,
  });
}
