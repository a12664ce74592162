import { ClientHomeSchema } from '@prumo/contract/home';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDependencies } from '../../dependencies';
import { ClientQuerySchema } from '../../lib/scope';
import { anyone, readClientScope } from '../../plugins/access';
import { readClientHome } from './home.service';

export function registerHomeRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/client-home/',
    {
      // A planner sees their client's home as the client does; a manager reads it.
      config: { access: { roles: anyone, client: 'read' } },
      schema: { tags: ['Início'], querystring: ClientQuerySchema, response: { 200: ClientHomeSchema } },
    },
    async (request) => readClientHome(deps, readClientScope(request)),
  );
}
