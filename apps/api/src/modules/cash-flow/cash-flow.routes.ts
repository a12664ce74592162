import { describeLengthLimit, validationMessages } from '@prumo/domain/account/messages';
import { maximumLineCents } from '@prumo/domain/money/cents';
import { DatabaseIdSchema, DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { failOnField } from '../../lib/domain-errors';
import { buildPage } from '../../lib/pagination';
import { ClientQuerySchema } from '../../lib/scope';
import { resolveClientScopeOfRequest } from '../../plugins/access';
import {
  cashFlowMessages,
  categorizeLines,
  createManualLines,
  deleteLines,
  findPresentedLine,
  listAssetTransfers,
  listCashFlow,
  renameLine,
  summarizeCashFlow,
} from './cash-flow.service';
import { assertChartName, buildChart } from './cash-flow-charts';
import { buildCashFlowWorkbook } from './cash-flow-export';
import { CashFlowFilterSchema, QueryDateSchema } from './cash-flow-filters';

/** The spec's client sends a category as a number, or as an object whose value is used, or null. */
const ReferenceSchema = z
  .union(
    [
      DatabaseIdSchema,
      z.string().regex(/^\d+$/).transform(Number).pipe(DatabaseIdSchema),
      z.object({ value: DatabaseIdTextSchema }).transform((reference) => reference.value),
      z.object({ id: DatabaseIdTextSchema }).transform((reference) => reference.id),
      z.null(),
    ],
    { error: 'Valor inválido' },
  )
  .optional();

const CategorizationSchema = z.object({
  category: ReferenceSchema,
  description: ReferenceSchema,
  flow_type: z.string().optional(),
  is_fixed: z.boolean().optional(),
  ignored: z.boolean().optional(),
  apply_to_similar: z.boolean().optional(),
});

const idsRequired = 'Informe ao menos uma transação.';
const IdsSchema = z.array(DatabaseIdTextSchema).min(1, idsRequired).max(1000);
/** The same ids in the query: comma-separated (?ids=1,2) or repeated (?ids=1&ids=2). */
const IdsQuerySchema = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : value,
  IdsSchema,
);

const maximumLineNameLength = 200;
// Without its own message, max() would answer with the schema's 'Este campo é obrigatório'.
const LineNameSchema = z
  .string({ error: validationMessages.required })
  .trim()
  .min(1, validationMessages.required)
  .max(maximumLineNameLength, describeLengthLimit(maximumLineNameLength));

const ManualLineSchema = z.object({
  name: LineNameSchema,
  amount: z
    .number({ error: 'Valor inválido' })
    .int('Valor inválido: envie centavos inteiros')
    .refine((value) => value !== 0, 'Valor inválido')
    .refine((value) => Math.abs(value) <= maximumLineCents, 'Valor acima do limite.'),
  date: QueryDateSchema,
  category: ReferenceSchema,
  description: ReferenceSchema,
  origin: DatabaseIdSchema.optional(),
  is_fixed: z.boolean().optional(),
});

const idParams = z.object({ id: DatabaseIdTextSchema });

export function registerCashFlowRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Fluxo de caixa'];
  const scopeOf = (request: FastifyRequest) => resolveClientScopeOfRequest(deps.db, request);

  api.get('/api/cash-flow/', { schema: { tags, querystring: CashFlowFilterSchema } }, async (request) => {
    const { count, rows } = await listCashFlow(deps, await scopeOf(request), request.query);
    return buildPage(request, request.query, count, rows);
  });

  api.get(
    '/api/cash-flow/transfer-asset/',
    { schema: { tags, querystring: CashFlowFilterSchema } },
    async (request) => {
      const transfers = await listAssetTransfers(deps, await scopeOf(request), request.query);
      return {
        ...buildPage(request, request.query, transfers.count, transfers.rows),
        total_out: transfers.totalOutCents,
        total_in: transfers.totalInCents,
        total: transfers.totalOutCents + transfers.totalInCents,
      };
    },
  );

  api.get(
    '/api/cash-flow/export-xls/',
    { schema: { tags, querystring: CashFlowFilterSchema } },
    async (request, reply) => {
      const workbook = await buildCashFlowWorkbook(deps, await scopeOf(request), request.query);
      const fileName = `meu-caixa-${request.query.start}-a-${request.query.end}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(workbook);
    },
  );

  api.get(
    '/api/chart-data/:name/',
    { schema: { tags, params: z.object({ name: z.string() }), querystring: CashFlowFilterSchema } },
    async (request) => {
      const name = assertChartName(request.params.name);
      return buildChart(deps, await scopeOf(request), name, request.query);
    },
  );

  api.get('/api/cash-flow/summary/', { schema: { tags, querystring: CashFlowFilterSchema } }, async (request) =>
    summarizeCashFlow(deps, await scopeOf(request), request.query),
  );

  // The spec names the typed line's call twice (§7): one handler under both addresses.
  for (const url of ['/api/cash-flow/', '/api/transactions/create/']) {
    api.post(
      url,
      { schema: { tags, querystring: ClientQuerySchema, body: ManualLineSchema } },
      async (request, reply) => {
        const [created] = await createManualLines(deps, await scopeOf(request), [request.body]);
        return reply.status(201).send(created);
      },
    );
  }

  api.get(
    '/api/cash-flow/:id/',
    { schema: { tags, params: idParams, querystring: ClientQuerySchema } },
    async (request) => findPresentedLine(deps, await scopeOf(request), request.params.id),
  );

  api.put(
    '/api/cash-flow/:id/',
    { schema: { tags, params: idParams, querystring: ClientQuerySchema, body: CategorizationSchema } },
    async (request) => {
      const scope = await scopeOf(request);
      await categorizeLines(deps, scope, [request.params.id], request.body);
      return findPresentedLine(deps, scope, request.params.id);
    },
  );

  api.delete(
    '/api/cash-flow/:id/',
    { schema: { tags, params: idParams, querystring: ClientQuerySchema } },
    async (request) => {
      await deleteLines(deps, await scopeOf(request), [request.params.id]);
      return { detail: cashFlowMessages.deleted };
    },
  );

  api.put(
    '/api/cash-flows/',
    { schema: { tags, querystring: ClientQuerySchema, body: CategorizationSchema.extend({ ids: IdsSchema }) } },
    async (request) => {
      const updated = await categorizeLines(deps, await scopeOf(request), request.body.ids, request.body);
      return { updated };
    },
  );

  api.delete(
    '/api/cash-flows/',
    {
      schema: {
        tags,
        querystring: ClientQuerySchema.extend({ ids: IdsQuerySchema.optional() }),
        // A DELETE without a body arrives as null.
        body: z.object({ ids: IdsSchema }).nullish(),
      },
    },
    async (request) => {
      const ids = request.body?.ids ?? request.query.ids;
      if (!ids) failOnField('ids', idsRequired);
      const deleted = await deleteLines(deps, await scopeOf(request), ids);
      return { deleted, detail: cashFlowMessages.deleted };
    },
  );

  api.post(
    '/api/cash-flows/',
    { schema: { tags, querystring: ClientQuerySchema, body: z.array(ManualLineSchema).min(1).max(500) } },
    async (request, reply) =>
      reply.status(201).send(await createManualLines(deps, await scopeOf(request), request.body)),
  );

  api.put(
    '/api/transactions/name/:id/',
    {
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema,
        body: z.object({ name: LineNameSchema }),
      },
    },
    async (request) => renameLine(deps, await scopeOf(request), request.params.id, request.body.name),
  );
}
