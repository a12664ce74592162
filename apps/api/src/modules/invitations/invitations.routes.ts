import { OrganizationSlugSchema } from '@prumo/domain/account/fields';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { failWithDetail } from '../../lib/http-errors';
import { PageQuerySchema } from '../../lib/pagination';
import { requireCaller } from '../../plugins/authentication';
import { findOrganizationBySlug } from '../organizations/organizations.repo';
import {
  createInvitation,
  describeInvitation,
  findInvitationRecord,
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

  api.get(
    '/api/invitation/:hash/',
    {
      config: { public: true },
      schema: {
        tags,
        params: z.object({ hash: z.string() }),
        querystring: z.object({ organization: OrganizationSlugSchema }),
        response: {
          200: z.object({
            inviter: z.object({ first_name: z.string(), last_name: z.string() }),
            inviter_role: z.string(),
            role: z.string(),
            roles: z.array(z.string()),
          }),
        },
      },
    },
    async (request) => {
      const found = await findOrganizationBySlug(deps.db, request.query.organization);
      if (!found) failWithDetail(404, 'Organização não encontrada');
      return describeInvitation(deps, found.organization.id, request.params.hash);
    },
  );

  api.get(
    '/api/invitations/',
    { schema: { tags, querystring: PageQuerySchema.extend({ role: RoleWordSchema.optional() }) } },
    async (request) =>
      listInvitations(deps, requireCaller(request, 'planner'), request, request.query.role, request.query),
  );

  api.post(
    '/api/invitations/',
    { schema: { tags, body: z.object({ role: RoleWordSchema }) } },
    async (request, reply) => {
      const caller = requireCaller(request, 'planner');
      const id = await createInvitation(deps, caller, request.body.role);
      return reply.status(201).send(await findInvitationRecord(deps, caller, id));
    },
  );

  api.post(
    '/api/invitations/:id/revoke/',
    { schema: { tags, params: z.object({ id: DatabaseIdTextSchema }) } },
    async (request) => {
      await revokeCallerInvitation(deps, requireCaller(request, 'planner'), request.params.id);
      return { detail: 'Convite revogado' };
    },
  );
}
