import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { pushTokens } from '../../db/schema';

export type PushTokenKind = (typeof pushTokens.$inferSelect)['kind'];

/** Registers a device's token for the user; one another user registered before moves to this one. */
export async function savePushToken(db: Database, userId: number, kind: PushTokenKind, token: string): Promise<void> {
  await db
    .insert(pushTokens)
    .values({ userId, kind, token })
    .onConflictDoUpdate({ target: pushTokens.token, set: { userId, kind, updatedAt: new Date() } });
}

/** Removes one of the user's own tokens; whether there was one. */
export async function deletePushToken(db: Database, userId: number, token: string): Promise<boolean> {
  const removed = await db
    .delete(pushTokens)
    .where(and(eq(pushTokens.userId, userId), eq(pushTokens.token, token)))
    .returning({ id: pushTokens.id });
  return removed.length > 0;
}

/** Whether the user has a device to push to (a notification then gets a push delivery). */
export async function hasPushDevice(db: Database | Transaction, userId: number): Promise<boolean> {
  const [found] = await db.select({ id: pushTokens.id }).from(pushTokens).where(eq(pushTokens.userId, userId)).limit(1);
  return found !== undefined;
}

export async function findUserPushTokens(db: Database, userId: number) {
  return db
    .select({ id: pushTokens.id, kind: pushTokens.kind, token: pushTokens.token })
    .from(pushTokens)
    .where(eq(pushTokens.userId, userId));
}

export async function deletePushTokensById(db: Database, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const removed = await db.delete(pushTokens).where(inArray(pushTokens.id, ids)).returning({ id: pushTokens.id });
  return removed.length;
}
