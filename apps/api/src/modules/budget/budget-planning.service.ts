import { findMonthOfDay, targetMonthNotFound } from '@prumo/domain/budget/target-month';
import type { FastifyRequest } from 'fastify';
import type { AppDependencies } from '../../dependencies';
import type { ClientScope } from '../../lib/client-scope';
import { failWithDetail } from '../../lib/http-errors';
import { isUniqueViolation } from '../../lib/validation';
import type { Caller } from '../../plugins/authentication';
import { emailNewTaskToClient } from '../tasks/task-emails';
import { findOtherOpenTask, findTask } from '../tasks/tasks.repo';
import { describeAlreadyOpen } from '../tasks/tasks.service';
import { countMonthBudgetItems, findOrCreateMonthBudget } from './budget.repo';
import {
  findPlanningTask,
  findPlanningTaskPage,
  type PlanningTaskRow,
  type TaskListScope,
  type TaskStatus,
  updatePlanningTaskStatus,
} from './budget-planning.repo';

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
  if (!row) failWithDetail(404, planningMessages.taskNotFound);
  if (!row.start) failWithDetail(400, targetMonthNotFound);
  const budget = row.budgetId ?? (await findOrCreateMonthBudget(deps.db, scope, findMonthOfDay(row.start))).id;
  return presentPlanningTask(row, budget);
}

/** Which tasks a list call may show: the named (or calling) client's, else the planner's clients'. */
export function buildTaskListScope(caller: Caller, clientScope: ClientScope | null): TaskListScope {
  if (clientScope) {
    const { organizationId, clientUserId } = clientScope;
    return { organizationId, clientUserId, onlySent: caller.role === 'client' };
  }
  if (caller.role === 'manager') return { organizationId: caller.organizationId };
  return { organizationId: caller.organizationId, plannerUserId: caller.userId };
}

export async function listBudgetPlanningTasks(
  deps: AppDependencies,
  scope: TaskListScope,
  filter: { statuses?: TaskStatus[]; limit: number; offset: number },
) {
  const { count, rows } = await findPlanningTaskPage(deps.db, scope, filter);
  return { count, rows: rows.map((row) => presentPlanningTask(row, row.budgetId)) };
}

/**
 * product §4: finishing the planning sets the task pending when a planner finishes (the client
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
      if (!task) failWithDetail(404, planningMessages.taskNotFound);
      if (!task.start) failWithDetail(400, targetMonthNotFound);
      const plannedItems = await countMonthBudgetItems(transaction, scope, findMonthOfDay(task.start));
      if (plannedItems === 0) failWithDetail(400, planningMessages.notFinished);
      const openTask = { id, type: 'budget-planning' as const, start: task.start };
      if (status === 'pending' && (await findOtherOpenTask(transaction, scope.clientUserId, openTask))) {
        failWithDetail(400, describeAlreadyOpen(openTask));
      }
      const updated = await updatePlanningTaskStatus(transaction, scope, id, status);
      if (!updated) failWithDetail(400, planningMessages.notFinished);
      isFirstSending = status === 'pending' && task.sentAt === null;
    });
  } catch (error) {
    // Two requests raced past the check: the index of open plannings settles it.
    if (!isUniqueViolation(error)) throw error;
    const task = await findPlanningTask(deps.db, scope, id);
    if (!task?.start) throw error;
    failWithDetail(400, describeAlreadyOpen({ type: 'budget-planning', start: task.start }));
  }
  if (isFirstSending) {
    const sent = await findTask(deps.db, { caller: scope.caller, clientUserId: scope.clientUserId }, id);
    if (sent) await emailNewTaskToClient(deps, request, scope, sent);
  }
  return findBudgetPlanningTask(deps, scope, id);
}

/** The budget a task plans, for calls addressed by task (`budget/{taskId}/delete-items/`). */
export async function findTaskBudgetId(deps: AppDependencies, scope: ClientScope, taskId: number): Promise<number> {
  const task = await findBudgetPlanningTask(deps, scope, taskId);
  return task.budget;
}
