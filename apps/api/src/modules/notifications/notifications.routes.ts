import { NotificationPageSchema, NotificationSchema, NotificationsReadSchema } from '@prumo/contract/notifications';
import {
  NotificationMarkSchema,
  NotificationReadChangeSchema,
  notificationMessages,
} from '@prumo/domain/notifications/notifications';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { findAnswerKeeper } from '../../lib/answer-keeper';
import { failNotFound } from '../../lib/domain-errors';
import { buildPage, type PageQuery, PageQuerySchema } from '../../lib/pagination';
import { anyone, plannersAndManagers, type RouteAccess, readCaller } from '../../plugins/access';
import type { Caller } from '../../plugins/authentication';
import { publishLiveEvent } from '../live/index';
import {
  buildNotificationsWhere,
  findNotificationPage,
  findNotificationRow,
  markAllNotificationsRead,
  type NotificationReach,
  type NotificationRow,
  readNotificationVersion,
  updateNotificationRead,
} from './notifications.repo';

const idParams = z.object({ id: DatabaseIdTextSchema });

/** Bell pages a process keeps (a user's first pages); more are read afresh. */
const maximumKeptBellPages = 2_000;

type PresentedPage = { count: number; unread: number; results: ReturnType<typeof presentNotification>[] };

function presentNotification(caller: Caller, row: NotificationRow) {
  const clientName = row.clientFirstName ? `${row.clientFirstName} ${row.clientLastName ?? ''}`.trim() : null;
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    timestamp: row.createdAt.toISOString(),
    read: row.readAt !== null,
    data: {
      client_name: clientName,
      insight_id: row.insightId,
      generated_at: row.generatedAt?.toISOString() ?? null,
      additional_info: row.additionalInfo,
      link: row.link ? `/app/${caller.organizationSlug}/${row.link}` : null,
    },
  };
}

/**
 * GET notification/ and PATCH notification/{id}/: anyone's own notifications. GET notifications/
 * and PATCH notifications/{id}/mark/: a planner's (or manager's) notifications about their clients.
 */
export function registerNotificationRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Avisos'];

  // What a planner hears about their clients (insights above all) is the organization's `insight` feature.
  async function readPresentedPage(caller: Caller, reach: NotificationReach, page: PageQuery): Promise<PresentedPage> {
    const found = await findNotificationPage(deps.db, reach, page);
    return {
      count: found.count,
      unread: found.unread,
      results: found.rows.map((row) => presentNotification(caller, row)),
    };
  }

  // Everyone's bell, read on every page: kept at the user's notifications version (ADR 40).
  function readOwnPage(caller: Caller, page: PageQuery): Promise<PresentedPage> {
    const own = { userId: caller.userId, organizationId: caller.organizationId };
    return findAnswerKeeper<PresentedPage>(deps.db, 'own-notifications', maximumKeptBellPages)(
      JSON.stringify([own.organizationId, caller.organizationSlug, own.userId, page.limit, page.offset]),
      async () => String(await readNotificationVersion(deps.db, own.userId)),
      () => readPresentedPage(caller, { own }, page),
    );
  }

  const ownAccess: RouteAccess = { roles: anyone };
  const aboutClientsAccess: RouteAccess = { roles: plannersAndManagers, toggle: 'insight' };

  for (const [path, access, aboutClients] of [
    ['/api/notification/', ownAccess, false],
    ['/api/notifications/', aboutClientsAccess, true],
  ] as const) {
    api.get(
      path,
      {
        config: { access },
        schema: { tags, querystring: PageQuerySchema, response: { 200: NotificationPageSchema } },
      },
      async (request) => {
        const caller = readCaller(request);
        const found = aboutClients
          ? await readPresentedPage(caller, { where: buildNotificationsWhere(caller, { aboutClients }) }, request.query)
          : await readOwnPage(caller, request.query);
        return { ...buildPage(request, request.query, found.count, found.results), unread: found.unread };
      },
    );
  }

  async function changeRead(caller: Caller, id: number, read: boolean, aboutClients: boolean) {
    const where = buildNotificationsWhere(caller, { aboutClients });
    const updated = await updateNotificationRead(deps.db, where, id, read, new Date());
    if (!updated) failNotFound(notificationMessages.notFound);
    // The user's other tabs and devices update their bell too.
    await publishLiveEvent(deps.db, { userIds: [updated.userId], topic: 'notifications' });
    const row = await findNotificationRow(deps.db, where, id);
    if (!row) failNotFound(notificationMessages.notFound);
    return presentNotification(caller, row);
  }

  api.patch(
    '/api/notification/:id/',
    {
      config: { access: { roles: anyone } },
      schema: { tags, params: idParams, body: NotificationReadChangeSchema, response: { 200: NotificationSchema } },
    },
    async (request) => changeRead(readCaller(request), request.params.id, request.body.read, false),
  );

  // Prumo's addition for the notifications screen: every one of the caller's own, read at once.
  api.post(
    '/api/notification/read-all/',
    { config: { access: ownAccess }, schema: { tags, response: { 200: NotificationsReadSchema } } },
    async (request) => {
      const caller = readCaller(request);
      const where = buildNotificationsWhere(caller, { aboutClients: false });
      const marked = await markAllNotificationsRead(deps.db, where, new Date());
      if (marked > 0) await publishLiveEvent(deps.db, { userIds: [caller.userId], topic: 'notifications' });
      return { marked };
    },
  );

  api.patch(
    '/api/notifications/:id/mark/',
    {
      config: { access: aboutClientsAccess },
      schema: { tags, params: idParams, body: NotificationMarkSchema, response: { 200: NotificationSchema } },
    },
    async (request) => changeRead(readCaller(request), request.params.id, true, true),
  );
}
