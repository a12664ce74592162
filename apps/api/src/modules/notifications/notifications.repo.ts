import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { notifications, profiles, users } from '../../db/schema';
import type { PageQuery } from '../../lib/pagination';
import { buildReachableClientsWhere } from '../../lib/scope';
import type { Caller } from '../../plugins/authentication';

const clients = alias(users, 'notification_clients');

/**
 * Which notifications a call reaches: always the caller's own, in their organization; for the
 * planners' calls only those about a client still within their reach (a client moved to another
 * planner takes their notifications along).
 */
export function buildNotificationsWhere(caller: Caller, options: { aboutClients: boolean }): SQL {
  const own = and(eq(notifications.userId, caller.userId), eq(notifications.organizationId, caller.organizationId));
  if (!options.aboutClients) return own as SQL;
  const reachableClients = sql`(select ${users.id} from ${profiles} inner join ${users} on ${users.id} = ${profiles.userId} where ${buildReachableClientsWhere(caller)})`;
  return and(own, isNotNull(notifications.clientUserId), inArray(notifications.clientUserId, reachableClients)) as SQL;
}

export async function findNotificationPage(db: Database, where: SQL, page: PageQuery) {
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        title: notifications.title,
        body: notifications.body,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
        link: notifications.link,
        insightId: notifications.insightId,
        generatedAt: notifications.generatedAt,
        additionalInfo: notifications.additionalInfo,
        clientFirstName: clients.firstName,
        clientLastName: clients.lastName,
      })
      .from(notifications)
      .leftJoin(clients, eq(clients.id, notifications.clientUserId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(notifications).where(where),
    db
      .select({ value: count() })
      .from(notifications)
      .where(and(where, isNull(notifications.readAt))),
  ]);
  return { rows, count: total?.value ?? 0, unread: unread?.value ?? 0 };
}

export type NotificationRow = Awaited<ReturnType<typeof findNotificationPage>>['rows'][number];

/** Marks read (keeping the first time it was read) or unread; answers whether the call reached one. */
export async function updateNotificationRead(db: Database, where: SQL, id: number, read: boolean, now: Date) {
  const [updated] = await db
    .update(notifications)
    .set({ readAt: read ? sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` : null })
    .where(and(where, eq(notifications.id, id)))
    .returning({ id: notifications.id, userId: notifications.userId });
  return updated ?? null;
}

export async function findNotificationRow(db: Database, where: SQL, id: number): Promise<NotificationRow | null> {
  const [row] = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      link: notifications.link,
      insightId: notifications.insightId,
      generatedAt: notifications.generatedAt,
      additionalInfo: notifications.additionalInfo,
      clientFirstName: clients.firstName,
      clientLastName: clients.lastName,
    })
    .from(notifications)
    .leftJoin(clients, eq(clients.id, notifications.clientUserId))
    .where(and(where, eq(notifications.id, id)));
  return row ?? null;
}

/** Marks every unread notification the call reaches read; answers how many it marked. */
export async function markAllNotificationsRead(db: Database, where: SQL, now: Date): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(where, isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return marked.length;
}
