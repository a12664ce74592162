import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { notifications, notificationVersions, profiles, users } from '../../db/schema';
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
  const own = buildOwnWhere({ userId: caller.userId, organizationId: caller.organizationId });
  if (!options.aboutClients) return own;
  const reachableClients = sql`(select ${users.id} from ${profiles} inner join ${users} on ${users.id} = ${profiles.userId} where ${buildReachableClientsWhere(caller)})`;
  return and(own, isNotNull(notifications.clientUserId), inArray(notifications.clientUserId, reachableClients)) as SQL;
}

const notificationColumns = {
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
};

// The page and both counts in one statement: the counts are taken over every row the where keeps,
// before the limit cuts the page.
const pageColumns = {
  ...notificationColumns,
  total: sql<number>`(count(*) over ())::int`,
  unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null) over ())::int`,
};

function selectPage(db: Database) {
  return db
    .select(pageColumns)
    .from(notifications)
    .leftJoin(clients, eq(clients.id, notifications.clientUserId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
}

/** The bell's read, the one everyone makes on every page: planned once per connection (ADR 9). */
function prepareOwnPage(db: Database) {
  return selectPage(db)
    .where(
      and(
        eq(notifications.userId, sql.placeholder('userId')),
        eq(notifications.organizationId, sql.placeholder('organizationId')),
      ),
    )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('find_own_notification_page');
}

const ownPages = new WeakMap<Database, ReturnType<typeof prepareOwnPage>>();

async function countNotifications(db: Database, where: SQL) {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
    })
    .from(notifications)
    .where(where);
  return { count: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

/**
 * A page of notifications and how many there are, read and unread. `own` is the caller's own bell
 * (the prepared read); otherwise `where` says which rows.
 */
export type NotificationReach = { own: { userId: number; organizationId: number } } | { where: SQL };

export async function findNotificationPage(db: Database, reach: NotificationReach, page: PageQuery) {
  let rows: (NotificationRow & { total: number; unread: number })[];
  if ('own' in reach) {
    let ownPage = ownPages.get(db);
    if (!ownPage) {
      ownPage = prepareOwnPage(db);
      ownPages.set(db, ownPage);
    }
    rows = await ownPage.execute({ ...reach.own, limit: page.limit, offset: page.offset });
  } else {
    rows = await selectPage(db).where(reach.where).limit(page.limit).offset(page.offset);
  }
  const [first] = rows;
  // A page past the end has no row to carry the counts.
  const counts = first
    ? { count: first.total, unread: first.unread }
    : await countNotifications(db, 'own' in reach ? buildOwnWhere(reach.own) : reach.where);
  return { rows: rows.map(({ total: _total, unread: _unread, ...row }) => row), ...counts };
}

function prepareVersionRead(db: Database) {
  return db
    .select({ version: notificationVersions.version })
    .from(notificationVersions)
    .where(eq(notificationVersions.userId, sql.placeholder('userId')))
    .prepare('find_notification_version');
}

const versionReads = new WeakMap<Database, ReturnType<typeof prepareVersionRead>>();

/** The user's notifications version (0 before their first notification), bumped by every write to them. */
export async function readNotificationVersion(db: Database, userId: number): Promise<number> {
  let read = versionReads.get(db);
  if (!read) {
    read = prepareVersionRead(db);
    versionReads.set(db, read);
  }
  const [row] = await read.execute({ userId });
  return row?.version ?? 0;
}

function buildOwnWhere(own: { userId: number; organizationId: number }): SQL {
  return and(eq(notifications.userId, own.userId), eq(notifications.organizationId, own.organizationId)) as SQL;
}

export type NotificationRow = {
  id: number;
  title: string;
  body: string;
  createdAt: Date;
  readAt: Date | null;
  link: string | null;
  insightId: number | null;
  generatedAt: Date | null;
  additionalInfo: string | null;
  clientFirstName: string | null;
  clientLastName: string | null;
};

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
    .select(notificationColumns)
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
