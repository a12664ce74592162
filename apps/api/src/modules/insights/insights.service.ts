import { findTodayInBrazil } from '@prumo/domain/br/date';
import { findMonthOfDay, shiftMonth } from '@prumo/domain/budget/target-month';
import {
  findInsightLinesStart,
  findInsights,
  type InsightFigures,
  insightThresholds,
} from '@prumo/domain/insights/insight-rules';
import type { ExpenseLine } from '@prumo/domain/reminders/recurring-bills';
import type { AppDependencies } from '../../dependencies';
import { countPeopleServed, waitWhilePeopleAreServed } from '../../jobs/yield-to-people';
import { failNotFound } from '../../lib/domain-errors';
import { buildClientOwnScope, type ClientScope, type Scope } from '../../lib/scope';
import { compareMonthWithPlan } from '../budget/index';
import { buildFutureFlowChart } from '../future-flow/index';
import { raiseNotifications } from '../notifications/index';
import {
  type ClientToScan,
  findClientsToScan,
  findExpenseLinesOfClients,
  findLowBalanceThreshold,
  findScopedInsights,
  type InsightRow,
  insertNewInsights,
  markScopedInsightRead,
  saveLowBalanceThreshold,
} from './insights.repo';

export const insightMessages = {
  notFound: 'Insight não encontrado.',
};

function presentInsight(row: InsightRow & { clientName?: string }) {
  return {
    id: row.id,
    client: row.clientUserId,
    client_name: row.clientName ?? null,
    rule: row.rule,
    title: row.title,
    body: row.body,
    link: row.link,
    evidence: row.evidence,
    read: row.readAt !== null,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export type InsightView = ReturnType<typeof presentInsight>;

export async function listInsights(deps: AppDependencies, scope: Scope, options: { unreadOnly: boolean }) {
  return (await findScopedInsights(deps.db, scope, options)).map(presentInsight);
}

export async function markInsightRead(deps: AppDependencies, scope: Scope, id: number) {
  const row = await markScopedInsightRead(deps.db, scope, id);
  if (!row) failNotFound(insightMessages.notFound);
  return presentInsight(row);
}

export async function readInsightSettings(deps: AppDependencies, scope: ClientScope) {
  return { low_balance_threshold: await findLowBalanceThreshold(deps.db, scope) };
}

export async function changeInsightSettings(deps: AppDependencies, scope: ClientScope, thresholdCents: number) {
  return { low_balance_threshold: await saveLowBalanceThreshold(deps.db, scope, thresholdCents) };
}

/**
 * A client's figures for the rules, each from the feature that shows it, so an insight never tells
 * another figure than its screen: the future flow's projected balances (only where the organization
 * has the future flow), the budget comparison of the month (its month result and categories).
 */
async function readInsightFigures(
  deps: AppDependencies,
  client: ClientToScan,
  expenseLines: readonly ExpenseLine[],
  now: Date,
): Promise<InsightFigures> {
  const scope = buildClientOwnScope(client, now);
  const today = findTodayInBrazil(now);
  const currentMonth = findMonthOfDay(today);
  const [chart, month] = await Promise.all([
    client.features.includes('future_flow')
      ? buildFutureFlowChart(deps, scope, {
          startMonth: currentMonth,
          endMonth: shiftMonth(currentMonth, insightThresholds.lowPointMonths - 1),
          currentMonth,
        })
      : Promise.resolve(null),
    compareMonthWithPlan(deps, scope, currentMonth),
  ]);
  const projected = chart?.series.find((series) => series.name === 'Saldo projetado')?.data ?? [];
  const { totals } = month.comparison;
  return {
    today,
    projection: projected.map((point, index) => ({
      // "MM/YYYY" back to the month it names.
      month: `${point.date.slice(3, 7)}-${point.date.slice(0, 2)}-01`,
      projectedBalanceCents: point.amount,
      projectedResultCents: chart?.months[index]?.projectedResult ?? 0,
    })),
    lowBalanceThresholdCents: client.lowBalanceThresholdCents,
    currentMonth: {
      incomeCents: totals.income.actualCents,
      expenseCents: totals.expense.actualCents,
      assetTransferCents: totals.assetTransfer.actualCents,
      resultCents: totals.result.actualCents,
    },
    budget: month.hasPlan ? { expense: month.comparison.expense } : null,
    expenseLines,
  };
}

/**
 * Runs the rules for one client and stores what is new, each told as a notification in the same
 * transaction: answers only the insights added now, never one a window already holds.
 */
export async function generateClientInsights(
  deps: AppDependencies,
  client: ClientToScan,
  expenseLines: readonly ExpenseLine[],
  now: Date,
): Promise<InsightRow[]> {
  const figures = await readInsightFigures(deps, client, expenseLines, now);
  const drafts = findInsights(figures);
  if (drafts.length === 0) return [];
  return deps.db.transaction(async (transaction) => {
    const added = await insertNewInsights(transaction, client, drafts);
    // Each new insight tells the client, and their planner when the organization has the feature.
    const plannerUserId = client.features.includes('insight') ? client.plannerUserId : null;
    await raiseNotifications(
      transaction,
      added.flatMap((insight) => {
        const told = {
          eventKey: `insight:${insight.id}`,
          kind: 'notice',
          title: insight.title,
          body: insight.body,
          insightId: insight.id,
          generatedAt: insight.createdAt,
          clientUserId: client.clientUserId,
        } as const;
        return [
          { ...told, userId: client.clientUserId, screen: 'insights' },
          // The planner's dashboard lists every client's unread insights, each with its link.
          ...(plannerUserId !== null ? [{ ...told, userId: plannerUserId, screen: 'dashboard' }] : []),
        ];
      }),
    );
    return added;
  });
}

/**
 * Clients read per batch (their lines in one statement), how many of a batch run at once, and how
 * the run over every client waits for people after each client. The morning run shares the machine
 * with people using Prumo: on two cores 8 clients at once doubled the cash-flow page's p99 while it
 * ran and one at a time still added half, so while the web processes are serving people it waits
 * (up to 5 s a client: under a load that never rests, 1,000 clients end in under 90 minutes):
 * people served by this process (its own calls counted) or by another (their sessions in
 * PostgreSQL). See docs/performance.md.
 */
export const insightBatch = {
  clients: 100,
  concurrency: 1,
  yieldToPeople: { stepMilliseconds: 50, maxMilliseconds: 5_000 },
};

/**
 * The rules over every client (or `only` these), batch by batch in id order: each batch's lines in
 * one statement, its clients one at a time. Answers what was added, by client.
 */
export async function generateInsights(
  deps: AppDependencies,
  now: Date,
  options: { only?: readonly number[] } = {},
): Promise<{ clients: number; added: InsightRow[] }> {
  const today = findTodayInBrazil(now);
  const start = findInsightLinesStart(today);
  const added: InsightRow[] = [];
  let clients = 0;
  let afterUserId = 0;
  for (;;) {
    const batch = await findClientsToScan(deps.db, {
      afterUserId,
      limit: insightBatch.clients,
      only: options.only,
    });
    if (batch.length === 0) break;
    afterUserId = batch.at(-1)?.clientUserId ?? afterUserId;
    const lines = await findExpenseLinesOfClients(
      deps.db,
      batch.map((client) => client.clientUserId),
      start,
      today,
    );
    let next = 0;
    const work = async () => {
      while (next < batch.length) {
        const client = batch[next] as ClientToScan;
        next += 1;
        added.push(...(await generateClientInsights(deps, client, lines.get(client.clientUserId) ?? [], now)));
        // A client's own run (after their import) is theirs to wait for: it never waits.
        if (!options.only) {
          await waitWhilePeopleAreServed(() => countPeopleServed(deps.db), insightBatch.yieldToPeople);
        }
      }
    };
    await Promise.all(Array.from({ length: insightBatch.concurrency }, work));
    clients += batch.length;
    if (batch.length < insightBatch.clients) break;
  }
  return { clients, added };
}
