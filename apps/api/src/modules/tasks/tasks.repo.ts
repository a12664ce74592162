import type { TaskStatus, TaskType } from '@prumo/domain/tasks/task-rules';
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { profiles, tasks, users } from '../../db/schema';
import type { ClientScope } from '../../lib/client-scope';
import type { Caller } from '../../plugins/authentication';

type Executor = Database | Transaction;

/**
 * Whose tasks a caller reaches: a client their own; a planner those of their clients; a manager
 * those of the organization's clients. `clientUserId` narrows to one client when the call names one.
 * A client never reaches a task not sent to them yet: a planning still the planner's draft (ADR 6).
 */
export interface TaskViewer {
  caller: Caller;
  clientUserId: number | null;
}

function buildViewerWhere(viewer: TaskViewer) {
  const { caller } = viewer;
  return and(
    eq(tasks.organizationId, caller.organizationId),
    caller.role === 'client' ? eq(tasks.clientUserId, caller.userId) : undefined,
    caller.role === 'client' ? isNotNull(tasks.sentAt) : undefined,
    caller.role === 'planner'
      ? sql`exists (select 1 from ${profiles} where ${profiles.userId} = ${tasks.clientUserId}
          and ${profiles.accessLevel} = 'client' and ${profiles.plannerUserId} = ${caller.userId})`
      : undefined,
    caller.role !== 'client' && viewer.clientUserId ? eq(tasks.clientUserId, viewer.clientUserId) : undefined,
  );
}

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

function buildFilterWhere(scope: ClientScope, filter: TaskFilter) {
  return and(
    eq(tasks.organizationId, scope.organizationId),
    eq(tasks.clientUserId, scope.clientUserId),
    scope.caller.role === 'client' ? isNotNull(tasks.sentAt) : undefined,
    filter.statuses ? inArray(tasks.status, filter.statuses) : undefined,
    filter.types ? inArray(tasks.type, filter.types) : undefined,
  );
}

/** One client's tasks, newest first, and how many match. */
export async function findTaskPage(db: Database, scope: ClientScope, filter: TaskFilter) {
  const where = buildFilterWhere(scope, filter);
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

/** A task the viewer reaches (of `type` when given), locked for the change that follows when in a transaction. */
export async function findTask(
  db: Executor,
  viewer: TaskViewer,
  id: number,
  options: { type?: TaskType; lock?: boolean } = {},
): Promise<TaskRow | null> {
  const query = db
    .select(taskColumns)
    .from(tasks)
    .where(and(eq(tasks.id, id), options.type ? eq(tasks.type, options.type) : undefined, buildViewerWhere(viewer)));
  const [task] = options.lock ? await query.for('update', { of: tasks }) : await query;
  return (task as TaskRow | undefined) ?? null;
}

export async function insertTask(
  db: Executor,
  scope: ClientScope,
  values: {
    type: TaskType;
    title: string;
    message: string | null;
    start: string | null;
    end: string | null;
    /** null keeps the task the planner's draft; left out, it is sent now. */
    sentAt?: Date | null;
  },
): Promise<number> {
  const [task] = await db
    .insert(tasks)
    .values({
      ...values,
      organizationId: scope.organizationId,
      clientUserId: scope.clientUserId,
      createdByUserId: scope.caller.userId,
    })
    .returning({ id: tasks.id });
  if (!task) throw new Error('task not created');
  return task.id;
}

/** Sets the status of a task the viewer reaches; answers whether one was changed. */
export async function updateTaskStatus(
  db: Executor,
  viewer: TaskViewer,
  taskId: number,
  status: TaskStatus,
): Promise<boolean> {
  const updated = await db
    .update(tasks)
    .set({ status })
    .where(and(eq(tasks.id, taskId), buildViewerWhere(viewer)))
    .returning({ id: tasks.id });
  return updated.length > 0;
}

export async function deleteTask(db: Executor, viewer: TaskViewer, id: number): Promise<boolean> {
  const deleted = await db
    .delete(tasks)
    .where(and(eq(tasks.id, id), buildViewerWhere(viewer)))
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

/** Statements arrived: the client's open import tasks are done, and show the files of this bundle. */
export async function completeImportTasks(db: Executor, scope: ClientScope, bundleId: number): Promise<void> {
  await db
    .update(tasks)
    .set({ status: 'done', bundleId })
    .where(
      and(
        eq(tasks.organizationId, scope.organizationId),
        eq(tasks.clientUserId, scope.clientUserId),
        eq(tasks.type, 'import'),
        eq(tasks.status, 'pending'),
      ),
    );
}
