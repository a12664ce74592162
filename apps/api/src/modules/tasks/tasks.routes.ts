import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tasks } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { ClientQuerySchema, type ClientScope, resolveClientScope } from '../../lib/client-scope';
import { failWithDetail } from '../../lib/http-errors';
import { listCashFlow } from '../cash-flow/cash-flow.service';
import { presentFiles } from '../imports/imports.service';

const taskNotFound = 'Tarefas não encontradas';

async function findTask(deps: AppDependencies, scope: ClientScope, id: number, type: 'import' | 'categorizing') {
  const [task] = await deps.db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.id, id),
        eq(tasks.type, type),
        eq(tasks.organizationId, scope.organizationId),
        eq(tasks.clientUserId, scope.clientUserId),
      ),
    );
  if (!task) failWithDetail(404, taskNotFound);
  return {
    id: task.id,
    type: task.type,
    status: task.status,
    title: task.title,
    client: task.clientUserId,
    start: task.start,
    end: task.end,
    created_at: task.createdAt.toISOString(),
    bundle: task.bundleId,
  };
}

/** The widest period a categorizing task looks at: everything imported, past and future bills. */
const everything = { start: '1900-01-01', end: '2999-12-31' };

export function registerTaskRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Tarefas'];
  const params = z.object({ id: z.coerce.number().int().positive() });

  api.get(
    '/api/tasks/categorizing/:id/',
    { schema: { tags, params, querystring: ClientQuerySchema } },
    async (request) => {
      const scope = await resolveClientScope(deps.db, request);
      const task = await findTask(deps, scope, request.params.id, 'categorizing');
      const pending = await listCashFlow(deps, scope, { ...everything, uncategorized: true, limit: 100, offset: 0 });
      return { ...task, uncategorized: pending.count, transactions: pending.rows };
    },
  );

  api.get('/api/tasks/import/:id/', { schema: { tags, params, querystring: ClientQuerySchema } }, async (request) => {
    const scope = await resolveClientScope(deps.db, request);
    const task = await findTask(deps, scope, request.params.id, 'import');
    return { ...task, files: task.bundle ? await presentFiles(deps, scope, { bundleId: task.bundle }) : [] };
  });
}
