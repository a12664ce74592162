import { DetailSchema } from '@prumo/contract/common';
import { InvitationRecordPageSchema, InvitationRecordSchema, InvitationSchema } from '@prumo/contract/invitations';
import { OrganizationSlugSchema } from '@prumo/domain/account/fields';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { PageQuerySchema } from '../../lib/pagination';
import { plannersAndManagers, readCaller } from '../../plugins/access';
import {
  createInvitation,
  describeInvitation,
  invitationMessages,
  listInvitations,
  revokeCallerInvitation,
} from './invitations.service';

const RoleWordSchema = z
  .string({ error: 'Este campo é obrigatório' })
  .min(1, 'Este campo é obrigatório')
  .max(20, 'Perfil inválido.');

export function registerInvitationRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Convites'];
  const config = { access: { roles: plannersAndManagers } };

  api.get(
    '/api/invitation/:hash/',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        params: z.object({ hash: z.string() }),
        querystring: z.object({ organization: OrganizationSlugSchema }),
        response: { 200: InvitationSchema },
      },
    },
    async (request) => describeInvitation(deps, request.query.organization, request.params.hash),
  );

  api.get(
    '/api/invitations/',
    {
      config,
      schema: {
        tags,
        querystring: PageQuerySchema.extend({ role: RoleWordSchema.optional() }),
        response: { 200: InvitationRecordPageSchema },
      },
    },
    async (request) => listInvitations(deps, readCaller(request), request, request.query.role, request.query),
  );

  api.post(
    '/api/invitations/',
    { config, schema: { tags, body: z.object({ role: RoleWordSchema }), response: { 201: InvitationRecordSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createInvitation(deps, readCaller(request), request.body.role)),
  );

  api.post(
    '/api/invitations/:id/revoke/',
    { config, schema: { tags, params: z.object({ id: DatabaseIdTextSchema }), response: { 200: DetailSchema } } },
    async (request) => {
      await revokeCallerInvitation(deps, readCaller(request), request.params.id);
      return { detail: invitationMessages.revoked };
    },
  );
}
