import { and, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { budgets, profiles, tasks, users } from '../../db/schema';
import type { ClientScope } from '../../lib/client-scope';

type Executor = Database | Transaction;

export type TaskStatus = (typeof tasks.$inferSelect)['status'];

/**
 * Whose tasks a list shows: one client's, a planner's clients', or (a manager) the organization's.
 * `onlySent` leaves out the planner's drafts, for the client's own list (ADR 6).
 */
export type TaskListScope =
  | { organizationId: number; clientUserId: number; onlySent: boolean }
  | { organizationId: number; plannerUserId: number }
  | { organizationId: number };

function whereTasksOfList(scope: TaskListScope): SQL | undefined {
  return and(
    eq(tasks.organizationId, scope.organizationId),
    eq(tasks.type, 'budget-planning'),
    'clientUserId' in scope ? eq(tasks.clientUserId, scope.clientUserId) : undefined,
    'onlySent' in scope && scope.onlySent ? isNotNull(tasks.sentAt) : undefined,
    'plannerUserId' in scope
      ? inArray(
          tasks.clientUserId,
          sql`(select ${profiles.userId} from ${profiles} where ${profiles.plannerUserId} = ${scope.plannerUserId} and ${profiles.accessLevel} = 'client')`,
        )
      : undefined,
  );
}

function whereTaskOfScope(scope: ClientScope, id: number): SQL | undefined {
  return and(
    eq(tasks.id, id),
    eq(tasks.type, 'budget-planning'),
    eq(tasks.organizationId, scope.organizationId),
    eq(tasks.clientUserId, scope.clientUserId),
    // A planning is the planner's draft, out of the client's reach, until first finished (ADR 6).
    scope.caller.role === 'client' ? isNotNull(tasks.sentAt) : undefined,
  );
}

/** A task's budget is the client's budget of the month of its start. */
const taskBudgetJoin = and(
  eq(budgets.clientUserId, tasks.clientUserId),
  eq(budgets.organizationId, tasks.organizationId),
  eq(budgets.isIdeal, false),
  sql`${budgets.targetMonth} = date_trunc('month', ${tasks.start})::date`,
);

const taskColumns = {
  id: tasks.id,
  type: tasks.type,
  status: tasks.status,
  title: tasks.title,
  clientUserId: tasks.clientUserId,
  clientFirstName: users.firstName,
  clientLastName: users.lastName,
  createdByUserId: tasks.createdByUserId,
  start: tasks.start,
  end: tasks.end,
  sentAt: tasks.sentAt,
  createdAt: tasks.createdAt,
  budgetId: budgets.id,
};

export type PlanningTaskRow = {
  id: number;
  type: string;
  status: TaskStatus;
  title: string;
  clientUserId: number;
  clientFirstName: string;
  clientLastName: string;
  createdByUserId: number | null;
  start: string | null;
  end: string | null;
  sentAt: Date | null;
  createdAt: Date;
  budgetId: number | null;
};

export async function findPlanningTaskPage(
  db: Executor,
  scope: TaskListScope,
  filter: { statuses?: TaskStatus[]; limit: number; offset: number },
): Promise<{ count: number; rows: PlanningTaskRow[] }> {
  const where = and(
    whereTasksOfList(scope),
    filter.statuses?.length ? inArray(tasks.status, filter.statuses) : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ total: count() }).from(tasks).where(where),
    db
      .select(taskColumns)
      .from(tasks)
      .innerJoin(users, eq(users.id, tasks.clientUserId))
      .leftJoin(budgets, taskBudgetJoin)
      .where(where)
      .orderBy(sql`${tasks.start} desc nulls last`, desc(tasks.id))
      .limit(filter.limit)
      .offset(filter.offset),
  ]);
  return { count: total?.total ?? 0, rows };
}

export async function findPlanningTask(db: Executor, scope: ClientScope, id: number): Promise<PlanningTaskRow | null> {
  const [row] = await db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.clientUserId))
    .leftJoin(budgets, taskBudgetJoin)
    .where(whereTaskOfScope(scope, id));
  return row ?? null;
}

export async function updatePlanningTaskStatus(
  db: Executor,
  scope: ClientScope,
  id: number,
  status: TaskStatus,
): Promise<boolean> {
  // A planner's or manager's finishing sends the planning; the first sending is kept.
  const sentAt = scope.caller.role === 'client' ? undefined : sql`coalesce(${tasks.sentAt}, now())`;
  const updated = await db
    .update(tasks)
    .set({ status, sentAt })
    .where(whereTaskOfScope(scope, id))
    .returning({ id: tasks.id });
  return updated.length > 0;
}
