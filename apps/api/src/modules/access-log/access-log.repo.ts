import type { ClientAccessAction } from '@prumo/domain/clients/access-log';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { clientAccessLog, users } from '../../db/schema';
import type { PageQuery } from '../../lib/pagination';
import type { ClientScope } from '../../lib/scope';

/** Adds one opening to the log, the adviser's name as it is now (the log keeps it as it was). */
export async function insertAccessLogEntry(
  db: Database,
  scope: ClientScope,
  action: ClientAccessAction,
  subject: string | null,
): Promise<void> {
  const { caller } = scope;
  await db.insert(clientAccessLog).values({
    organizationId: scope.organizationId,
    clientUserId: scope.clientUserId,
    viewerUserId: caller.userId,
    viewerName: sql`(select trim(${users.firstName} || ' ' || ${users.lastName}) from ${users} where ${users.id} = ${caller.userId})`,
    viewerRole: caller.role,
    action,
    subject,
  });
}

/** The scope's client's log, newest first: a page and the total. */
export async function findAccessLogPage(db: Database, scope: ClientScope, page: PageQuery) {
  const where = and(
    eq(clientAccessLog.organizationId, scope.organizationId),
    eq(clientAccessLog.clientUserId, scope.clientUserId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(clientAccessLog)
      .where(where)
      .orderBy(desc(clientAccessLog.createdAt), desc(clientAccessLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(clientAccessLog).where(where),
  ]);
  return { rows, count: total?.total ?? 0 };
}
