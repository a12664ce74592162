import { ErrorDetailSchema } from '@prumo/contract/common';
import { CategorizingTaskSchema, ImportTaskSchema, TaskPageSchema, TaskSchema } from '@prumo/contract/tasks';
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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { failNotFound, failOnField } from '../../lib/domain-errors';
import { buildPage, PageQuerySchema } from '../../lib/pagination';
import { ClientQuerySchema, resolveNamedClientScope } from '../../lib/scope';
import { parseOrFail } from '../../lib/validation';
import { anyone, plannersAndManagers, readCaller, readClientScope, readReachScope } from '../../plugins/access';
import { listCashFlow } from '../cash-flow/index';
import { presentFiles } from '../imports/index';
import {
  changeTaskStatus,
  createTask,
  findPresentedTask,
  listTasks,
  type PlanningRules,
  removeTask,
} from './tasks.service';

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

function assertTaskType(type: string): TaskType {
  if (!isTaskType(type)) failNotFound(taskMessages.unknownType);
  return type;
}

/**
 * The tasks' routes. `planning` is what the budget answers about a planning's month, given here
 * so that the tasks module does not import the budget (which builds on tasks).
 */
export function registerTaskRoutes(app: FastifyInstance, deps: AppDependencies, planning: PlanningRules): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Tarefas'];

  api.get(
    '/api/tasks/task/',
    {
      config: { access: { roles: anyone, client: 'read' } },
      schema: { tags, querystring: TaskListQuerySchema, response: { 200: TaskPageSchema } },
    },
    async (request) => {
      const scope = readClientScope(request);
      const { status, type, limit, offset } = request.query;
      // The client's task list shows only pending ones, unless they ask for others.
      const defaultStatuses: TaskStatus[] | null = scope.caller.role === 'client' ? ['pending'] : null;
      const filter = { statuses: status === undefined ? defaultStatuses : status, types: type ?? null, limit, offset };
      const { count, results } = await listTasks(deps, scope, filter);
      return buildPage(request, { limit, offset }, count, results);
    },
  );

  // By id: the task's client need not be named; when a planner or manager names one, it must be theirs.
  api.put(
    '/api/tasks/task/:id/change-status/',
    {
      config: { access: { roles: anyone, reach: 'read' } },
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema,
        body: TaskStatusChangeSchema,
        // Only the client may ignore a task.
        response: { 200: TaskSchema, 403: ErrorDetailSchema },
      },
    },
    async (request) => {
      const scope = readReachScope(request);
      return changeTaskStatus(deps, planning, scope, request.params.id, request.body.status);
    },
  );

  api.delete(
    '/api/tasks/task/:id/',
    {
      config: { access: { roles: plannersAndManagers, reach: 'read' } },
      schema: { tags, params: idParams, querystring: ClientQuerySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const scope = readReachScope(request);
      await removeTask(deps, scope, request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/tasks/categorizing/:id/',
    {
      config: { access: { roles: anyone, client: 'read' } },
      schema: { tags, params: idParams, querystring: ClientQuerySchema, response: { 200: CategorizingTaskSchema } },
    },
    async (request) => {
      const scope = readClientScope(request);
      const task = await findPresentedTask(deps, scope, request.params.id, 'categorizing');
      const pending = await listCashFlow(deps, scope, { ...everything, uncategorized: true, limit: 100, offset: 0 });
      return { ...task, uncategorized: pending.count, transactions: pending.rows };
    },
  );

  api.get(
    '/api/tasks/import/:id/',
    {
      config: { access: { roles: anyone, client: 'read' } },
      schema: { tags, params: idParams, querystring: ClientQuerySchema, response: { 200: ImportTaskSchema } },
    },
    async (request) => {
      const scope = readClientScope(request);
      const task = await findPresentedTask(deps, scope, request.params.id, 'import');
      return { ...task, files: task.bundle ? await presentFiles(deps, scope, { bundleId: task.bundle }) : [] };
    },
  );

  /** POST tasks/{type}/ (client, type, start, end); `client` in the body or the query. */
  api.post(
    '/api/tasks/:type/',
    {
      config: { access: { roles: plannersAndManagers } },
      schema: {
        tags,
        params: z.object({ type: z.string() }),
        querystring: ClientQuerySchema,
        response: { 201: TaskSchema },
      },
    },
    async (request, reply) => {
      const type = assertTaskType(request.params.type);
      const task = parseOrFail(buildNewTaskSchema(type), request.body ?? {});
      const clientUserId = task.client ?? request.query.clientId ?? request.query.client;
      if (!clientUserId) failOnField('client', validationMessages.required);
      // Asking a client for something (a task) is how a manager directs work: allowed, unlike
      // changing the client's money (ADR 13).
      const scope = await resolveNamedClientScope(deps.db, readCaller(request), clientUserId, 'read');
      return reply.status(201).send(await createTask(deps, request, scope, type, task));
    },
  );
}
