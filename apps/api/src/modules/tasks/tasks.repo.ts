import type { TaskStatus, TaskType } from '@prumo/domain/tasks/task-rules';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { tasks, users } from '../../db/schema';
import {
  buildClientOwnedWhere,
  buildVisiblePlanningsWhere,
  buildVisibleTasksWhere,
  type ClientScope,
  type Scope,
} from '../../lib/scope';

type Executor = Database | Transaction;

const taskColumns = {
  id: tasks.id,
  type: tasks.type,
  status: tasks.status,
  title: tasks.title,
  message: tasks.message,
  clientUserId: tasks.clientUserId,
  start: tasks.start,
  end: tasks.end,
  bundleId: tasks.bundleId,
  sentAt: tasks.sentAt,
  createdAt: tasks.createdAt,
  createdByUserId: tasks.createdByUserId,
  createdByName: sql<string | null>`(select ${users.firstName} || ' ' || ${users.lastName} from ${users}
    where ${users.id} = ${tasks.createdByUserId})`,
};

export type TaskRow = {
  id: number;
  type: TaskType;
  status: TaskStatus;
  title: string;
  message: string | null;
  clientUserId: number;
  start: string | null;
  end: string | null;
  bundleId: number | null;
  sentAt: Date | null;
  createdAt: Date;
  createdByUserId: number | null;
  createdByName: string | null;
};

export interface TaskFilter {
  statuses: TaskStatus[] | null;
  types: TaskType[] | null;
  limit: number;
  offset: number;
}

/** One client's tasks, newest first, and how many match. */
export async function findTaskPage(db: Database, scope: ClientScope, filter: TaskFilter) {
  const where = and(
    buildVisibleTasksWhere(scope),
    filter.statuses ? inArray(tasks.status, filter.statuses) : undefined,
    filter.types ? inArray(tasks.type, filter.types) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(taskColumns)
      .from(tasks)
      .where(where)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(tasks).where(where),
  ]);
  return { count: total?.total ?? 0, rows: rows as TaskRow[] };
}

/** A task the scope sees (of `type` when given), locked for the change that follows when in a transaction. */
export async function findTask(
  db: Executor,
  scope: Scope,
  id: number,
  options: { type?: TaskType; lock?: boolean } = {},
): Promise<TaskRow | null> {
  const query = db
    .select(taskColumns)
    .from(tasks)
    .where(
      and(eq(tasks.id, id), options.type ? eq(tasks.type, options.type) : undefined, buildVisibleTasksWhere(scope)),
    );
  const [task] = options.lock ? await query.for('update', { of: tasks }) : await query;
  return (task as TaskRow | undefined) ?? null;
}

export interface NewTaskValues {
  type: TaskType;
  title: string;
  message?: string | null;
  start?: string | null;
  end?: string | null;
  /** null keeps the task the planner's draft; left out, it is sent now. */
  sentAt?: Date | null;
}

/**
 * Inserts a task unless one its kind allows only once is open already (answers null then): the
 * unique index settles two racing inserts without failing the transaction around them.
 */
export async function insertTaskUnlessOpen(
  db: Executor,
  scope: ClientScope,
  values: NewTaskValues,
): Promise<number | null> {
  const [task] = await db
    .insert(tasks)
    .values({
      ...values,
      organizationId: scope.organizationId,
      clientUserId: scope.clientUserId,
      createdByUserId: scope.caller.userId,
    })
    .onConflictDoNothing()
    .returning({ id: tasks.id });
  return task?.id ?? null;
}

/** Sets the status of a task the scope sees; answers whether one was changed. */
export async function updateTaskStatus(
  db: Executor,
  scope: Scope,
  taskId: number,
  status: TaskStatus,
): Promise<boolean> {
  const updated = await db
    .update(tasks)
    .set({ status })
    .where(and(eq(tasks.id, taskId), buildVisibleTasksWhere(scope)))
    .returning({ id: tasks.id });
  return updated.length > 0;
}

/**
 * Sets the status of a planning the scope sees; an adviser's change sends it to the client, and
 * the first sending is kept. Answers whether one was changed.
 */
export async function updatePlanningStatus(
  db: Executor,
  scope: ClientScope,
  id: number,
  status: TaskStatus,
): Promise<boolean> {
  const sentAt = scope.caller.role === 'client' ? undefined : sql`coalesce(${tasks.sentAt}, now())`;
  const updated = await db
    .update(tasks)
    .set({ status, sentAt })
    .where(and(eq(tasks.id, id), buildVisiblePlanningsWhere(scope)))
    .returning({ id: tasks.id });
  return updated.length > 0;
}

export async function deleteTask(db: Executor, scope: Scope, id: number): Promise<boolean> {
  const deleted = await db
    .delete(tasks)
    .where(and(eq(tasks.id, id), buildVisibleTasksWhere(scope)))
    .returning({ id: tasks.id });
  return deleted.length > 0;
}

/** The client's other open task that the rules allow only once: a planning of the same month, or categorizing. */
export async function findOtherOpenTask(
  db: Executor,
  clientUserId: number,
  task: { id: number | null; type: TaskType; start: string | null },
): Promise<number | null> {
  if (task.type !== 'budget-planning' && task.type !== 'categorizing') return null;
  const [open] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.clientUserId, clientUserId),
        eq(tasks.type, task.type),
        eq(tasks.status, 'pending'),
        task.id ? sql`${tasks.id} <> ${task.id}` : undefined,
        task.type === 'budget-planning'
          ? sql`date_trunc('month', ${tasks.start}::timestamp) = date_trunc('month', ${task.start}::timestamp)`
          : undefined,
      ),
    );
  return open?.id ?? null;
}

/**
 * Marks the client's open tasks of a type done (with the bundle that completed them, for imports),
 * when `stillApplies` holds at the moment of the update.
 */
export async function completeOpenTasks(
  db: Executor,
  scope: ClientScope,
  type: TaskType,
  changes: { bundleId?: number } = {},
  stillApplies?: SQL,
): Promise<void> {
  await db
    .update(tasks)
    .set({ status: 'done', ...changes })
    .where(and(buildClientOwnedWhere(tasks, scope), eq(tasks.type, type), eq(tasks.status, 'pending'), stillApplies));
}
