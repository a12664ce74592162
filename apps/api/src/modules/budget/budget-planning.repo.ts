import type { TaskStatus } from '@prumo/domain/tasks/task-rules';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { budgets, tasks, users } from '../../db/schema';
import { buildVisiblePlanningsWhere, type ClientScope, type Scope } from '../../lib/scope';

type Executor = Database | Transaction;

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
  type: 'budget-planning';
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
  scope: Scope,
  filter: { statuses?: TaskStatus[]; limit: number; offset: number },
): Promise<{ count: number; rows: PlanningTaskRow[] }> {
  const where = and(
    buildVisiblePlanningsWhere(scope),
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
  return { count: total?.total ?? 0, rows: rows as PlanningTaskRow[] };
}

export async function findPlanningTask(db: Executor, scope: ClientScope, id: number): Promise<PlanningTaskRow | null> {
  const [row] = await db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.clientUserId))
    .leftJoin(budgets, taskBudgetJoin)
    .where(and(eq(tasks.id, id), buildVisiblePlanningsWhere(scope)));
  return (row as PlanningTaskRow | undefined) ?? null;
}
