import { findMonthOfDay, formatMonthWithSlash } from '@prumo/domain/budget/target-month';
import {
  describeBudgetPlanningAlreadyOpen,
  findStatusChangeRefusal,
  type NewTask,
  type TaskStatus,
  type TaskType,
  taskMessages,
} from '@prumo/domain/tasks/task-rules';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from '../../db/database';
import type { AppDependencies } from '../../dependencies';
import type { ClientScope } from '../../lib/client-scope';
import { failWithDetail } from '../../lib/http-errors';
import { isUniqueViolation } from '../../lib/validation';
import { countMonthBudgetItems } from '../budget/budget.repo';
import { emailNewTaskToClient } from './task-emails';
import {
  deleteTask,
  findOtherOpenTask,
  findTask,
  findTaskPage,
  insertTask,
  type TaskFilter,
  type TaskRow,
  type TaskViewer,
  updateTaskStatus,
} from './tasks.repo';

/** product §3 Task, with who created it and, for imports, the bundle of files that closed it. */
export function presentTask(task: TaskRow) {
  return {
    id: task.id,
    type: task.type,
    status: task.status,
    title: task.title,
    message: task.message,
    client: task.clientUserId,
    start: task.start,
    end: task.end,
    created_at: task.createdAt.toISOString(),
    created_by: task.createdByUserId,
    created_by_name: task.createdByName,
    bundle: task.bundleId,
    // null while a planning is the planner's draft; the client never sees one (ADR 6).
    sent_at: task.sentAt?.toISOString() ?? null,
  };
}
export type PresentedTask = ReturnType<typeof presentTask>;

/** Why a task cannot be open (pending) now: another of its kind is (ADR 5). */
export function describeAlreadyOpen(task: { type: TaskType; start: string | null }): string {
  return task.type === 'budget-planning' && task.start
    ? describeBudgetPlanningAlreadyOpen(formatMonthWithSlash(task.start))
    : taskMessages.categorizingAlreadyOpen;
}

export async function findPresentedTask(deps: AppDependencies, viewer: TaskViewer, id: number, type?: TaskType) {
  const task = await findTask(deps.db, viewer, id, { type });
  if (!task) failWithDetail(404, taskMessages.notFound);
  return presentTask(task);
}

/** GET tasks/task/: one client's tasks, newest first. */
export async function listTasks(deps: AppDependencies, scope: ClientScope, filter: TaskFilter) {
  const { count, rows } = await findTaskPage(deps.db, scope, filter);
  return { count, results: rows.map(presentTask) };
}

/**
 * POST tasks/{type}/ by the client's planner or a manager. A planning per client and month, and
 * one categorizing task per client, may be open at a time; the index settles two racing requests.
 */
export async function createTask(
  deps: AppDependencies,
  request: FastifyRequest,
  scope: ClientScope,
  type: TaskType,
  task: NewTask,
) {
  const candidate = { id: null, type, start: task.start };
  let taskId: number;
  try {
    taskId = await deps.db.transaction(async (transaction) => {
      if (await findOtherOpenTask(transaction, scope.clientUserId, candidate)) {
        failWithDetail(400, describeAlreadyOpen(candidate));
      }
      return insertTask(transaction, scope, {
        type,
        title: task.title,
        message: task.message,
        start: task.start,
        end: task.end,
        // A planning is the planner's draft until they first finish it (ADR 6).
        ...(type === 'budget-planning' ? { sentAt: null } : {}),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) failWithDetail(400, describeAlreadyOpen(candidate));
    throw error;
  }
  const created = await findTask(deps.db, { caller: scope.caller, clientUserId: scope.clientUserId }, taskId);
  if (!created) throw new Error('created task vanished');
  // A planning's e-mail goes when the planner sends it (finishBudgetPlanning).
  if (created.sentAt) await emailNewTaskToClient(deps, request, scope, created);
  return presentTask(created);
}

/**
 * Completing a planning is accepting it, so the rule of accepting on the planning screen holds here
 * too: it was sent to the client and something is planned for its month (ADR 6). A planner cannot
 * close an unsent or empty draft this way either.
 */
async function assertPlanningAcceptable(db: Transaction, viewer: TaskViewer, task: TaskRow): Promise<void> {
  const scope = {
    organizationId: viewer.caller.organizationId,
    clientUserId: task.clientUserId,
    caller: viewer.caller,
  };
  const planned = task.start ? await countMonthBudgetItems(db, scope, findMonthOfDay(task.start)) : 0;
  if (!task.sentAt || planned === 0) failWithDetail(400, taskMessages.planningNotFinished);
}

/** PUT tasks/task/{id}/change-status/: the rules of findStatusChangeRefusal, then the open-task rules. */
export async function changeTaskStatus(deps: AppDependencies, viewer: TaskViewer, id: number, status: TaskStatus) {
  const actor = viewer.caller.role === 'client' ? 'client' : 'adviser';
  try {
    await deps.db.transaction(async (transaction) => {
      const task = await findTask(transaction, viewer, id, { lock: true });
      if (!task) failWithDetail(404, taskMessages.notFound);
      const refusal = findStatusChangeRefusal(actor, task.status, status);
      if (refusal) failWithDetail(refusal === taskMessages.onlyClientIgnores ? 403 : 400, refusal);
      if (task.status === status) return;
      if (status === 'done' && task.type === 'budget-planning') {
        await assertPlanningAcceptable(transaction, viewer, task);
      }
      if (status === 'pending' && (await findOtherOpenTask(transaction, task.clientUserId, task))) {
        failWithDetail(400, describeAlreadyOpen(task));
      }
      if (!(await updateTaskStatus(transaction, viewer, task.id, status))) failWithDetail(404, taskMessages.notFound);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const task = await findTask(deps.db, viewer, id);
    failWithDetail(400, task ? describeAlreadyOpen(task) : taskMessages.notFound);
  }
  return findPresentedTask(deps, viewer, id);
}

/** DELETE tasks/task/{id}/ by the client's planner or a manager. */
export async function removeTask(deps: AppDependencies, viewer: TaskViewer, id: number): Promise<void> {
  if (!(await deleteTask(deps.db, viewer, id))) failWithDetail(404, taskMessages.notFound);
}
