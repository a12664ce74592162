import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { PageQuerySchema } from '../../lib/pagination';
import { requireCaller } from '../../plugins/authentication';
import {
  changeClientPlanner,
  editProfile,
  findCallerPlanner,
  findPersona,
  listClients,
  listPlanners,
} from './profiles.service';

/** A person's id the call cannot do without: missing is 'Este campo é obrigatório', anything else wrong 'Valor inválido'. */
const RequiredIdSchema = z
  .unknown()
  .refine((value) => value !== undefined && value !== null && value !== '', 'Este campo é obrigatório')
  .pipe(DatabaseIdTextSchema);

export function registerProfileRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Perfis'];

  api.get('/api/me/', { schema: { tags } }, async (request) => findPersona(deps, requireCaller(request)));

  api.post('/api/profiles/edit/', { schema: { tags } }, async (request) =>
    editProfile(deps, requireCaller(request), request),
  );

  api.get(
    '/api/profiles/clients/',
    { schema: { tags, querystring: PageQuerySchema.extend({ profile: z.string().optional() }) } },
    async (request) =>
      listClients(deps, requireCaller(request, 'planner'), request, request.query.profile === 'manager', request.query),
  );

  api.get('/api/profiles/planner/', { schema: { tags, querystring: PageQuerySchema } }, async (request) => {
    const caller = requireCaller(request);
    if (caller.role === 'client') return findCallerPlanner(deps, caller);
    return listPlanners(deps, requireCaller(request, 'manager'), request, request.query);
  });

  api.put(
    '/api/profiles/clients/change-planner/',
    {
      schema: {
        tags,
        body: z.object({
          client: RequiredIdSchema,
          planner: RequiredIdSchema,
        }),
      },
    },
    async (request) => {
      const caller = requireCaller(request, 'manager');
      await changeClientPlanner(deps, caller, request.body.client, request.body.planner);
      return { detail: 'Planejador alterado' };
    },
  );
}
