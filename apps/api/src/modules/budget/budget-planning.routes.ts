import { BudgetPlanningTaskPageSchema, BudgetPlanningTaskSchema } from '@prumo/contract/budget';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import { type TaskStatus, taskStatuses } from '@prumo/domain/tasks/task-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { buildPage, PageQuerySchema } from '../../lib/pagination';
import { ClientQuerySchema } from '../../lib/scope';
import { anyone, readClientScope, readReachScope } from '../../plugins/access';
import { findBudgetPlanningTask, finishBudgetPlanning, listBudgetPlanningTasks } from './budget-planning.service';

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

  // A client lists their own plannings; a planner or manager one client's (named) or all they reach.
  api.get(
    '/api/tasks/budget-planning/',
    {
      config: { access: { roles: anyone, reach: 'read' } },
      schema: {
        tags,
        querystring: ClientQuerySchema.extend({ status: StatusListSchema.optional(), ...PageQuerySchema.shape }),
        response: { 200: BudgetPlanningTaskPageSchema },
      },
    },
    async (request) => {
      const scope = readReachScope(request);
      const { count, rows } = await listBudgetPlanningTasks(deps, scope, {
        statuses: request.query.status,
        limit: request.query.limit,
        offset: request.query.offset,
      });
      return buildPage(request, request.query, count, rows);
    },
  );

  api.get(
    '/api/tasks/budget-planning/:id/',
    {
      config: { access: { roles: anyone, client: 'read' } },
      schema: { tags, params: idParams, querystring: ClientQuerySchema, response: { 200: BudgetPlanningTaskSchema } },
    },
    async (request) => findBudgetPlanningTask(deps, readClientScope(request), request.params.id),
  );

  api.put(
    '/api/tasks/budget-planning/:id/finish/',
    {
      config: { access: { roles: anyone, client: 'write' } },
      schema: { tags, params: idParams, querystring: ClientQuerySchema, response: { 200: BudgetPlanningTaskSchema } },
    },
    async (request) => finishBudgetPlanning(deps, request, readClientScope(request), request.params.id),
  );
}
