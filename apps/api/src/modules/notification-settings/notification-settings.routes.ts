import { NotificationSettingsSchema } from '@prumo/contract/notification-settings';
import { requireSomeField } from '@prumo/domain/records/update-fields';
import { NotificationSettingsChangeSchema } from '@prumo/domain/tasks/notification-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDependencies } from '../../dependencies';
import { anyone, readCaller } from '../../plugins/access';
import { findNotificationSettings, saveNotificationSettings } from './notification-settings.repo';

/** GET and PATCH notification_settings/: the caller's own, whatever their role. */
export function registerNotificationSettingsRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Avisos'];
  const config = { access: { roles: anyone } };

  api.get(
    '/api/notification_settings/',
    { config, schema: { tags, response: { 200: NotificationSettingsSchema } } },
    async (request) => findNotificationSettings(deps.db, readCaller(request).userId),
  );

  api.patch(
    '/api/notification_settings/',
    {
      config,
      schema: {
        tags,
        body: requireSomeField(NotificationSettingsChangeSchema),
        response: { 200: NotificationSettingsSchema },
      },
    },
    async (request) => saveNotificationSettings(deps.db, readCaller(request).userId, request.body),
  );
}
