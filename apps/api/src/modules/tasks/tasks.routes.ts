import { validationMessages } from '@prumo/domain/account/messages';
import { earliestDayYear, latestDayYear } from '@prumo/domain/br/date';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import {
  buildNewTaskSchema,
  isTaskType,
  type TaskStatus,
  TaskStatusChangeSchema,
  type TaskType,
  taskMessages,
  taskStatuses,
  taskTypes,
} from '@prumo/domain/tasks/task-rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { ClientQuerySchema, resolveClientScope, resolveNamedClientScope } from '../../lib/client-scope';
import { failOnField, failWithDetail } from '../../lib/http-errors';
import { buildPage, PageQuerySchema } from '../../lib/pagination';
import { parseOrFail } from '../../lib/validation';
import { requireCaller } from '../../plugins/authentication';
import { listCashFlow } from '../cash-flow/cash-flow.service';
import { presentFiles } from '../imports/imports.service';
import type { TaskViewer } from './tasks.repo';
import { changeTaskStatus, createTask, findPresentedTask, listTasks, removeTask } from './tasks.service';

/** The widest period a categorizing task looks at: everything imported, past and future bills. */
const everything = { start: `${earliestDayYear}-01-01`, end: `${latestDayYear}-12-31` };

/** A list given as repeated parameters (?status=a&status=b) or comma-separated (?status=a,b); 'all' is no filter. */
function buildListParameterSchema<T extends string>(values: readonly [T, ...T[]], message: string) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean))
    .refine((items) => items.every((item) => item === 'all' || (values as readonly string[]).includes(item)), message)
    .transform((items) => (items.length === 0 || items.includes('all') ? null : (items as T[])));
}

const TaskListQuerySchema = PageQuerySchema.extend(ClientQuerySchema.shape).extend({
  status: buildListParameterSchema(taskStatuses, taskMessages.statusInvalid).optional(),
  type: buildListParameterSchema(taskTypes, taskMessages.unknownType).optional(),
});

const idParams = z.object({ id: DatabaseIdTextSchema });

/**
 * Whose tasks a call by id reaches: the caller's scope (ADR 5), narrowed to the client a planner's
 * address names (`clientId`/`client`) when it names one.
 */
function readTaskViewer(request: FastifyRequest, minimumRole: 'client' | 'planner' = 'client'): TaskViewer {
  const caller = requireCaller(request, minimumRole);
  const query = ClientQuerySchema.safeParse(request.query ?? {});
  const clientUserId = query.success ? (query.data.clientId ?? query.data.client ?? null) : null;
  return { caller, clientUserId };
}

function assertTaskType(type: string): TaskType {
  if (!isTaskType(type)) failWithDetail(404, taskMessages.unknownType);
  return type;
}

export function registerTaskRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Tarefas'];

  api.get('/api/tasks/task/', { schema: { tags, querystring: TaskListQuerySchema } }, async (request) => {
    const scope = await resolveClientScope(deps.db, request);
    const { status, type, limit, offset } = request.query;
    // product §4: the client's task list shows only pending ones, unless they ask for others.
    const defaultStatuses: TaskStatus[] | null = scope.caller.role === 'client' ? ['pending'] : null;
    const filter = { statuses: status === undefined ? defaultStatuses : status, types: type ?? null, limit, offset };
    const { count, results } = await listTasks(deps, scope, filter);
    return buildPage(request, { limit, offset }, count, results);
  });

  api.put(
    '/api/tasks/task/:id/change-status/',
    { schema: { tags, params: idParams, querystring: ClientQuerySchema, body: TaskStatusChangeSchema } },
    async (request) => changeTaskStatus(deps, readTaskViewer(request), request.params.id, request.body.status),
  );

  api.delete(
    '/api/tasks/task/:id/',
    { schema: { tags, params: idParams, querystring: ClientQuerySchema } },
    async (request, reply) => {
      await removeTask(deps, readTaskViewer(request, 'planner'), request.params.id);
      return reply.status(204).send();
    },
  );

  api.get(
    '/api/tasks/categorizing/:id/',
    { schema: { tags, params: idParams, querystring: ClientQuerySchema } },
    async (request) => {
      const scope = await resolveClientScope(deps.db, request);
      const viewer = { caller: scope.caller, clientUserId: scope.clientUserId };
      const task = await findPresentedTask(deps, viewer, request.params.id, 'categorizing');
      const pending = await listCashFlow(deps, scope, { ...everything, uncategorized: true, limit: 100, offset: 0 });
      return { ...task, uncategorized: pending.count, transactions: pending.rows };
    },
  );

  api.get(
    '/api/tasks/import/:id/',
    { schema: { tags, params: idParams, querystring: ClientQuerySchema } },
    async (request) => {
      const scope = await resolveClientScope(deps.db, request);
      const viewer = { caller: scope.caller, clientUserId: scope.clientUserId };
      const task = await findPresentedTask(deps, viewer, request.params.id, 'import');
      return { ...task, files: task.bundle ? await presentFiles(deps, scope, { bundleId: task.bundle }) : [] };
    },
  );

  /** calls-payments §7: POST tasks/{type}/ (client, type, start, end); `client` in the body or the query. */
  api.post(
    '/api/tasks/:type/',
    { schema: { tags, params: z.object({ type: z.string() }), querystring: ClientQuerySchema } },
    async (request, reply) => {
      const caller = requireCaller(request, 'planner');
      const type = assertTaskType(request.params.type);
      const task = parseOrFail(buildNewTaskSchema(type), request.body ?? {});
      const clientUserId = task.client ?? request.query.clientId ?? request.query.client;
      if (!clientUserId) failOnField('client', validationMessages.required);
      // Asking a client for something (a task) is how a manager directs work: allowed, unlike
      // changing the client's money (ADR 13).
      const scope = await resolveNamedClientScope(deps.db, caller, clientUserId, 'read');
      return reply.status(201).send(await createTask(deps, request, scope, type, task));
    },
  );
}
