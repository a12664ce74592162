import { BadRequestSchema, DetailSchema, ErrorDetailSchema } from '@prumo/contract/common';
import { ClientPageSchema, PersonaPlannerSchema, PersonaSchema, PlannerPageSchema } from '@prumo/contract/profiles';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { PageQuerySchema } from '../../lib/pagination';
import { anyone, managersOnly, plannersAndManagers, readCaller } from '../../plugins/access';
import {
  changeClientPlanner,
  editProfile,
  findCallerPlanner,
  findPersona,
  listClients,
  listPlanners,
  profileMessages,
} from './profiles.service';

/** A person's id the call cannot do without: missing is 'Este campo é obrigatório', anything else wrong 'Valor inválido'. */
const RequiredIdSchema = z
  .unknown()
  .refine((value) => value !== undefined && value !== null && value !== '', 'Este campo é obrigatório')
  .pipe(DatabaseIdTextSchema);

export function registerProfileRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Perfis'];

  api.get(
    '/api/me/',
    { config: { access: { roles: anyone } }, schema: { tags, response: { 200: PersonaSchema } } },
    async (request) => findPersona(deps, readCaller(request)),
  );

  api.post(
    '/api/profiles/edit/',
    // JSON or multipart (with a picture): the service reads and checks the fields itself.
    {
      config: { access: { roles: anyone } },
      schema: { tags, response: { 200: PersonaSchema, 400: BadRequestSchema } },
    },
    async (request) => editProfile(deps, readCaller(request), request),
  );

  api.get(
    '/api/profiles/clients/',
    {
      config: { access: { roles: plannersAndManagers } },
      schema: {
        tags,
        querystring: PageQuerySchema.extend({ profile: z.string().optional() }),
        response: { 200: ClientPageSchema },
      },
    },
    async (request) =>
      listClients(deps, readCaller(request), request, request.query.profile === 'manager', request.query),
  );

  // A client reads their own planner; a manager lists the organization's planners.
  api.get(
    '/api/profiles/planner/',
    {
      config: { access: { roles: ['client', 'manager'] } },
      schema: {
        tags,
        querystring: PageQuerySchema,
        response: { 200: z.union([PersonaPlannerSchema, PlannerPageSchema]), 404: ErrorDetailSchema },
      },
    },
    async (request) => {
      const caller = readCaller(request);
      if (caller.role === 'client') return findCallerPlanner(deps, caller);
      return listPlanners(deps, caller, request, request.query);
    },
  );

  api.put(
    '/api/profiles/clients/change-planner/',
    {
      config: { access: { roles: managersOnly } },
      schema: {
        tags,
        body: z.object({ client: RequiredIdSchema, planner: RequiredIdSchema }),
        response: { 200: DetailSchema },
      },
    },
    async (request) => {
      await changeClientPlanner(deps, readCaller(request), request.body.client, request.body.planner);
      return { detail: profileMessages.plannerChanged };
    },
  );
}
