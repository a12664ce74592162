import { BadRequestSchema } from '@prumo/contract/common';
import { CreatedOrganizationSchema, OrganizationSchema } from '@prumo/contract/organizations';
import { OrganizationCreateSchema, OrganizationUpdateSchema } from '@prumo/domain/account/schemas';
import { requireSomeField } from '@prumo/domain/records/update-fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { managersOnly, readCaller } from '../../plugins/access';
import {
  changeBrandFiles,
  changeOrganization,
  createOrganization,
  findPublicOrganization,
} from './organizations.service';

export function registerOrganizationRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Organização e customização'];
  const params = z.object({ slug: z.string() });

  api.get(
    '/api/organization/:slug/',
    { config: { access: { public: true } }, schema: { tags, params, response: { 200: OrganizationSchema } } },
    async (request) => findPublicOrganization(deps, request.params.slug),
  );

  api.post(
    '/api/organization/',
    {
      config: { access: { public: true }, perAddressLimit: 5, challenge: true },
      schema: { tags, body: OrganizationCreateSchema, response: { 201: CreatedOrganizationSchema } },
    },
    async (request, reply) => reply.status(201).send(await createOrganization(deps, request.body)),
  );

  api.put(
    '/api/organization/:slug/',
    {
      config: { access: { roles: managersOnly } },
      schema: {
        tags,
        params,
        body: requireSomeField(OrganizationUpdateSchema),
        response: { 200: OrganizationSchema },
      },
    },
    async (request) => changeOrganization(deps, readCaller(request), request.params.slug, request.body),
  );

  api.post(
    '/api/logo/',
    {
      config: { access: { roles: managersOnly } },
      schema: { tags, response: { 200: OrganizationSchema, 400: BadRequestSchema } },
    },
    async (request) => changeBrandFiles(deps, readCaller(request), request),
  );
}
