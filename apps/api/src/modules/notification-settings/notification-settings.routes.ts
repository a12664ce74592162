import { requireSomeField } from '@prumo/domain/records/update-fields';
import { NotificationSettingsChangeSchema } from '@prumo/domain/tasks/notification-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDependencies } from '../../dependencies';
import { requireCaller } from '../../plugins/authentication';
import { findNotificationSettings, saveNotificationSettings } from './notification-settings.repo';

/** calls-payments §7 "Notices": GET and PATCH notification_settings/, the caller's own (any role). */
export function registerNotificationSettingsRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Avisos'];

  api.get('/api/notification_settings/', { schema: { tags } }, async (request) =>
    findNotificationSettings(deps.db, requireCaller(request).userId),
  );

  api.patch(
    '/api/notification_settings/',
    { schema: { tags, body: requireSomeField(NotificationSettingsChangeSchema) } },
    async (request) => saveNotificationSettings(deps.db, requireCaller(request).userId, request.body),
  );
}
