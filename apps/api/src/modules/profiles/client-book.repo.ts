import { findTodayInBrazil } from '@prumo/domain/br/date';
import { findMonthBounds, findMonthOfDay } from '@prumo/domain/budget/target-month';
import type { ClientAttentionFilter, ClientOrdering } from '@prumo/domain/clients/client-attention';
import { staleImportDays } from '@prumo/domain/clients/client-attention';
import { buildContainsPattern } from '@prumo/domain/records/search-text';
import { type AnyColumn, and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { clientStatuses, profiles, users } from '../../db/schema';
import type { PageQuery } from '../../lib/pagination';
import { buildReachableClientsWhere } from '../../lib/scope';
import type { Caller } from '../../plugins/authentication';
import { buildClientOnPlanWhere } from '../subscriptions/index';

const plannerUsers = alias(users, 'planner_users');

/** Narrowing the book of clients: every one given must hold. */
export interface ClientBookFilters {
  planId?: number;
  plannerUserId?: number;
  clientUserId?: number;
  /** true: only `ativo` clients; false: only the others. */
  isActive?: boolean;
  search?: string;
  attention?: readonly ClientAttentionFilter[];
  /** Only clients without an import for at least this many days (never imported included). */
  withoutImportForDays?: number;
}

export interface ClientBookOrder {
  by: ClientOrdering;
  descending: boolean;
}

/** Brazil's day and month the figures are about, fixed once per call. */
function describeToday(now: Date) {
  const today = findTodayInBrazil(now);
  const month = findMonthOfDay(today);
  return { today, month, monthEnd: findMonthBounds(month).end };
}

/** The lines of a client's cash flow (`t`): ignored lines and lines of ignored accounts aside. */
function buildCashFlowLinesSql(organizationId: number, client: SQL | AnyColumn): SQL {
  return sql`transactions t where t.organization_id = ${organizationId} and t.client_user_id = ${client} and not t.ignored and t.origin_id not in (select o.id from origins o where o.client_user_id = ${client} and o.ignored)`;
}

/**
 * A client's month, by the month rule (ADR 12) as the client's Fluxo futuro sums it, as two scalar
 * subqueries: `monthExpense` is money out of expense categories (a refund lowering it) plus
 * uncategorized money out, ignored lines and accounts aside; `plannedExpense` (null without a plan)
 * comes from the month's own budget with items, else the latest earlier one, whose monthly items
 * (and yearly ones in the same month) repeat into the month. The client's book and the manager's
 * indicators both read a month through this one rule.
 */
export function buildMonthBudgetSql(organizationId: number, client: SQL | AnyColumn, month: string, monthEnd: string) {
  const cashFlowLines = buildCashFlowLinesSql(organizationId, client);
  const monthExpense = sql<number>`(select coalesce(sum(case when c.kind = 'expense' then -s.total when s.category_id is null and s.total < 0 then -s.total else 0 end), 0)::bigint from (select t.category_id, sum(t.amount_cents) as total from ${cashFlowLines} and t.cash_date between ${month}::date and ${monthEnd}::date group by t.category_id, (t.category_id is null and t.amount_cents < 0)) s left join categories c on c.id = s.category_id)`;
  const plannedExpense = sql<
    number | null
  >`(select (select coalesce(sum(i.amount_cents), 0)::bigint from budget_items i join categories c on c.id = i.category_id where i.budget_id = p.id and c.kind = 'expense' and (p.target_month = ${month}::date or i.recurrence = 'monthly' or (i.recurrence = 'yearly' and extract(month from p.target_month) = extract(month from ${month}::date)))) from budgets p where p.client_user_id = ${client} and p.organization_id = ${organizationId} and not p.is_ideal and p.target_month <= ${month}::date and exists (select 1 from budget_items x where x.budget_id = p.id) order by p.target_month desc limit 1)`;
  return { monthExpense, plannedExpense };
}

/**
 * The attention figures of the client in the row (`users`), each a scalar subquery on the
 * client's own indexes (ADR 33). Month figures follow the month rule (`buildMonthBudgetSql`).
 */
function buildAttentionColumns(organizationId: number, day: ReturnType<typeof describeToday>) {
  const { today, month, monthEnd } = day;
  const client = users.id;
  const status = sql<string>`coalesce(${clientStatuses.status}, 'ativo')`;
  const lastImportAt = sql`(select max(b.created_at) from import_bundles b where b.client_user_id = ${client})`;
  const daysSinceImport = sql<
    number | null
  >`(${today}::date - (${lastImportAt} at time zone 'America/Sao_Paulo')::date)`;
  const cashFlowLines = buildCashFlowLinesSql(organizationId, client);
  const openTasks = sql`tasks k where k.client_user_id = ${client} and k.status = 'pending' and k.sent_at is not null and k.type <> 'notification'`;
  const { monthExpense, plannedExpense } = buildMonthBudgetSql(organizationId, client, month, monthEnd);
  // The same rule as the domain's `computeBudgetUsePercent` / `isOverBudget`, here so the list sorts and filters by it.
  const budgetUse = sql<
    number | null
  >`(case when ${plannedExpense} > 0 then round(${monthExpense} * 100.0 / ${plannedExpense})::int end)`;
  const overBudget = sql<boolean>`coalesce(${plannedExpense} > 0 and ${monthExpense} > ${plannedExpense}, false)`;
  const awaitingPlanning = sql`tasks k where k.client_user_id = ${client} and k.type = 'budget-planning' and k.status = 'pending' and k.sent_at is not null order by k.start desc, k.id desc limit 1`;
  return {
    status,
    lastImportId: sql<
      number | null
    >`(select b.id from import_bundles b where b.client_user_id = ${client} order by b.created_at desc, b.id desc limit 1)`,
    lastImportAt: sql<string | null>`to_char(${lastImportAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    daysSinceImport,
    uncategorizedLines: sql<number>`(select count(*)::int from ${cashFlowLines} and t.category_id is null)`,
    openTasks: sql<number>`(select count(*)::int from ${openTasks})`,
    oldestOpenTaskDays: sql<
      number | null
    >`(select ${today}::date - (min(k.sent_at) at time zone 'America/Sao_Paulo')::date from ${openTasks})`,
    // A client who is not `ativo` has their tasks stopped: none falls overdue (ADR 33).
    overdueTasks: sql<number>`(case when ${status} = 'ativo' then (select count(*)::int from ${openTasks} and k."end" < ${today}::date) else 0 end)`,
    monthExpense: sql<number>`${monthExpense}`.mapWith(Number),
    plannedExpense: sql<number | null>`${plannedExpense}`.mapWith(Number),
    budgetUse,
    overBudget,
    planningAwaitingId: sql<number | null>`(select k.id from ${awaitingPlanning})`,
    planningAwaitingStart: sql<string | null>`(select to_char(k.start, 'YYYY-MM-DD') from ${awaitingPlanning})`,
    subscriptionStatus: sql<
      string | null
    >`(select s.status from subscriptions s where s.client_user_id = ${client} and s.ended_at is null)`,
  };
}

type AttentionColumns = ReturnType<typeof buildAttentionColumns>;

function buildWithoutImportWhere(columns: AttentionColumns, days: number): SQL {
  return sql`(${columns.daysSinceImport} is null or ${columns.daysSinceImport} >= ${days})`;
}

function buildAttentionWhere(columns: AttentionColumns, filter: ClientAttentionFilter): SQL {
  if (filter === 'no_recent_import') return buildWithoutImportWhere(columns, staleImportDays);
  if (filter === 'over_budget') return columns.overBudget;
  return sql`${columns.overdueTasks} > 0`;
}

function buildOrderExpression(columns: AttentionColumns, by: ClientOrdering): SQL {
  const expressions: Record<ClientOrdering, SQL> = {
    name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
    status: columns.status,
    days_since_import: columns.daysSinceImport,
    uncategorized_lines: columns.uncategorizedLines,
    open_tasks: columns.openTasks,
    oldest_open_task_days: columns.oldestOpenTaskDays,
    overdue_tasks: columns.overdueTasks,
    month_expense: columns.monthExpense,
    budget_use: columns.budgetUse,
    planning_awaiting: sql`(${columns.planningAwaitingId} is not null)`,
    subscription_status: columns.subscriptionStatus,
    last_login: sql`${users.lastLogin}`,
  };
  return expressions[by];
}

/**
 * The book of clients the caller may see (a planner their own; a manager the organization's, or
 * those they advise with `ownClientsOnly`), with what needs attention, in one query: filtered,
 * sorted and paged by the database, so a sort by any figure covers the whole book.
 */
export async function findClientBook(
  db: Database,
  caller: Caller,
  options: { ownClientsOnly: boolean; page: PageQuery; filters: ClientBookFilters; order: ClientBookOrder },
  now: Date = new Date(),
) {
  const { filters, order, page } = options;
  const day = describeToday(now);
  const columns = buildAttentionColumns(caller.organizationId, day);
  const where = and(
    buildReachableClientsWhere(caller, { ownClientsOnly: options.ownClientsOnly }),
    filters.planId === undefined ? undefined : buildClientOnPlanWhere(filters.planId, users.id, day.today),
    filters.plannerUserId === undefined ? undefined : eq(profiles.plannerUserId, filters.plannerUserId),
    filters.clientUserId === undefined ? undefined : eq(users.id, filters.clientUserId),
    filters.isActive === undefined
      ? undefined
      : filters.isActive
        ? sql`${columns.status} = 'ativo'`
        : sql`${columns.status} <> 'ativo'`,
    filters.search
      ? sql`fold_for_search(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}) like ${buildContainsPattern(filters.search)}`
      : undefined,
    ...(filters.attention ?? []).map((filter) => buildAttentionWhere(columns, filter)),
    filters.withoutImportForDays === undefined
      ? undefined
      : buildWithoutImportWhere(columns, filters.withoutImportForDays),
  ) as SQL;
  const orderExpression = buildOrderExpression(columns, order.by);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        profilePicture: users.profilePicture,
        lastLogin: users.lastLogin,
        plannerId: plannerUsers.id,
        plannerFirstName: plannerUsers.firstName,
        plannerLastName: plannerUsers.lastName,
        ...columns,
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .leftJoin(plannerUsers, eq(plannerUsers.id, profiles.plannerUserId))
      .leftJoin(clientStatuses, eq(clientStatuses.clientUserId, users.id))
      .where(where)
      .orderBy(
        order.descending ? sql`${orderExpression} desc nulls last` : sql`${orderExpression} asc nulls last`,
        asc(users.firstName),
        asc(users.lastName),
        asc(users.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .leftJoin(clientStatuses, eq(clientStatuses.clientUserId, users.id))
      .where(where),
  ]);
  return { count: total?.total ?? 0, rows, today: day.today };
}

/**
 * What the book's rows are read from, in one value that changes whenever any of it changes: each
 * reachable client's registration (name, e-mail, picture, last sign-in) and planner, status, latest
 * import, the cash-flow and planning versions triggers bump on every write to their lines,
 * accounts, budgets and plannings (ADR 17), their tasks and subscriptions; the organization's
 * categories and plans. Index reads of the caller's clients and a few rows each, a small fraction of
 * the attention figures' own reads (ADR 33).
 */
export async function readClientBookFingerprint(
  db: Database,
  caller: Caller,
  ownClientsOnly: boolean,
): Promise<string> {
  const reachable = buildReachableClientsWhere(caller, { ownClientsOnly });
  const result = await db.execute<{ fingerprint: string }>(sql`
    with reached as (
      select ${users.id} as id, ${profiles.plannerUserId} as planner_id,
        hashtext(concat_ws('|', ${users.firstName}, ${users.lastName}, ${users.email}, ${users.profilePicture}, ${users.lastLogin})) as person
      from ${profiles} join ${users} on ${users.id} = ${profiles.userId}
      where ${reachable}
    )
    select concat_ws('|',
      (select concat_ws(',', count(*), sum(r.id::bigint * (1 + coalesce(r.planner_id, 0))), sum(r.person::bigint),
          sum(coalesce(cv.version, 0)), sum(coalesce(pv.version, 0)),
          sum(coalesce(hashtext(s.status || s.changed_at::text), 0)::bigint),
          sum(coalesce((select max(b.id) from import_bundles b where b.client_user_id = r.id), 0)))
        from reached r
        left join client_statuses s on s.client_user_id = r.id
        left join cash_flow_versions cv on cv.client_user_id = r.id
        left join planning_versions pv on pv.client_user_id = r.id),
      (select sum(hashtext(concat_ws(' ', u.first_name, u.last_name))::bigint) from ${users} u
        where u.id in (select r.planner_id from reached r)),
      (select concat_ws(',', count(*), sum(hashtext(k::text)::bigint)) from tasks k
        where k.client_user_id in (select r.id from reached r)),
      (select concat_ws(',', count(*), sum(hashtext(x::text)::bigint)) from subscriptions x
        where x.client_user_id in (select r.id from reached r)),
      (select concat_ws(',', count(*), sum(hashtext(p::text)::bigint)) from plans p
        where p.organization_id = ${caller.organizationId}),
      (select concat_ws(',', count(*), sum(hashtext(c::text)::bigint)) from categories c
        where c.organization_id = ${caller.organizationId})
    ) as fingerprint`);
  return result.rows[0]?.fingerprint ?? '';
}
