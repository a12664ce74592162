import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { spentChallenges } from '../../db/schema';
import { hashSecret } from '../../lib/secrets';

/**
 * Marks a solution or pass as used: true the first time, false for every later use (in any
 * process: the primary key decides between parallel uses).
 */
export async function spendChallengeKey(db: Database, key: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db
    .insert(spentChallenges)
    .values({ keyHash: hashSecret(key), expiresAt })
    .onConflictDoNothing()
    .returning({ keyHash: spentChallenges.keyHash });
  return inserted.length === 1;
}

/** Used solutions and passes past their expiry: refused by their own time now, no need to remember them. */
export async function removeSpentChallenges(db: Database, now: Date): Promise<number> {
  const removed = await db
    .delete(spentChallenges)
    .where(lt(spentChallenges.expiresAt, sql`${now.toISOString()}::timestamptz`));
  return removed.rowCount ?? 0;
}
