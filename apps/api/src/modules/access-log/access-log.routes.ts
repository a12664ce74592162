import { AccessLogPageSchema } from '@prumo/contract/desks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDependencies } from '../../dependencies';
import { PageQuerySchema } from '../../lib/pagination';
import { ClientQuerySchema } from '../../lib/scope';
import { anyone, readClientScope } from '../../plugins/access';
import { listAccessLog } from './access-log.service';

export function registerAccessLogRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Acessos aos dados'];

  // A client reads who opened their data; a planner (their own client) or a manager names `clientId`.
  // Append-only: there is no route to change or remove an entry.
  api.get(
    '/api/access-log/',
    {
      config: { access: { roles: anyone, client: 'read' } },
      schema: {
        tags,
        querystring: ClientQuerySchema.extend(PageQuerySchema.shape),
        response: { 200: AccessLogPageSchema },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      return listAccessLog(deps, readClientScope(request), request, { limit, offset });
    },
  );
}
