import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { authTokens, liveTickets, users } from '../../db/schema';
import { createSecret, hashSecret } from '../../lib/secrets';

/** Long enough for a browser to open the stream right after asking, too short to be worth stealing. */
export const liveTicketSeconds = 30;

/**
 * A single-use ticket for the caller's session (the one whose key signed this request). Only its
 * hash is stored; the session's end, or signing out, ends the ticket too. Old tickets are removed
 * here, so the table holds no more than the last half minute's.
 */
export async function createLiveTicket(
  db: Database,
  userId: number,
  sessionKey: string,
  now: Date,
): Promise<string | null> {
  const ticket = createSecret(24);
  const [session] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(and(eq(authTokens.keyHash, hashSecret(sessionKey)), eq(authTokens.userId, userId)));
  if (!session) return null;
  await db.delete(liveTickets).where(lt(liveTickets.expiresAt, now));
  await db.insert(liveTickets).values({
    ticketHash: hashSecret(ticket),
    userId,
    authTokenId: session.id,
    expiresAt: new Date(now.getTime() + liveTicketSeconds * 1000),
  });
  return ticket;
}

/**
 * Spends a ticket: deleted as it is read, so it opens one stream however many try it. Answers whose
 * stream it opens and when their session ends, or null for an unknown, spent or expired ticket.
 */
export async function redeemLiveTicket(
  db: Database,
  ticket: string,
  now: Date,
): Promise<{ userId: number; authTokenId: number; sessionEndsAt: Date } | null> {
  const [spent] = await db
    .delete(liveTickets)
    .where(and(eq(liveTickets.ticketHash, hashSecret(ticket)), gt(liveTickets.expiresAt, now)))
    .returning({ userId: liveTickets.userId, authTokenId: liveTickets.authTokenId });
  if (!spent) return null;
  const [session] = await db
    .select({ expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.id, spent.authTokenId), gt(authTokens.expiresAt, now), isNull(users.deactivatedAt)));
  return session ? { userId: spent.userId, authTokenId: spent.authTokenId, sessionEndsAt: session.expiresAt } : null;
}

/** Whether a stream's session still holds: not signed out, not ended, the account still active. */
export async function isLiveSessionOpen(db: Database, authTokenId: number): Promise<boolean> {
  const [session] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.id, authTokenId), gt(authTokens.expiresAt, sql`now()`), isNull(users.deactivatedAt)));
  return session !== undefined;
}
