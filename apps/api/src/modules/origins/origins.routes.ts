import { IgnoredOriginSchema, OriginSchema, OriginWithMonthsSchema } from '@prumo/contract/origins';
import { describeLengthLimit } from '@prumo/domain/account/messages';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { ClientQuerySchema } from '../../lib/scope';
import { anyone, type RouteAccess, readClientScope } from '../../plugins/access';
import { addPeriodOrderIssue, QueryDateSchema } from '../cash-flow/index';
import {
  createManualAccount,
  deleteManualAccount,
  ignoreOrigin,
  listOrigins,
  listOriginsByMonth,
} from './origins.service';

export function registerOriginRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Contas e cartões'];
  const idParams = z.object({ id: DatabaseIdTextSchema });
  // Anyone may read a client's accounts within their reach; a manager never changes them.
  const reading: RouteAccess = { roles: anyone, client: 'read' };
  const writing: RouteAccess = { roles: anyone, client: 'write' };

  api.get(
    '/api/origin/',
    {
      config: { access: reading },
      schema: { tags, querystring: ClientQuerySchema, response: { 200: z.array(OriginSchema) } },
    },
    async (request) => listOrigins(deps, readClientScope(request)),
  );

  api.put(
    '/api/ignore-origin/:id/',
    {
      config: { access: writing },
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema,
        body: z.object({ ignored: z.boolean({ error: 'Este campo é obrigatório' }) }),
        response: { 200: IgnoredOriginSchema },
      },
    },
    async (request) => ignoreOrigin(deps, readClientScope(request), request.params.id, request.body.ignored),
  );

  api.post(
    '/api/manual-account/',
    {
      config: { access: writing },
      schema: {
        tags,
        querystring: ClientQuerySchema,
        body: z.object({
          nickname: z
            .string({ error: 'Este campo é obrigatório' })
            .trim()
            .min(1, 'Este campo é obrigatório')
            .max(80, describeLengthLimit(80)),
        }),
        response: { 201: OriginSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createManualAccount(deps, readClientScope(request), request.body.nickname)),
  );

  api.delete(
    '/api/manual-account/:id/',
    {
      config: { access: writing },
      schema: { tags, params: idParams, querystring: ClientQuerySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteManualAccount(deps, readClientScope(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/origins-by-month/',
    {
      config: { access: reading },
      schema: {
        tags,
        querystring: ClientQuerySchema.extend({ dateStart: QueryDateSchema, dateEnd: QueryDateSchema }).superRefine(
          (query, context) => addPeriodOrderIssue(query.dateStart, query.dateEnd, context, 'dateEnd'),
        ),
        response: { 200: z.array(OriginWithMonthsSchema) },
      },
    },
    async (request) =>
      listOriginsByMonth(deps, readClientScope(request), {
        start: request.query.dateStart,
        end: request.query.dateEnd,
      }),
  );
}
