import { findMonthOfDay, formatMonthWithSlash } from '@prumo/domain/budget/target-month';
import {
  describeBudgetPlanningAlreadyOpen,
  findStatusChangeRefusal,
  type NewTask,
  type TaskStatus,
  type TaskType,
  taskMessages,
} from '@prumo/domain/tasks/task-rules';
import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../../db/database';
import type { AppDependencies } from '../../dependencies';
import { fail, failInvalid, failNotFound } from '../../lib/domain-errors';
import type { ClientScope, Scope } from '../../lib/scope';
import { isUniqueViolation } from '../../lib/validation';
import { emailNewTaskToClient } from './task-emails';
import { notifyPlanningAccepted, notifyTaskAssigned } from './task-notifications';
import {
  completeOpenTasks,
  deleteTask,
  findOtherOpenTask,
  findTask,
  findTaskPage,
  insertTaskUnlessOpen,
  type NewTaskValues,
  type TaskFilter,
  type TaskRow,
  updatePlanningStatus,
  updateTaskStatus,
} from './tasks.repo';

type Executor = Database | Transaction;

/**
 * What the tasks module asks of the budget, given when its routes are registered (the budget
 * builds on tasks, not the other way round): how many items a client's month plans.
 */
export interface PlanningRules {
  countPlannedItems(db: Executor, scope: ClientScope, month: string): Promise<number>;
}

/** A task, with who created it and, for imports, the bundle of files that closed it. */
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

/** Why a task cannot be open (pending) now: another of its kind is (ADR 5). */
export function describeAlreadyOpen(task: { type: TaskType; start: string | null }): string {
  return task.type === 'budget-planning' && task.start
    ? describeBudgetPlanningAlreadyOpen(formatMonthWithSlash(task.start))
    : taskMessages.categorizingAlreadyOpen;
}

export async function findPresentedTask(deps: AppDependencies, scope: Scope, id: number, type?: TaskType) {
  const task = await findTask(deps.db, scope, id, { type });
  if (!task) failNotFound(taskMessages.notFound);
  return presentTask(task);
}

/** GET tasks/task/: one client's tasks, newest first. */
export async function listTasks(deps: AppDependencies, scope: ClientScope, filter: TaskFilter) {
  const { count, rows } = await findTaskPage(deps.db, scope, filter);
  return { count, results: rows.map(presentTask) };
}

/**
 * Opens a task for the scope's client unless one its kind allows only once is open already: a
 * planning per month, one categorizing task (ADR 5). Answers the new task's id, or null.
 */
export async function openTask(db: Executor, scope: ClientScope, task: NewTaskValues): Promise<number | null> {
  const candidate = { id: null, type: task.type, start: task.start ?? null };
  if (await findOtherOpenTask(db, scope.clientUserId, candidate)) return null;
  const taskId = await insertTaskUnlessOpen(db, scope, task);
  // A planning kept as the planner's draft is told when it is sent (finishPlanningTask).
  if (taskId !== null && task.sentAt !== null) {
    await notifyTaskAssigned(db, { id: taskId, ...task, clientUserId: scope.clientUserId });
  }
  return taskId;
}

/** Lines are left to categorize: the client's one categorizing task lists them all. */
export async function openCategorizingTask(db: Executor, scope: ClientScope): Promise<void> {
  await openTask(db, scope, { type: 'categorizing', title: 'Categorizar transações importadas' });
}

/**
 * The client's pending categorizing task is done — when `stillApplies` holds at the moment of the
 * update (the caller's "nothing is left to categorize", checked in the same statement).
 */
export async function closeCategorizingTask(db: Executor, scope: ClientScope, stillApplies?: SQL): Promise<void> {
  await completeOpenTasks(db, scope, 'categorizing', {}, stillApplies);
}

/** Statements arrived: the client's open import tasks are done, and show the files of this bundle. */
export async function completeImportTasks(db: Executor, scope: ClientScope, bundleId: number): Promise<void> {
  await completeOpenTasks(db, scope, 'import', { bundleId });
}

/**
 * POST tasks/{type}/ by the client's planner or a manager. A planning per client and month, and
 * one categorizing task per client, may be open at a time.
 */
export async function createTask(
  deps: AppDependencies,
  request: FastifyRequest,
  scope: ClientScope,
  type: TaskType,
  task: NewTask,
) {
  // The task and its notification are written together.
  const taskId = await deps.db.transaction((transaction) =>
    openTask(transaction, scope, {
      type,
      title: task.title,
      message: task.message,
      start: task.start,
      end: task.end,
      // A planning is the planner's draft until they first finish it (ADR 6).
      ...(type === 'budget-planning' ? { sentAt: null } : {}),
    }),
  );
  if (taskId === null) failInvalid(describeAlreadyOpen({ type, start: task.start }));
  const created = await findTask(deps.db, scope, taskId);
  if (!created) throw new Error('created task vanished');
  // A planning's e-mail goes when the planner sends it (finishPlanningTask).
  if (created.sentAt) await emailNewTaskToClient(deps, request, scope, created);
  return presentTask(created);
}

/**
 * Completing a planning is accepting it, so the rule of accepting on the planning screen holds here
 * too: it was sent to the client and something is planned for its month (ADR 6). A planner cannot
 * close an unsent or empty draft this way either.
 */
async function assertPlanningAcceptable(
  db: Transaction,
  rules: PlanningRules,
  scope: Scope,
  task: TaskRow,
): Promise<void> {
  const clientScope = { ...scope, clientUserId: task.clientUserId };
  const planned = task.start ? await rules.countPlannedItems(db, clientScope, findMonthOfDay(task.start)) : 0;
  if (!task.sentAt || planned === 0) failInvalid(taskMessages.planningNotFinished);
}

/** PUT tasks/task/{id}/change-status/: the rules of findStatusChangeRefusal, then the open-task rules. */
export async function changeTaskStatus(
  deps: AppDependencies,
  rules: PlanningRules,
  scope: Scope,
  id: number,
  status: TaskStatus,
) {
  const actor = scope.caller.role === 'client' ? 'client' : 'adviser';
  try {
    await deps.db.transaction(async (transaction) => {
      const task = await findTask(transaction, scope, id, { lock: true });
      if (!task) failNotFound(taskMessages.notFound);
      const refusal = findStatusChangeRefusal(actor, task.status, status);
      if (refusal) fail(refusal === taskMessages.onlyClientIgnores ? 'notAllowed' : 'invalid', refusal);
      if (task.status === status) return;
      if (status === 'done' && task.type === 'budget-planning') {
        await assertPlanningAcceptable(transaction, rules, scope, task);
      }
      if (status === 'pending' && (await findOtherOpenTask(transaction, task.clientUserId, task))) {
        failInvalid(describeAlreadyOpen(task));
      }
      if (!(await updateTaskStatus(transaction, scope, task.id, status))) failNotFound(taskMessages.notFound);
      if (status === 'done' && task.type === 'budget-planning' && actor === 'client') {
        await notifyPlanningAccepted(transaction, task);
      }
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const task = await findTask(deps.db, scope, id);
    failInvalid(task ? describeAlreadyOpen(task) : taskMessages.notFound);
  }
  return findPresentedTask(deps, scope, id);
}

/**
 * A planner finishing a planning sends it (pending: the client sees it as new); a client finishing
 * it accepts it (done). Reopening one is refused while another planning of its month is open.
 * Answers whether a planning the scope sees changed, and whether this was its first sending (the
 * client is then told by e-mail).
 */
export async function finishPlanningTask(
  db: Transaction,
  scope: ClientScope,
  planning: { id: number; title: string; start: string; sentAt: Date | null },
  status: TaskStatus,
): Promise<{ changed: boolean; isFirstSending: boolean }> {
  const reopened = { id: planning.id, type: 'budget-planning' as const, start: planning.start };
  if (status === 'pending' && (await findOtherOpenTask(db, scope.clientUserId, reopened))) {
    failInvalid(describeAlreadyOpen(reopened));
  }
  const changed = await updatePlanningStatus(db, scope, planning.id, status);
  const isFirstSending = changed && status === 'pending' && planning.sentAt === null;
  const planningTask = { ...planning, type: 'budget-planning' as const, clientUserId: scope.clientUserId };
  if (isFirstSending) await notifyTaskAssigned(db, planningTask);
  if (changed && status === 'done' && scope.caller.role === 'client') await notifyPlanningAccepted(db, planningTask);
  return { changed, isFirstSending };
}

/** Tells the client by e-mail of a task now given to them (a planning's first sending). */
export async function emailTaskToClient(
  deps: AppDependencies,
  request: FastifyRequest,
  scope: ClientScope,
  id: number,
): Promise<void> {
  const task = await findTask(deps.db, scope, id);
  if (task) await emailNewTaskToClient(deps, request, scope, task);
}

/** DELETE tasks/task/{id}/ by the client's planner or a manager. */
export async function removeTask(deps: AppDependencies, scope: Scope, id: number): Promise<void> {
  if (!(await deleteTask(deps.db, scope, id))) failNotFound(taskMessages.notFound);
}
