import { and, desc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { authTokens, pushTokens } from '../../db/schema';
import { hashSecret } from '../../lib/secrets';

export type PushTokenKind = (typeof pushTokens.$inferSelect)['kind'];

/** A user keeps this many devices; registering one more forgets the one registered longest ago. */
export const maximumPushDevicesPerUser = 10;

/**
 * Registers a device's token for the user's session (the one whose key signed the request); a token
 * another user or session registered before moves to this one. False when the session is gone.
 */
export async function savePushToken(
  db: Database,
  userId: number,
  sessionKey: string,
  kind: PushTokenKind,
  token: string,
): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const [session] = await transaction
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(and(eq(authTokens.keyHash, hashSecret(sessionKey)), eq(authTokens.userId, userId)));
    if (!session) return false;
    await transaction
      .insert(pushTokens)
      .values({ userId, authTokenId: session.id, kind, token })
      .onConflictDoUpdate({
        target: pushTokens.token,
        set: { userId, authTokenId: session.id, kind, updatedAt: sql`now()` },
      });
    const kept = transaction
      .select({ id: pushTokens.id })
      .from(pushTokens)
      .where(eq(pushTokens.userId, userId))
      .orderBy(desc(pushTokens.updatedAt), desc(pushTokens.id))
      .limit(maximumPushDevicesPerUser);
    await transaction.delete(pushTokens).where(and(eq(pushTokens.userId, userId), notInArray(pushTokens.id, kept)));
    return true;
  });
}

/** Removes one of the user's own tokens; whether there was one. */
export async function deletePushToken(db: Database, userId: number, token: string): Promise<boolean> {
  const removed = await db
    .delete(pushTokens)
    .where(and(eq(pushTokens.userId, userId), eq(pushTokens.token, token)))
    .returning({ id: pushTokens.id });
  return removed.length > 0;
}

/** The user's devices whose session is still open: an expired one waits for its cleanup unsent to. */
function selectLiveDevices(db: Database | Transaction, userId: number) {
  return db
    .select({ id: pushTokens.id, kind: pushTokens.kind, token: pushTokens.token })
    .from(pushTokens)
    .innerJoin(authTokens, eq(authTokens.id, pushTokens.authTokenId))
    .where(and(eq(pushTokens.userId, userId), gt(authTokens.expiresAt, sql`now()`)));
}

/** Whether the user has a device to push to (a notification then gets a push delivery). */
export async function hasPushDevice(db: Database | Transaction, userId: number): Promise<boolean> {
  const [found] = await selectLiveDevices(db, userId).limit(1);
  return found !== undefined;
}

export async function findUserPushTokens(db: Database, userId: number) {
  return selectLiveDevices(db, userId);
}

export async function deletePushTokensById(db: Database, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const removed = await db.delete(pushTokens).where(inArray(pushTokens.id, ids)).returning({ id: pushTokens.id });
  return removed.length;
}
