import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { authTokens, openBankingConnections, openBankingSessions } from '../../db/schema';
import { buildClientOwnedWhere, type ClientScope, type Scope } from '../../lib/scope';
import { hashSecret } from '../../lib/secrets';

type Executor = Database | Transaction;

export type ConnectionRow = typeof openBankingConnections.$inferSelect;

/** The session (auth token) a key opens, if it is the user's and still open. */
export async function findSessionId(db: Executor, userId: number, sessionKey: string): Promise<number | null> {
  const [session] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.keyHash, hashSecret(sessionKey)),
        eq(authTokens.userId, userId),
        gt(authTokens.expiresAt, new Date()),
      ),
    );
  return session?.id ?? null;
}

export async function upsertSession(
  db: Executor,
  scope: ClientScope,
  values: { provider: string; externalUserId: string; platform: string; os: string },
) {
  const [session] = await db
    .insert(openBankingSessions)
    .values({ organizationId: scope.organizationId, clientUserId: scope.clientUserId, ...values })
    .onConflictDoUpdate({
      target: [openBankingSessions.clientUserId, openBankingSessions.provider],
      set: { platform: values.platform, os: values.os, updatedAt: sql`now()` },
    })
    .returning();
  if (!session) throw new Error('The open banking session was not written.');
  return session;
}

export async function insertConnection(
  db: Executor,
  scope: ClientScope,
  values: Omit<typeof openBankingConnections.$inferInsert, 'organizationId' | 'clientUserId'>,
): Promise<ConnectionRow> {
  const [connection] = await db
    .insert(openBankingConnections)
    .values({ organizationId: scope.organizationId, clientUserId: scope.clientUserId, ...values })
    .returning();
  if (!connection) throw new Error('The connection was not written.');
  return connection;
}

/**
 * Spends a `state` in one statement: the connection waiting for the bank whose state this is,
 * started by this session, not yet expired and still within the caller's reach, loses its state and
 * is answered; anything else (another session's state, one already used, one past its ten minutes)
 * finds nothing. No lock is held while the bank is then called.
 */
export async function spendConsentState(
  db: Executor,
  scope: Scope,
  state: string,
  sessionId: number,
): Promise<ConnectionRow | null> {
  const [connection] = await db
    .update(openBankingConnections)
    .set({ stateHash: null, stateAuthTokenId: null, stateExpiresAt: null })
    .where(
      and(
        buildClientOwnedWhere(openBankingConnections, scope),
        eq(openBankingConnections.stateHash, hashSecret(state)),
        eq(openBankingConnections.stateAuthTokenId, sessionId),
        eq(openBankingConnections.status, 'awaiting_consent'),
        gt(openBankingConnections.stateExpiresAt, new Date()),
      ),
    )
    .returning();
  return connection ?? null;
}

/** Consents of the client still waiting for the bank within their ten minutes. */
export async function countOpenConsentRequests(db: Executor, scope: ClientScope): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(openBankingConnections)
    .where(
      and(
        buildClientOwnedWhere(openBankingConnections, scope),
        eq(openBankingConnections.status, 'awaiting_consent'),
        gt(openBankingConnections.stateExpiresAt, new Date()),
      ),
    );
  return row?.value ?? 0;
}

/**
 * Marks a connection revoked and drops its token, unless it already was: answers the row as it was
 * before (with its sealed token, for the bank's side) or null when another call got there first.
 */
export async function markConnectionRevoked(db: Database, connection: ConnectionRow): Promise<ConnectionRow | null> {
  const [revoked] = await db
    .update(openBankingConnections)
    .set({ status: 'revoked', revokedAt: new Date(), accessTokenCiphertext: null })
    .where(
      and(
        eq(openBankingConnections.id, connection.id),
        sql`${openBankingConnections.status} not in ('revoked', 'awaiting_consent')`,
      ),
    )
    .returning();
  return revoked ?? null;
}

/** Requests that never came back from the bank, a day on: nothing can reach them any more. */
export async function removeAbandonedConsentRequests(db: Database, now: Date): Promise<number> {
  const removed = await db
    .delete(openBankingConnections)
    .where(
      and(
        eq(openBankingConnections.status, 'awaiting_consent'),
        sql`${openBankingConnections.createdAt} < ${new Date(now.getTime() - 86_400_000)}`,
      ),
    )
    .returning({ id: openBankingConnections.id });
  return removed.length;
}

export async function updateConnection(
  db: Executor,
  id: number,
  changes: Partial<typeof openBankingConnections.$inferInsert>,
): Promise<ConnectionRow> {
  const [connection] = await db
    .update(openBankingConnections)
    .set(changes)
    .where(eq(openBankingConnections.id, id))
    .returning();
  if (!connection) throw new Error('The connection was not updated.');
  return connection;
}

export async function findConnection(db: Executor, scope: Scope, id: number): Promise<ConnectionRow | null> {
  const [connection] = await db
    .select()
    .from(openBankingConnections)
    .where(and(buildClientOwnedWhere(openBankingConnections, scope), eq(openBankingConnections.id, id)));
  return connection ?? null;
}

/** The client's connections, newest first; those still waiting for the bank are left out. */
export async function findConnections(db: Database, scope: ClientScope, page: { limit: number; offset: number }) {
  const where = and(
    buildClientOwnedWhere(openBankingConnections, scope),
    sql`${openBankingConnections.status} <> 'awaiting_consent'`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(openBankingConnections)
      .where(where)
      .orderBy(desc(openBankingConnections.createdAt), desc(openBankingConnections.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(openBankingConnections).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}
