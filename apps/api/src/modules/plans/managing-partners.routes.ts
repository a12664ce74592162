import { ManagingPartnerSchema } from '@prumo/contract/plans';
import { ManagingPartnerSchema as ManagingPartnerInputSchema } from '@prumo/domain/payments/managing-partner-schemas';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { managersOnly, type RouteAccess, readCaller } from '../../plugins/access';
import { changeManagingPartner, createManagingPartner, listManagingPartners } from './managing-partners.service';

export function registerManagingPartnerRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Sócios administradores'];
  // Personal data of the organization's partners: its managers only, with the financial flag on.
  const managing: RouteAccess = { roles: managersOnly, flag: 'financial' };

  api.get(
    '/api/managing-partners/',
    { config: { access: managing }, schema: { tags, response: { 200: z.array(ManagingPartnerSchema) } } },
    async (request) => listManagingPartners(deps, readCaller(request).organizationId),
  );

  api.post(
    '/api/managing-partners/',
    {
      config: { access: managing },
      schema: { tags, body: ManagingPartnerInputSchema, response: { 201: ManagingPartnerSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createManagingPartner(deps, readCaller(request), request.body)),
  );

  api.put(
    '/api/managing-partners/:id/',
    {
      config: { access: managing },
      schema: {
        tags,
        params: z.object({ id: DatabaseIdTextSchema }),
        body: ManagingPartnerInputSchema,
        response: { 200: ManagingPartnerSchema },
      },
    },
    async (request) => changeManagingPartner(deps, readCaller(request), request.params.id, request.body),
  );
}
