import { and, count, desc, eq, gt, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import {
  authTokens,
  openBankingAccounts,
  openBankingConnections,
  openBankingPendingLines,
  openBankingSessions,
  organizations,
} from '../../db/schema';
import { buildClientOwnedWhere, type ClientOfJob, type ClientScope, type Scope } from '../../lib/scope';
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
  values: { provider: string; connector: string; externalUserId: string; platform: string; os: string },
) {
  const [session] = await db
    .insert(openBankingSessions)
    .values({ organizationId: scope.organizationId, clientUserId: scope.clientUserId, ...values })
    .onConflictDoUpdate({
      target: [openBankingSessions.clientUserId, openBankingSessions.connector],
      // The integration may have been configured with another provider since.
      set: {
        provider: values.provider,
        externalUserId: values.externalUserId,
        platform: values.platform,
        os: values.os,
        updatedAt: sql`now()`,
      },
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
  connector?: string,
): Promise<ConnectionRow | null> {
  const [connection] = await db
    .update(openBankingConnections)
    .set({ stateHash: null, stateAuthTokenId: null, stateExpiresAt: null })
    .where(
      and(
        buildClientOwnedWhere(openBankingConnections, scope),
        connector === undefined ? undefined : eq(openBankingConnections.connector, connector),
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
    // The token stays until the institution has been told (forgetConnectionToken): a failed try is retried.
    .set({ status: 'revoked', revokedAt: new Date(), syncStatus: 'idle', syncError: null })
    .where(
      and(
        eq(openBankingConnections.id, connection.id),
        sql`${openBankingConnections.status} not in ('revoked', 'awaiting_consent')`,
      ),
    )
    .returning();
  return revoked ?? null;
}

/** The institution knows the consent ended (or it ended by its term): Prumo drops its token. */
export async function forgetConnectionToken(db: Database, id: number): Promise<void> {
  await db
    .update(openBankingConnections)
    .set({ accessTokenCiphertext: null })
    .where(and(eq(openBankingConnections.id, id), eq(openBankingConnections.status, 'revoked')));
}

/**
 * Gives up telling institutions of revocations older than `revokedBefore`: their tokens are dropped
 * (the consent ends at its term or in the citizen's consent panel). Answers how many.
 */
export async function dropStaleRevocationTokens(db: Database, revokedBefore: Date): Promise<number> {
  const dropped = await db
    .update(openBankingConnections)
    .set({ accessTokenCiphertext: null })
    .where(
      and(
        eq(openBankingConnections.status, 'revoked'),
        isNotNull(openBankingConnections.accessTokenCiphertext),
        lt(openBankingConnections.revokedAt, revokedBefore),
      ),
    )
    .returning({ id: openBankingConnections.id });
  return dropped.length;
}

/** Connections revoked here whose institution has not yet been told, newest first (never one just revoked). */
export async function findRevocationsToRetry(db: Database, revokedBefore: Date, limit: number) {
  return db
    .select()
    .from(openBankingConnections)
    .where(
      and(
        eq(openBankingConnections.status, 'revoked'),
        isNotNull(openBankingConnections.accessTokenCiphertext),
        lt(openBankingConnections.revokedAt, revokedBefore),
      ),
    )
    .orderBy(desc(openBankingConnections.revokedAt))
    .limit(limit);
}

/** Requests that never came back from the bank, a day on: nothing can reach them any more. */
export async function deleteAbandonedConsentRequests(db: Database, now: Date) {
  return db
    .delete(openBankingConnections)
    .where(
      and(
        eq(openBankingConnections.status, 'awaiting_consent'),
        sql`${openBankingConnections.createdAt} < ${new Date(now.getTime() - 86_400_000)}`,
      ),
    )
    .returning({
      organizationId: openBankingConnections.organizationId,
      provider: openBankingConnections.provider,
      providerKeyId: openBankingConnections.providerKeyId,
      connector: openBankingConnections.connector,
      externalConsentId: openBankingConnections.externalConsentId,
    });
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

/** The client's other active connections at the institution a connection reaches, through the same integration. */
export async function findActiveConnectionsAt(
  db: Database,
  scope: ClientScope,
  connection: Pick<ConnectionRow, 'id' | 'connector' | 'participantId'>,
): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(openBankingConnections)
    .where(
      and(
        buildClientOwnedWhere(openBankingConnections, scope),
        eq(openBankingConnections.status, 'active'),
        eq(openBankingConnections.connector, connection.connector),
        eq(openBankingConnections.participantId, connection.participantId),
        ne(openBankingConnections.id, connection.id),
      ),
    );
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

/** How long a sync may run: the job's own time limit, after which another run may take over. */
export const syncRunLimitSeconds = 15 * 60;

/**
 * Takes a connection's sync for this run: an active connection not already being synced is
 * marked running (in one statement, so two runs of it at once cannot both start), with the client
 * as a job knows them. Null when it is not active or another run has it.
 */
export async function claimConnectionSync(
  db: Database,
  id: number,
  now: Date,
): Promise<{ connection: ConnectionRow; client: ClientOfJob } | null> {
  const [connection] = await db
    .update(openBankingConnections)
    .set({ syncStatus: 'running', syncStartedAt: now })
    .where(
      and(
        eq(openBankingConnections.id, id),
        eq(openBankingConnections.status, 'active'),
        // A run older than the job's time limit died with its process: this run takes over.
        sql`(${openBankingConnections.syncStatus} <> 'running'
          or ${openBankingConnections.syncStartedAt} < ${new Date(now.getTime() - syncRunLimitSeconds * 1000)})`,
      ),
    )
    .returning();
  if (!connection) return null;
  const [organization] = await db
    .select({
      slug: organizations.slug,
      features: sql<string[]>`coalesce((select array_agg(feature.code) from organization_features feature
        where feature.organization_id = "organizations"."id"), '{}')`,
    })
    .from(organizations)
    .where(eq(organizations.id, connection.organizationId));
  if (!organization) return null;
  return {
    connection,
    client: {
      organizationId: connection.organizationId,
      organizationSlug: organization.slug,
      clientUserId: connection.clientUserId,
      features: organization.features,
    },
  };
}

/**
 * A sync asked for (on demand): an active connection not already waiting or syncing is shown as
 * waiting until the job takes it. Null when nothing changed (the caller then queues nothing).
 */
export async function markSyncWaiting(db: Executor, scope: Scope, id: number): Promise<ConnectionRow | null> {
  const [connection] = await db
    .update(openBankingConnections)
    .set({ syncStatus: 'waiting' })
    .where(
      and(
        buildClientOwnedWhere(openBankingConnections, scope),
        eq(openBankingConnections.id, id),
        eq(openBankingConnections.status, 'active'),
        inArray(openBankingConnections.syncStatus, ['idle', 'failed']),
      ),
    )
    .returning();
  return connection ?? null;
}

/**
 * A sync the provider asked for (its webhook) about one of its links in the organization: the
 * active connection made through it, unless already waiting or syncing. Null when none changed.
 */
export async function markLinkSyncWaiting(
  db: Executor,
  organizationId: number,
  provider: string,
  linkId: string,
): Promise<ConnectionRow | null> {
  const [connection] = await db
    .update(openBankingConnections)
    .set({ syncStatus: 'waiting' })
    .where(
      and(
        eq(openBankingConnections.organizationId, organizationId),
        eq(openBankingConnections.provider, provider),
        eq(openBankingConnections.externalConsentId, linkId),
        eq(openBankingConnections.status, 'active'),
        inArray(openBankingConnections.syncStatus, ['idle', 'failed']),
      ),
    )
    .returning();
  return connection ?? null;
}

/** Whether the connection is still active, held (FOR SHARE) until the transaction ends: a revoke waits for it. */
export async function holdActiveConnection(db: Transaction, id: number): Promise<boolean> {
  const [row] = await db
    .select({ status: openBankingConnections.status })
    .from(openBankingConnections)
    .where(eq(openBankingConnections.id, id))
    .for('share');
  return row?.status === 'active';
}

/**
 * Ends an active connection (its consent ended or the bank refused it), dropping its token and its
 * pending lines. False when it was not active any more (the client revoked it meanwhile).
 */
export async function endActiveConnection(
  db: Database,
  id: number,
  status: 'expired' | 'revoked',
  now: Date,
): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const [ended] = await transaction
      .update(openBankingConnections)
      .set({
        status,
        syncStatus: 'idle',
        syncError: null,
        accessTokenCiphertext: null,
        ...(status === 'revoked' ? { revokedAt: now } : {}),
      })
      .where(and(eq(openBankingConnections.id, id), eq(openBankingConnections.status, 'active')))
      .returning({ id: openBankingConnections.id });
    if (!ended) return false;
    await removePendingLinesOfConnection(transaction, id);
    return true;
  });
}

/** Pending lines mean nothing once a connection stops: they are never booked through it. */
export async function removePendingLinesOfConnection(db: Executor, connectionId: number): Promise<void> {
  await db
    .delete(openBankingPendingLines)
    .where(
      inArray(
        openBankingPendingLines.accountId,
        db
          .select({ id: openBankingAccounts.id })
          .from(openBankingAccounts)
          .where(eq(openBankingAccounts.connectionId, connectionId)),
      ),
    );
}

/** Every active connection: the daily sync's list. */
export async function findActiveConnectionIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: openBankingConnections.id })
    .from(openBankingConnections)
    .where(eq(openBankingConnections.status, 'active'))
    .orderBy(openBankingConnections.id);
  return rows.map((row) => row.id);
}

export type SyncedAccountRow = typeof openBankingAccounts.$inferSelect;

export async function findSyncedAccount(
  db: Executor,
  connectionId: number,
  externalAccountId: string,
): Promise<SyncedAccountRow | null> {
  const [account] = await db
    .select()
    .from(openBankingAccounts)
    .where(
      and(
        eq(openBankingAccounts.connectionId, connectionId),
        eq(openBankingAccounts.externalAccountId, externalAccountId),
      ),
    );
  return account ?? null;
}

export async function saveSyncedAccount(
  db: Executor,
  scope: ClientScope,
  values: Omit<typeof openBankingAccounts.$inferInsert, 'organizationId' | 'clientUserId' | 'id'>,
): Promise<SyncedAccountRow> {
  const [account] = await db
    .insert(openBankingAccounts)
    .values({ ...values, organizationId: scope.organizationId, clientUserId: scope.clientUserId })
    .onConflictDoUpdate({
      target: [openBankingAccounts.connectionId, openBankingAccounts.externalAccountId],
      set: {
        originId: values.originId,
        name: values.name,
        balanceCents: values.balanceCents,
        syncedThrough: values.syncedThrough,
        lastSyncedAt: values.lastSyncedAt,
      },
    })
    .returning();
  if (!account) throw new Error('The synced account was not written.');
  return account;
}

/** The account's pending lines become what the institution reports now. */
export async function replacePendingLines(
  db: Executor,
  scope: ClientScope,
  accountId: number,
  lines: readonly { externalId: string; date: string; amountCents: number; description: string }[],
): Promise<void> {
  await db.delete(openBankingPendingLines).where(eq(openBankingPendingLines.accountId, accountId));
  if (lines.length === 0) return;
  await db.insert(openBankingPendingLines).values(
    lines.map((line) => ({
      ...line,
      accountId,
      organizationId: scope.organizationId,
      clientUserId: scope.clientUserId,
    })),
  );
}

/** The accounts each connection shares, with how many lines wait as pending in each. */
export async function findAccountsOfConnections(db: Executor, scope: Scope, connectionIds: readonly number[]) {
  if (connectionIds.length === 0) return [];
  return db
    .select({
      connectionId: openBankingAccounts.connectionId,
      originId: openBankingAccounts.originId,
      name: openBankingAccounts.name,
      balanceCents: openBankingAccounts.balanceCents,
      lastSyncedAt: openBankingAccounts.lastSyncedAt,
      pendingLines: sql<number>`(select count(*)::int from open_banking_pending_lines pending
        where pending.account_id = "open_banking_accounts"."id")`,
    })
    .from(openBankingAccounts)
    .where(
      and(
        buildClientOwnedWhere(openBankingAccounts, scope),
        inArray(openBankingAccounts.connectionId, [...connectionIds]),
      ),
    )
    .orderBy(openBankingAccounts.id);
}

/** A sync that ended well: idle again, its time kept; a connection revoked meanwhile keeps its state. */
export async function finishSync(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .update(openBankingConnections)
    .set({ syncStatus: 'idle', syncError: null, lastSyncAt: now })
    .where(and(eq(openBankingConnections.id, id), eq(openBankingConnections.status, 'active')));
}
