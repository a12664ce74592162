import { OrganizationSlugSchema } from '@prumo/domain/account/fields';
import {
  FinishOrganizationRegisterSchema,
  OrganizationCreateSchema,
  OrganizationUpdateSchema,
} from '@prumo/domain/account/schemas';
import { requireSomeField } from '@prumo/domain/records/update-fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { requireCaller } from '../../plugins/authentication';
import { refuseCommonPassword } from '../accounts/common-passwords/common-passwords';
import { OrganizationViewSchema } from './organization-view';
import {
  changeBrandFiles,
  changeOrganization,
  createOrganization,
  findPublicOrganization,
  finishOrganizationRegister,
} from './organizations.service';

export function registerOrganizationRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Organização e customização'];
  const params = z.object({ slug: z.string() });

  api.get(
    '/api/organization/:slug/',
    { config: { public: true }, schema: { tags, params, response: { 200: OrganizationViewSchema } } },
    async (request) => findPublicOrganization(deps, request.params.slug),
  );

  api.post(
    '/api/organization/',
    {
      config: { public: true, perAddressLimit: 5 },
      schema: {
        tags,
        body: OrganizationCreateSchema,
        response: { 201: OrganizationViewSchema.extend({ registration_token: z.string() }) },
      },
    },
    async (request, reply) => reply.status(201).send(await createOrganization(deps, request.body)),
  );

  api.post(
    '/api/organization/:slug/finish-register/',
    {
      config: { public: true },
      schema: {
        tags,
        params: z.object({ slug: OrganizationSlugSchema }),
        body: FinishOrganizationRegisterSchema.superRefine(refuseCommonPassword('password1')),
        response: { 201: z.object({ detail: z.string() }) },
      },
    },
    async (request, reply) => {
      await finishOrganizationRegister(deps, request, request.params.slug, request.body);
      return reply.status(201).send({ detail: 'Conta criada' });
    },
  );

  api.put(
    '/api/organization/:slug/',
    {
      schema: {
        tags,
        params,
        body: requireSomeField(OrganizationUpdateSchema),
        response: { 200: OrganizationViewSchema },
      },
    },
    async (request) => changeOrganization(deps, requireCaller(request), request.params.slug, request.body),
  );

  api.post('/api/logo/', { schema: { tags, response: { 200: OrganizationViewSchema } } }, async (request) =>
    changeBrandFiles(deps, requireCaller(request), request),
  );
}
