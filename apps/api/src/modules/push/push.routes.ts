import { BadRequestSchema } from '@prumo/contract/common';
import { PushSettingsSchema, PushTokenAnswerSchema, WebPushKeySchema } from '@prumo/contract/help';
import { PushSettingsInputSchema, PushTokenSchema } from '@prumo/domain/help/help';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { anyone, managersOnly, readCaller } from '../../plugins/access';
import { readTokenKey } from '../../plugins/authentication';
import { registerPushToken, removePushToken } from './push.service';
import { changePushSettings, readPushSettings } from './push-settings';
import { findVapidPublicKey } from './vapid-keys';

/** The caller's devices for push notifications, and the key browsers subscribe with. */
export function registerPushRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Notificações push'];
  const config = { access: { roles: anyone } };

  api.get('/api/push/web-push-key/', { config, schema: { tags, response: { 200: WebPushKeySchema } } }, async () => ({
    publicKey: await findVapidPublicKey(deps.db, deps.config),
  }));

  api.post(
    '/api/firebase/fcm/add-token',
    { config, schema: { tags, body: PushTokenSchema, response: { 201: PushTokenAnswerSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await registerPushToken(deps, readCaller(request).userId, readTokenKey(request) ?? '', request.body.token),
        ),
  );

  api.delete(
    '/api/firebase/fcm/remove-token',
    {
      config,
      schema: { tags, body: PushTokenSchema, response: { 204: z.null(), 404: z.object({ detail: z.string() }) } },
    },
    async (request, reply) => {
      await removePushToken(deps, readCaller(request).userId, request.body.token);
      return reply.status(204).send(null);
    },
  );

  // Prumo's own: the organization's Firebase project for its native app's FCM tokens (ADR 48).
  const managing = { access: { roles: managersOnly } };
  api.get(
    '/api/push/settings/',
    { config: managing, schema: { tags, response: { 200: PushSettingsSchema } } },
    async (request) => readPushSettings(deps, readCaller(request).organizationId),
  );

  api.put(
    '/api/push/settings/',
    {
      config: managing,
      schema: { tags, body: PushSettingsInputSchema, response: { 200: PushSettingsSchema, 400: BadRequestSchema } },
    },
    async (request) => changePushSettings(deps, readCaller(request).organizationId, request.body),
  );
}
