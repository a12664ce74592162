import { findMonthOfDay, targetMonthNotFound } from '@prumo/domain/budget/target-month';
import type { TaskStatus } from '@prumo/domain/tasks/task-rules';
import type { FastifyRequest } from 'fastify';
import type { AppDependencies } from '../../dependencies';
import { failInvalid, failNotFound } from '../../lib/domain-errors';
import type { ClientScope, Scope } from '../../lib/scope';
import { isUniqueViolation } from '../../lib/validation';
import { describeAlreadyOpen, emailTaskToClient, finishPlanningTask } from '../tasks/index';
import { countMonthBudgetItems, findOrCreateMonthBudget } from './budget.repo';
import { findPlanningTask, findPlanningTaskPage, type PlanningTaskRow } from './budget-planning.repo';

export const planningMessages = {
  taskNotFound: 'Tarefas não encontradas',
  notFinished: 'Planejamento não finalizado',
};

function presentPlanningTask<Budget extends number | null>(row: PlanningTaskRow, budgetId: Budget) {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    title: row.title,
    client: row.clientUserId,
    client_name: `${row.clientFirstName} ${row.clientLastName}`.trim(),
    created_by: row.createdByUserId,
    start: row.start,
    end: row.end,
    created_at: row.createdAt.toISOString(),
    // null while the planning is the planner's draft (Rascunho): the client does not see it yet.
    sent_at: row.sentAt?.toISOString() ?? null,
    target_month: row.start ? findMonthOfDay(row.start) : null,
    budget: budgetId,
  };
}

/** The task with its target month and budget (made empty on first need). */
export async function findBudgetPlanningTask(deps: Pick<AppDependencies, 'db'>, scope: ClientScope, id: number) {
  const row = await findPlanningTask(deps.db, scope, id);
  if (!row) failNotFound(planningMessages.taskNotFound);
  if (!row.start) failInvalid(targetMonthNotFound);
  const budget = row.budgetId ?? (await findOrCreateMonthBudget(deps.db, scope, findMonthOfDay(row.start))).id;
  return presentPlanningTask(row, budget);
}

export async function listBudgetPlanningTasks(
  deps: AppDependencies,
  scope: Scope,
  filter: { statuses?: TaskStatus[]; limit: number; offset: number },
) {
  const { count, rows } = await findPlanningTaskPage(deps.db, scope, filter);
  return { count, rows: rows.map((row) => presentPlanningTask(row, row.budgetId)) };
}

/**
 * Finishing the planning sets the task pending when a planner finishes (the client
 * then sees it as new) and done when the client does (accepting it). A month with nothing
 * planned cannot be finished. The planner's first finishing sends the draft to the client, who
 * is then told by e-mail as of any new task (ADR 6). A revision makes the task pending again, which ADR 5 refuses while
 * another planning of the same month is open: 400 with the reason, as reopening it would be.
 */
export async function finishBudgetPlanning(
  deps: AppDependencies,
  request: FastifyRequest,
  scope: ClientScope,
  id: number,
) {
  const status: TaskStatus = scope.caller.role === 'client' ? 'done' : 'pending';
  let isFirstSending = false;
  try {
    await deps.db.transaction(async (transaction) => {
      const task = await findPlanningTask(transaction, scope, id);
      if (!task) failNotFound(planningMessages.taskNotFound);
      if (!task.start) failInvalid(targetMonthNotFound);
      const plannedItems = await countMonthBudgetItems(transaction, scope, findMonthOfDay(task.start));
      if (plannedItems === 0) failInvalid(planningMessages.notFinished);
      const finished = await finishPlanningTask(
        transaction,
        scope,
        { id, title: task.title, start: task.start, sentAt: task.sentAt },
        status,
      );
      if (!finished.changed) failInvalid(planningMessages.notFinished);
      isFirstSending = finished.isFirstSending;
    });
  } catch (error) {
    // Two requests raced past the check: the index of open plannings settles it.
    if (!isUniqueViolation(error)) throw error;
    const task = await findPlanningTask(deps.db, scope, id);
    if (!task?.start) throw error;
    failInvalid(describeAlreadyOpen({ type: 'budget-planning', start: task.start }));
  }
  if (isFirstSending) await emailTaskToClient(deps, request, scope, id);
  return findBudgetPlanningTask(deps, scope, id);
}

/** The budget a task plans, for calls addressed by task (`budget/{taskId}/delete-items/`). */
export async function findTaskBudgetId(deps: AppDependencies, scope: ClientScope, taskId: number): Promise<number> {
  const task = await findBudgetPlanningTask(deps, scope, taskId);
  return task.budget;
}
