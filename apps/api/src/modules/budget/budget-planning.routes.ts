import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { ClientQuerySchema, resolveClientScope } from '../../lib/client-scope';
import { buildPage, PageQuerySchema } from '../../lib/pagination';
import { requireCaller } from '../../plugins/authentication';
import type { TaskStatus } from './budget-planning.repo';
import {
  buildTaskListScope,
  findBudgetPlanningTask,
  finishBudgetPlanning,
  listBudgetPlanningTasks,
} from './budget-planning.service';

const taskStatuses = ['pending', 'rejected', 'done'] as const;

/** One status or several, repeated or comma-separated (?status=pending,done). */
const StatusListSchema = z.union([z.string(), z.array(z.string())]).transform((value, context) => {
  const statuses = (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean);
  const known = statuses.filter((status): status is TaskStatus => (taskStatuses as readonly string[]).includes(status));
  if (known.length !== statuses.length) {
    context.addIssue({ code: 'custom', message: 'Status inválido: use pending, rejected ou done.' });
    return z.NEVER;
  }
  return known;
});

const idParams = z.object({ id: DatabaseIdTextSchema });

export function registerBudgetPlanningRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Tarefas'];

  api.get(
    '/api/tasks/budget-planning/',
    {
      schema: {
        tags,
        querystring: ClientQuerySchema.extend({ status: StatusListSchema.optional(), ...PageQuerySchema.shape }),
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const namesClient = request.query.clientId !== undefined || request.query.client !== undefined;
      // A client lists their own tasks; a planner one client's (named) or all of their clients'.
      const clientScope = caller.role === 'client' || namesClient ? await resolveClientScope(deps.db, request) : null;
      const { count, rows } = await listBudgetPlanningTasks(deps, buildTaskListScope(caller, clientScope), {
        statuses: request.query.status,
        limit: request.query.limit,
        offset: request.query.offset,
      });
      return buildPage(request, request.query, count, rows);
    },
  );

  api.get(
    '/api/tasks/budget-planning/:id/',
    { schema: { tags, params: idParams, querystring: ClientQuerySchema } },
    async (request) => findBudgetPlanningTask(deps, await resolveClientScope(deps.db, request), request.params.id),
  );

  api.put(
    '/api/tasks/budget-planning/:id/finish/',
    { schema: { tags, params: idParams, querystring: ClientQuerySchema } },
    async (request) =>
      finishBudgetPlanning(deps, request, await resolveClientScope(deps.db, request), request.params.id),
  );
}
