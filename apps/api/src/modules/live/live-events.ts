import type { LiveTopic } from '@prumo/domain/notifications/notifications';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';

/** The PostgreSQL channel every Prumo process listens on. */
export const liveChannel = 'prumo_live';

export interface LiveEvent {
  userIds: number[];
  topic: LiveTopic;
}

/** NOTIFY payloads stop at 8000 bytes: 500 ids of up to 10 digits stay well under it. */
const userIdsPerNotice = 500;

/**
 * Tells every Prumo process that these users' `topic` changed. Sent on a transaction, PostgreSQL
 * delivers it only when that transaction commits (and never if it rolls back), so a browser is
 * never told to read what is not there yet.
 */
export async function publishLiveEvent(db: Database | Transaction, event: LiveEvent): Promise<void> {
  const userIds = [...new Set(event.userIds)];
  for (let start = 0; start < userIds.length; start += userIdsPerNotice) {
    const payload = JSON.stringify({ userIds: userIds.slice(start, start + userIdsPerNotice), topic: event.topic });
    await db.execute(sql`select pg_notify(${liveChannel}, ${payload})`);
  }
}
