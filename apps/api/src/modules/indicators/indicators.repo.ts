import type { ProspectStage } from '@prumo/domain/prospects/prospect-stages';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  importBundles,
  profiles,
  prospects,
  subscriptionCharges,
  subscriptions,
  tasks,
  transactions,
  users,
} from '../../db/schema';
import {
  buildClientOwnedWhere,
  buildReachableClientsWhere,
  buildVisiblePlanningsWhere,
  type Scope,
} from '../../lib/scope';
import { buildMonthBudgetSql } from '../profiles/index';

/** The days an indicators read is about, all Brazil's calendar ("YYYY-MM-DD"). */
export interface IndicatorDays {
  start: string;
  end: string;
  /** "As of" figures are read on this day: the end, or today when the period runs on. */
  referenceDay: string;
  /** First day of the "imported in the last 30 days" window ending on the reference day. */
  recentImportStart: string;
  /** The reference day's month (first and last day): "within budget" compares its plan. */
  budgetMonth: string;
  budgetMonthEnd: string;
}

/** The start of a Brazilian day as a timestamp, so a range on a `timestamptz` column reads its index. */
function startOfDay(day: string): SQL {
  return sql`(${day}::date::timestamp at time zone 'America/Sao_Paulo')`;
}

function startOfNextDay(day: string): SQL {
  return sql`((${day}::date + 1)::timestamp at time zone 'America/Sao_Paulo')`;
}

/** A row grouped by planner; `whole` marks the organization's total (grouping sets). */
type GroupedRow = {
  whole: boolean;
  planner: number | null;
};

export type ClientFiguresRow = GroupedRow & {
  active_clients: number;
  new_clients: number;
  lost_clients: number;
  paused_clients: number;
  clients_with_recent_import: number;
  clients_with_budget: number;
  clients_within_budget: number;
};

/**
 * Each client of the scope with their standing on the reference day (ADR 33 keeps one status per
 * client, with the day it was set: a change after the reference day is taken as not made yet, so
 * the client counts as `ativo` then), summed by planner and for the organization in one pass. Only
 * active clients are read further: an import bundle in the recent window (the bundles' client and
 * time index), and the budget month's expense against its plan by the month rule.
 */
export async function sumClientFigures(db: Database, scope: Scope, days: IndicatorDays): Promise<ClientFiguresRow[]> {
  const readMonth = (client: SQL) =>
    buildMonthBudgetSql(scope.organizationId, client, days.budgetMonth, days.budgetMonthEnd);
  const { plannedExpense } = readMonth(sql`flags.client`);
  const { monthExpense } = readMonth(sql`figures.client`);
  const result = await db.execute<ClientFiguresRow>(sql`
    with standing as (
      select ${profiles.plannerUserId} as planner, ${users.id} as client,
        (${users.createdAt} at time zone 'America/Sao_Paulo')::date as joined_on,
        s.status, (s.changed_at at time zone 'America/Sao_Paulo')::date as changed_on
      from ${profiles} join ${users} on ${users.id} = ${profiles.userId}
      left join client_statuses s on s.client_user_id = ${users.id}
      where ${buildReachableClientsWhere(scope.caller)}
    ), flags as (
      select standing.planner, standing.client,
        standing.joined_on <= ${days.referenceDay}::date
          and (standing.status is null or standing.status = 'ativo' or standing.changed_on > ${days.referenceDay}::date) as active,
        standing.joined_on between ${days.start}::date and ${days.end}::date as joined,
        coalesce(standing.status = 'encerrado' and standing.changed_on between ${days.start}::date and ${days.end}::date, false) as lost,
        coalesce(standing.status = 'em_pausa' and standing.changed_on <= ${days.referenceDay}::date, false) as paused
      from standing
    ), figures as (
      select flags.*,
        flags.active and exists (
          select 1 from ${importBundles} b where b.client_user_id = flags.client
            and b.created_at >= ${startOfDay(days.recentImportStart)} and b.created_at < ${startOfNextDay(days.referenceDay)}
        ) as recent_import,
        case when flags.active then ${plannedExpense} end as planned_expense
      from flags
    )
    select grouping(figures.planner) = 1 as whole, figures.planner,
      (count(*) filter (where figures.active))::int as active_clients,
      (count(*) filter (where figures.joined))::int as new_clients,
      (count(*) filter (where figures.lost))::int as lost_clients,
      (count(*) filter (where figures.paused))::int as paused_clients,
      (count(*) filter (where figures.recent_import))::int as clients_with_recent_import,
      (count(*) filter (where figures.planned_expense > 0))::int as clients_with_budget,
      (count(*) filter (where figures.planned_expense > 0 and figures.within))::int as clients_within_budget
    from (
      select figures.*,
        case when figures.planned_expense > 0 then ${monthExpense} <= figures.planned_expense end as within
      from figures
    ) figures
    group by grouping sets ((figures.planner), ())`);
  return result.rows;
}

export type LineFiguresRow = GroupedRow & {
  lines: number;
  categorized_lines: number;
};

/**
 * The scope's cash-flow lines whose cash date falls in the period (as the cash flow filters
 * them), ignored lines and lines of ignored accounts aside, and those with a category. Read client
 * by client off the (client, cash date) index, so the cost follows the organization's lines in the
 * period, never the whole table's.
 */
export async function sumLineFigures(db: Database, scope: Scope, days: IndicatorDays): Promise<LineFiguresRow[]> {
  const result = await db.execute<LineFiguresRow>(sql`
    select grouping(book.planner) = 1 as whole, book.planner,
      coalesce(sum(counted.lines), 0)::int as lines, coalesce(sum(counted.categorized), 0)::int as categorized_lines
    from (
      select ${profiles.plannerUserId} as planner, ${users.id} as client
      from ${profiles} join ${users} on ${users.id} = ${profiles.userId}
      where ${buildReachableClientsWhere(scope.caller)}
    ) book
    cross join lateral (
      select count(*) as lines, count(${transactions.categoryId}) as categorized
      from ${transactions}
      where ${transactions.clientUserId} = book.client and ${buildClientOwnedWhere(transactions, scope)}
        and ${transactions.cashDate} between ${days.start}::date and ${days.end}::date
        and not ${transactions.ignored}
        and ${transactions.originId} not in (select o.id from origins o where o.client_user_id = book.client and o.ignored)
    ) counted
    group by grouping sets ((book.planner), ())`);
  return result.rows;
}

export type ProspectFiguresRow = GroupedRow & {
  stage: ProspectStage;
  prospects: number;
};

/** Prospects created in the period, by their stage now, by planner and for the organization. */
export async function countProspectsByStage(
  db: Database,
  scope: Scope,
  days: IndicatorDays,
): Promise<ProspectFiguresRow[]> {
  const result = await db.execute<ProspectFiguresRow>(sql`
    select grouping(${prospects.plannerUserId}) = 1 as whole, ${prospects.plannerUserId} as planner,
      ${prospects.stage} as stage, count(*)::int as prospects
    from ${prospects}
    where ${prospects.organizationId} = ${scope.organizationId}
      and ${prospects.createdAt} >= ${startOfDay(days.start)} and ${prospects.createdAt} < ${startOfNextDay(days.end)}
    group by grouping sets ((${prospects.plannerUserId}, ${prospects.stage}), (${prospects.stage}))`);
  return result.rows;
}

export type PlanningFiguresRow = GroupedRow & {
  plannings_sent: number;
  plannings_accepted: number;
};

/**
 * Budget plannings sent to the client in the period (a draft is not sent), and those of them the
 * client has accepted (`done`), by the client's planner and for the organization.
 */
export async function countPlannings(db: Database, scope: Scope, days: IndicatorDays): Promise<PlanningFiguresRow[]> {
  const result = await db.execute<PlanningFiguresRow>(sql`
    select grouping(${profiles.plannerUserId}) = 1 as whole, ${profiles.plannerUserId} as planner,
      count(*)::int as plannings_sent, (count(*) filter (where ${tasks.status} = 'done'))::int as plannings_accepted
    from ${tasks}
    join ${profiles} on ${profiles.userId} = ${tasks.clientUserId} and ${profiles.accessLevel} = 'client'
    where ${buildVisiblePlanningsWhere(scope)}
      and ${tasks.sentAt} >= ${startOfDay(days.start)} and ${tasks.sentAt} < ${startOfNextDay(days.end)}
    group by grouping sets ((${profiles.plannerUserId}), ())`);
  return result.rows;
}

export type MonthFiguresRow = {
  month: string;
  new_clients: number;
  lost_clients: number;
  plannings_sent: number;
  plannings_accepted: number;
};

/** The organization's clients won and lost and its plannings, month by month of the period. */
export async function countMonthFigures(db: Database, scope: Scope, days: IndicatorDays): Promise<MonthFiguresRow[]> {
  const result = await db.execute<MonthFiguresRow>(sql`
    with events as (
      select (${users.createdAt} at time zone 'America/Sao_Paulo')::date as day, 'joined' as kind
      from ${profiles} join ${users} on ${users.id} = ${profiles.userId}
      where ${buildReachableClientsWhere(scope.caller)}
        and ${users.createdAt} >= ${startOfDay(days.start)} and ${users.createdAt} < ${startOfNextDay(days.end)}
      union all
      select (s.changed_at at time zone 'America/Sao_Paulo')::date, 'lost'
      from client_statuses s
      where s.organization_id = ${scope.organizationId} and s.status = 'encerrado'
        and s.changed_at >= ${startOfDay(days.start)} and s.changed_at < ${startOfNextDay(days.end)}
      union all
      select (${tasks.sentAt} at time zone 'America/Sao_Paulo')::date,
        case when ${tasks.status} = 'done' then 'accepted' else 'sent' end
      from ${tasks}
      where ${buildVisiblePlanningsWhere(scope)}
        and ${tasks.sentAt} >= ${startOfDay(days.start)} and ${tasks.sentAt} < ${startOfNextDay(days.end)}
    )
    select to_char(month, 'YYYY-MM') as month,
      (count(events.kind) filter (where events.kind = 'joined'))::int as new_clients,
      (count(events.kind) filter (where events.kind = 'lost'))::int as lost_clients,
      (count(events.kind) filter (where events.kind in ('sent', 'accepted')))::int as plannings_sent,
      (count(events.kind) filter (where events.kind = 'accepted'))::int as plannings_accepted
    from generate_series(date_trunc('month', ${days.start}::date), ${days.end}::date, interval '1 month') as month
    left join events on date_trunc('month', events.day) = month
    group by month order by month`);
  return result.rows;
}

export type RecurringSubscriptionRow = {
  planner: number | null;
  platform_amount: number;
  service_amount: number;
  recurrent_amount: number;
  service_months: number;
  paid_periods: number;
};

/**
 * Card subscriptions in effect on the reference day — accepted by then, neither canceled nor ended
 * by then, and not suspended now (a suspension is not dated) — with the periods paid by then
 * (refunded charges aside), by the client's planner.
 */
export async function findRecurringSubscriptions(
  db: Database,
  scope: Scope,
  days: IndicatorDays,
): Promise<RecurringSubscriptionRow[]> {
  const endOfReference = startOfNextDay(days.referenceDay);
  const result = await db.execute<RecurringSubscriptionRow>(sql`
    select ${profiles.plannerUserId} as planner,
      ${subscriptions.platformAmountCents}::float8 as platform_amount,
      ${subscriptions.serviceAmountCents}::float8 as service_amount,
      ${subscriptions.recurrentAmountCents}::float8 as recurrent_amount,
      ${subscriptions.serviceMonths}::int as service_months,
      (select count(*)::int from subscription_charges c where c.subscription_id = ${subscriptions.id}
        and c.status = 'paid' and c.paid_at < ${endOfReference}) as paid_periods
    from ${subscriptions}
    join ${profiles} on ${profiles.userId} = ${subscriptions.clientUserId} and ${profiles.accessLevel} = 'client'
    where ${buildClientOwnedWhere(subscriptions, scope)}
      and ${subscriptions.billing} = 'card' and ${subscriptions.status} <> 'suspended'
      and ${subscriptions.acceptedAt} < ${endOfReference}
      and (${subscriptions.canceledAt} is null or ${subscriptions.canceledAt} >= ${endOfReference})
      and (${subscriptions.endedAt} is null or ${subscriptions.endedAt} >= ${endOfReference})`);
  return result.rows;
}

export type FailedChargesRow = GroupedRow & {
  failed_charges: number;
  failed_charges_amount: number;
};

/** Charges made in the period that failed, and their amount, by the client's planner. */
export async function sumFailedCharges(db: Database, scope: Scope, days: IndicatorDays): Promise<FailedChargesRow[]> {
  const result = await db.execute<FailedChargesRow>(sql`
    select grouping(${profiles.plannerUserId}) = 1 as whole, ${profiles.plannerUserId} as planner,
      count(*)::int as failed_charges, coalesce(sum(${subscriptionCharges.amountCents}), 0)::float8 as failed_charges_amount
    from ${subscriptionCharges}
    join ${profiles} on ${profiles.userId} = ${subscriptionCharges.clientUserId} and ${profiles.accessLevel} = 'client'
    where ${buildClientOwnedWhere(subscriptionCharges, scope)} and ${subscriptionCharges.status} = 'failed'
      and ${subscriptionCharges.createdAt} >= ${startOfDay(days.start)} and ${subscriptionCharges.createdAt} < ${startOfNextDay(days.end)}
    group by grouping sets ((${profiles.plannerUserId}), ())`);
  return result.rows;
}

/** Whether the organization has any subscription at all: without one, its figures are left out. */
export async function hasSubscriptions(db: Database, scope: Scope): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from ${subscriptions} where ${buildClientOwnedWhere(subscriptions, scope)}) as found`,
  );
  return result.rows[0]?.found ?? false;
}

export type AdviserRow = {
  id: number;
  first_name: string;
  last_name: string;
};

/**
 * The organization's planners, and anyone else of it the figures name as a planner (a manager who
 * advises clients or keeps prospects), by name.
 */
export async function findAdvisers(db: Database, scope: Scope, namedIds: readonly number[]): Promise<AdviserRow[]> {
  const named = sql`${sql.param([...namedIds])}::int[]`;
  const result = await db.execute<AdviserRow>(sql`
    select ${users.id} as id, ${users.firstName} as first_name, ${users.lastName} as last_name
    from ${users}
    where ${users.organizationId} = ${scope.organizationId}
      and (${users.id} = any(${named})
        or exists (select 1 from ${profiles} where ${profiles.userId} = ${users.id} and ${profiles.accessLevel} = 'planner'))
    order by lower(${users.firstName}), lower(${users.lastName}), ${users.id}`);
  return result.rows;
}

/**
 * What every figure is read from, in one value that changes whenever any of it changes: each
 * client's registration, planner and status (sums weighted by the client's id, numbers only: no
 * text is made per client), the cash-flow and planning versions triggers bump on
 * every write to their lines, accounts, budgets and plannings (ADR 17), the latest import bundle;
 * the advisers' names; the prospects', subscriptions' and charges' counts and latest changes. Index reads of the
 * organization's clients and rows, a small fraction of the figures' own reads.
 */
export async function readIndicatorsFingerprint(db: Database, scope: Scope): Promise<string> {
  const result = await db.execute<{ fingerprint: string }>(sql`
    select concat_ws('|',
      (select concat_ws(',', count(*),
          sum(${users.id}::bigint * (1 + coalesce(${profiles.plannerUserId}, 0))),
          sum(extract(epoch from ${users.createdAt})::bigint),
          sum(${users.id}::bigint * (case s.status when 'em_pausa' then 1 when 'encerrado' then 2 else 0 end)),
          sum(coalesce(extract(epoch from s.changed_at)::bigint, 0)),
          sum(coalesce(cv.version, 0)), sum(coalesce(pv.version, 0)),
          max((select max(b.created_at) from import_bundles b where b.client_user_id = ${users.id})))
        from ${profiles} join ${users} on ${users.id} = ${profiles.userId}
        left join client_statuses s on s.client_user_id = ${users.id}
        left join cash_flow_versions cv on cv.client_user_id = ${users.id}
        left join planning_versions pv on pv.client_user_id = ${users.id}
        where ${buildReachableClientsWhere(scope.caller)}),
      (select sum(hashtext(concat_ws(' ', u.first_name, u.last_name))) from ${users} u
        where u.organization_id = ${scope.organizationId}
          and exists (select 1 from ${profiles} a where a.user_id = u.id and a.access_level <> 'client')),
      (select concat_ws(',', count(*), max(${prospects.updatedAt})) from ${prospects}
        where ${prospects.organizationId} = ${scope.organizationId}),
      (select concat_ws(',', count(*), max(${subscriptions.updatedAt}),
          (select concat_ws(',', count(*), max(c.updated_at)) from subscription_charges c
            where c.subscription_id in (select x.id from subscriptions x where x.organization_id = ${scope.organizationId})))
        from ${subscriptions} where ${buildClientOwnedWhere(subscriptions, scope)})
    ) as fingerprint`);
  return result.rows[0]?.fingerprint ?? '';
}
