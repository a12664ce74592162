import type { InsightDraft, InsightLink, InsightRuleName } from '@prumo/domain/insights/insight-rules';
import type { ExpenseLine } from '@prumo/domain/reminders/recurring-bills';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { insightSettings, insights, organizationFeatures, organizations, profiles, users } from '../../db/schema';
import { buildClientOwnedWhere, type ClientScope, type Scope } from '../../lib/scope';

type Executor = Database | Transaction;

export interface InsightRow {
  id: number;
  organizationId: number;
  clientUserId: number;
  rule: InsightRuleName;
  windowKey: string;
  title: string;
  body: string;
  link: InsightLink;
  evidence: Record<string, unknown>;
  readAt: Date | null;
  createdAt: Date;
}

const insightColumns = {
  id: insights.id,
  organizationId: insights.organizationId,
  clientUserId: insights.clientUserId,
  rule: sql<InsightRuleName>`${insights.rule}`,
  windowKey: insights.windowKey,
  title: insights.title,
  body: insights.body,
  link: sql<InsightLink>`${insights.link}`,
  evidence: sql<Record<string, unknown>>`${insights.evidence}`,
  readAt: insights.readAt,
  createdAt: insights.createdAt,
};

/**
 * The read mark of the caller's side: the client reads their own insights; planners and managers
 * keep theirs apart, so a planner's reading never hides an insight from the client as new.
 */
function findReadColumn(scope: Scope) {
  return scope.caller.role === 'client' ? insights.readAt : insights.advisorReadAt;
}

function selectInsightColumns(scope: Scope) {
  return { ...insightColumns, readAt: findReadColumn(scope) };
}

/** At most this many insights are answered at once, newest first. */
export const maximumInsightsListed = 200;

/** The scope's insights (a client's own, or every client a planner or manager reaches), with the client's name. */
export async function findScopedInsights(
  db: Database,
  scope: Scope,
  options: { unreadOnly: boolean },
): Promise<(InsightRow & { clientName: string })[]> {
  return db
    .select({
      ...selectInsightColumns(scope),
      clientName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(insights)
    .innerJoin(users, eq(users.id, insights.clientUserId))
    .where(and(buildClientOwnedWhere(insights, scope), options.unreadOnly ? isNull(findReadColumn(scope)) : undefined))
    .orderBy(desc(insights.createdAt), desc(insights.id))
    .limit(maximumInsightsListed);
}

/**
 * Marks one insight of the scope read for the caller's side (kept as first read); null when the
 * scope does not reach it.
 */
export async function markScopedInsightRead(db: Database, scope: Scope, id: number): Promise<InsightRow | null> {
  const readColumn = findReadColumn(scope);
  const [row] = await db
    .update(insights)
    .set(
      scope.caller.role === 'client'
        ? { readAt: sql`coalesce(${readColumn}, now())` }
        : { advisorReadAt: sql`coalesce(${readColumn}, now())` },
    )
    .where(and(eq(insights.id, id), buildClientOwnedWhere(insights, scope)))
    .returning(selectInsightColumns(scope));
  return row ?? null;
}

/**
 * Adds the drafts of one client: a draft whose client, rule and window already have an insight adds
 * nothing (the unique key decides, however many runs race). Answers only the rows added now.
 */
export async function insertNewInsights(
  transaction: Executor,
  client: { organizationId: number; clientUserId: number },
  drafts: readonly InsightDraft[],
): Promise<InsightRow[]> {
  if (drafts.length === 0) return [];
  return transaction
    .insert(insights)
    .values(
      drafts.map((draft) => ({
        organizationId: client.organizationId,
        clientUserId: client.clientUserId,
        rule: draft.rule,
        windowKey: draft.windowKey,
        title: draft.title,
        body: draft.body,
        link: draft.link,
        evidence: draft.evidence,
      })),
    )
    .onConflictDoNothing({ target: [insights.clientUserId, insights.rule, insights.windowKey] })
    .returning(insightColumns);
}

export async function findLowBalanceThreshold(db: Executor, scope: ClientScope): Promise<number> {
  const [row] = await db
    .select({ cents: insightSettings.lowBalanceThresholdCents })
    .from(insightSettings)
    .where(
      and(
        eq(insightSettings.clientUserId, scope.clientUserId),
        eq(insightSettings.organizationId, scope.organizationId),
      ),
    );
  return row?.cents ?? 0;
}

export async function saveLowBalanceThreshold(db: Executor, scope: ClientScope, cents: number): Promise<number> {
  const [row] = await db
    .insert(insightSettings)
    .values({ clientUserId: scope.clientUserId, organizationId: scope.organizationId, lowBalanceThresholdCents: cents })
    .onConflictDoUpdate({
      target: insightSettings.clientUserId,
      set: { lowBalanceThresholdCents: cents, updatedAt: sql`now()` },
    })
    .returning({ cents: insightSettings.lowBalanceThresholdCents });
  return row?.cents ?? cents;
}

/** A client the job runs the rules for, with what it needs to read their data as they would. */
export interface ClientToScan {
  clientUserId: number;
  organizationId: number;
  organizationSlug: string;
  features: string[];
  lowBalanceThresholdCents: number;
  /** Told of the client's insights too, when the organization has the insight feature. */
  plannerUserId: number | null;
}

/** The next batch of clients after `afterUserId` (every organization), in id order; `only`: these clients. */
export async function findClientsToScan(
  db: Database,
  options: { afterUserId: number; limit: number; only?: readonly number[] },
): Promise<ClientToScan[]> {
  return db
    .select({
      clientUserId: users.id,
      organizationId: users.organizationId,
      organizationSlug: organizations.slug,
      features: sql<
        string[]
      >`coalesce((select array_agg(${organizationFeatures.code}) from ${organizationFeatures} where ${organizationFeatures.organizationId} = ${organizations.id}), '{}')`,
      lowBalanceThresholdCents: sql<number>`coalesce(${insightSettings.lowBalanceThresholdCents}, 0)::float8`,
      plannerUserId: profiles.plannerUserId,
    })
    .from(users)
    .innerJoin(profiles, and(eq(profiles.userId, users.id), eq(profiles.accessLevel, 'client')))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(insightSettings, eq(insightSettings.clientUserId, users.id))
    .where(and(gt(users.id, options.afterUserId), options.only ? inArray(users.id, [...options.only]) : undefined))
    .orderBy(asc(users.id))
    .limit(options.limit);
}

/**
 * The expense lines of a batch of clients from `start` to `today`, in one statement, as the
 * recurring-bill rule reads them: money out, no ignored line, no own transfer or investment, no
 * line of an ignored account, a readable merchant.
 */
export async function findExpenseLinesOfClients(
  db: Database,
  clientUserIds: readonly number[],
  start: string,
  today: string,
): Promise<Map<number, ExpenseLine[]>> {
  const byClient = new Map<number, ExpenseLine[]>();
  if (clientUserIds.length === 0) return byClient;
  const result = await db.execute<{
    client_user_id: number;
    id: string;
    date: string;
    amount_cents: string;
    name: string;
    merchant_key: string;
  }>(sql`
    select t.client_user_id, t.id, t.date::text as date, t.amount_cents, t.name, t.merchant_key
    from transactions t
    join origins o on o.id = t.origin_id and not o.ignored
    where t.client_user_id = any(${sql.raw(`array[${clientUserIds.map(Number).join(',')}]::int[]`)})
      and t.organization_id = o.organization_id
      and t.cash_date >= ${start} and t.date >= ${start} and t.date <= ${today}
      and t.amount_cents < 0 and not t.ignored and not t.is_asset_transfer and t.merchant_key <> ''
    order by t.client_user_id, t.date, t.id`);
  for (const row of result.rows) {
    const clientUserId = Number(row.client_user_id);
    const list = byClient.get(clientUserId) ?? [];
    list.push({
      id: Number(row.id),
      date: row.date,
      amountCents: Number(row.amount_cents),
      name: row.name,
      merchantKey: row.merchant_key,
    });
    byClient.set(clientUserId, list);
  }
  return byClient;
}
