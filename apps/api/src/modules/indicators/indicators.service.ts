import type {
  IndicatorFigures,
  ManagerIndicators,
  PlannerIndicators,
  SubscriptionIndicators,
} from '@prumo/contract/indicators';
import { findTodayInBrazil } from '@prumo/domain/br/date';
import { findMonthBounds, findMonthOfDay } from '@prumo/domain/budget/target-month';
import {
  computeMonthlyRecurringCents,
  computeSharePercent,
  findIndicatorReferenceDay,
  findRecentImportStart,
  type IndicatorPeriod,
} from '@prumo/domain/indicators/manager-indicators';
import { type ProspectStage, prospectStages } from '@prumo/domain/prospects/prospect-stages';
import type { Database } from '../../db/database';
import type { AppDependencies } from '../../dependencies';
import { findAnswerKeeper } from '../../lib/answer-keeper';
import { buildCallerScope, type Scope } from '../../lib/scope';
import type { Caller } from '../../plugins/authentication';
import {
  type ClientFiguresRow,
  countMonthFigures,
  countPlannings,
  countProspectsByStage,
  type FailedChargesRow,
  findAdvisers,
  findRecurringSubscriptions,
  hasSubscriptions,
  type IndicatorDays,
  type LineFiguresRow,
  type PlanningFiguresRow,
  type ProspectFiguresRow,
  type RecurringSubscriptionRow,
  readIndicatorsFingerprint,
  sumClientFigures,
  sumFailedCharges,
  sumLineFigures,
} from './indicators.repo';

/** Periods a process keeps answers for: a manager looks at a few; more are read afresh. */
const maximumKeptIndicators = 200;

/** The days a period's figures are about, fixed once per call. */
export function describeIndicatorDays(period: IndicatorPeriod, now: Date): IndicatorDays {
  const referenceDay = findIndicatorReferenceDay(period, findTodayInBrazil(now));
  const budgetMonth = findMonthOfDay(referenceDay);
  return {
    start: period.start,
    end: period.end,
    referenceDay,
    recentImportStart: findRecentImportStart(referenceDay),
    budgetMonth,
    budgetMonthEnd: findMonthBounds(budgetMonth).end,
  };
}

/** A group's key: a planner's id, `null` for clients without one, `whole` for the organization. */
type GroupKey = number | null | 'whole';

function keyOf(row: { whole: boolean; planner: number | null }): GroupKey {
  return row.whole ? 'whole' : row.planner;
}

function indexRows<Row extends { whole: boolean; planner: number | null }>(rows: readonly Row[]) {
  return new Map<GroupKey, Row>(rows.map((row) => [keyOf(row), row]));
}

interface ReadRows {
  clients: Map<GroupKey, ClientFiguresRow>;
  lines: Map<GroupKey, LineFiguresRow>;
  plannings: Map<GroupKey, PlanningFiguresRow>;
  prospects: readonly ProspectFiguresRow[];
  failedCharges: Map<GroupKey, FailedChargesRow>;
  subscriptions: readonly RecurringSubscriptionRow[] | null;
}

function presentSubscriptions(rows: ReadRows, key: GroupKey): SubscriptionIndicators | null {
  if (!rows.subscriptions) return null;
  const inEffect = rows.subscriptions.filter((row) => key === 'whole' || row.planner === key);
  const failed = rows.failedCharges.get(key);
  return {
    monthly_recurring_revenue: computeMonthlyRecurringCents(
      inEffect.map((row) => ({
        platform_amount: row.platform_amount,
        service_amount: row.service_amount,
        recurrent_amount: row.recurrent_amount,
        service_months: row.service_months,
        paidPeriods: row.paid_periods,
      })),
    ),
    paying_subscriptions: inEffect.length,
    failed_charges: failed?.failed_charges ?? 0,
    failed_charges_amount: failed?.failed_charges_amount ?? 0,
  };
}

/** One group's figures, zero where the group has no row (a planner without prospects, say). */
function presentFigures(rows: ReadRows, key: GroupKey): IndicatorFigures {
  const clients = rows.clients.get(key);
  const lines = rows.lines.get(key);
  const plannings = rows.plannings.get(key);
  const byStage = Object.fromEntries(prospectStages.map((stage) => [stage, 0])) as Record<ProspectStage, number>;
  for (const row of rows.prospects) if (keyOf(row) === key) byStage[row.stage] += row.prospects;
  const prospectCount = prospectStages.reduce((total, stage) => total + byStage[stage], 0);
  const activeClients = clients?.active_clients ?? 0;
  const recentImport = clients?.clients_with_recent_import ?? 0;
  const withBudget = clients?.clients_with_budget ?? 0;
  const withinBudget = clients?.clients_within_budget ?? 0;
  const lineCount = lines?.lines ?? 0;
  const categorized = lines?.categorized_lines ?? 0;
  return {
    active_clients: activeClients,
    new_clients: clients?.new_clients ?? 0,
    lost_clients: clients?.lost_clients ?? 0,
    paused_clients: clients?.paused_clients ?? 0,
    prospects: prospectCount,
    prospects_by_stage: byStage,
    conversion_rate: computeSharePercent(byStage.convertido, prospectCount),
    clients_with_recent_import: recentImport,
    recent_import_share: computeSharePercent(recentImport, activeClients),
    lines: lineCount,
    categorized_lines: categorized,
    categorized_share: computeSharePercent(categorized, lineCount),
    clients_with_budget: withBudget,
    clients_within_budget: withinBudget,
    within_budget_share: computeSharePercent(withinBudget, withBudget),
    plannings_sent: plannings?.plannings_sent ?? 0,
    plannings_accepted: plannings?.plannings_accepted ?? 0,
    subscriptions: presentSubscriptions(rows, key),
  };
}

/** Whether a group has anything to show: the clients without a planner get a row only then. */
function hasFigures(figures: IndicatorFigures): boolean {
  return (
    figures.active_clients + figures.new_clients + figures.lost_clients + figures.paused_clients > 0 ||
    figures.prospects + figures.lines + figures.plannings_sent > 0 ||
    (figures.subscriptions?.paying_subscriptions ?? 0) + (figures.subscriptions?.failed_charges ?? 0) > 0
  );
}

/** The figures of a period, every one an aggregate over the real tables within the scope. */
async function sumIndicators(db: Database, scope: Scope, days: IndicatorDays): Promise<ManagerIndicators> {
  const [clients, lines, prospects, plannings, months, withSubscriptions] = await Promise.all([
    sumClientFigures(db, scope, days),
    sumLineFigures(db, scope, days),
    countProspectsByStage(db, scope, days),
    countPlannings(db, scope, days),
    countMonthFigures(db, scope, days),
    hasSubscriptions(db, scope),
  ]);
  const [recurring, failedCharges] = withSubscriptions
    ? await Promise.all([findRecurringSubscriptions(db, scope, days), sumFailedCharges(db, scope, days)])
    : [null, []];
  const rows: ReadRows = {
    clients: indexRows(clients),
    lines: indexRows(lines),
    plannings: indexRows(plannings),
    prospects,
    failedCharges: indexRows(failedCharges),
    subscriptions: recurring,
  };
  const namedIds = new Set<number>();
  for (const row of [...clients, ...lines, ...prospects, ...plannings, ...failedCharges, ...(recurring ?? [])]) {
    if (row.planner !== null) namedIds.add(row.planner);
  }
  const advisers = await findAdvisers(db, scope, [...namedIds]);
  const planners: PlannerIndicators[] = advisers.map((adviser) => ({
    planner: adviser,
    ...presentFigures(rows, adviser.id),
  }));
  const unadvised = presentFigures(rows, null);
  if (hasFigures(unadvised)) planners.push({ planner: null, ...unadvised });
  return {
    start: days.start,
    end: days.end,
    reference_day: days.referenceDay,
    budget_month: days.budgetMonth,
    organization: presentFigures(rows, 'whole'),
    planners,
    months,
  };
}

/**
 * GET indicators/ (ADR 36): the organization's figures over the period and each planner's, within
 * the manager's organization (`buildCallerScope`); kept while what they are read from is unchanged.
 */
export async function readManagerIndicators(
  deps: AppDependencies,
  caller: Caller,
  period: IndicatorPeriod,
  now: Date = new Date(),
): Promise<ManagerIndicators> {
  const { db } = deps;
  const scope = buildCallerScope(caller);
  const days = describeIndicatorDays(period, now);
  const key = [scope.organizationId, days.start, days.end, days.referenceDay].join(':');
  return findAnswerKeeper<ManagerIndicators>(db, 'indicators', maximumKeptIndicators)(
    key,
    () => readIndicatorsFingerprint(db, scope),
    () => sumIndicators(db, scope, days),
  );
}
