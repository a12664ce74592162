import {
  AssetTransferPageSchema,
  CashFlowLineListSchema,
  CashFlowLineSchema,
  CashFlowPageSchema,
  CashFlowSummarySchema,
  CashFlowWorkbookSchema,
  CategorizedLinesSchema,
  ChartSchema,
  DeletedLinesSchema,
} from '@prumo/contract/cash-flow';
import { DetailSchema } from '@prumo/contract/common';
import { describeLengthLimit, validationMessages } from '@prumo/domain/account/messages';
import { maximumLineCents } from '@prumo/domain/money/cents';
import { DatabaseIdSchema, DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import { requireSomeField } from '@prumo/domain/records/update-fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { failOnField } from '../../lib/domain-errors';
import { buildPage } from '../../lib/pagination';
import { ClientQuerySchema } from '../../lib/scope';
import { anyone, type RouteAccess, readClientScope } from '../../plugins/access';
import { recordClientAccess } from '../access-log/index';
import {
  cashFlowMessages,
  categorizeLines,
  createManualLine,
  createManualLines,
  deleteLines,
  editLine,
  findPresentedLine,
  listAssetTransfers,
  listCashFlow,
  renameLine,
  summarizeCashFlow,
} from './cash-flow.service';
import { assertChartName, buildChart } from './cash-flow-charts';
import { buildCashFlowWorkbook } from './cash-flow-export';
import { CashFlowFilterSchema, QueryDateSchema } from './cash-flow-filters';

/** Callers send a category as a number, or as an object whose value is used, or null. */
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

/** A typed line's amount: non-zero integer cents, money out negative, up to R$ 1 billion either way. */
const LineAmountSchema = z
  .number({ error: 'Valor inválido' })
  .int('Valor inválido: envie centavos inteiros')
  .refine((value) => value !== 0, 'Valor inválido')
  .refine((value) => Math.abs(value) <= maximumLineCents, 'Valor acima do limite.');

const ManualLineSchema = z.object({
  name: LineNameSchema,
  amount: LineAmountSchema,
  date: QueryDateSchema,
  category: ReferenceSchema,
  description: ReferenceSchema,
  origin: DatabaseIdSchema.optional(),
  is_fixed: z.boolean().optional(),
});

/** transactions/edit/{id}/: any of a line's own fields, at least one. */
const LineChangesSchema = requireSomeField(
  z.object({
    name: LineNameSchema.optional(),
    amount: LineAmountSchema.optional(),
    date: QueryDateSchema.optional(),
    origin: DatabaseIdSchema.optional(),
  }),
);

const idParams = z.object({ id: DatabaseIdTextSchema });

const workbookContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function registerCashFlowRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Fluxo de caixa'];
  // Anyone may read a client's cash flow within their reach; a manager never changes one (ADR 13).
  const reading: RouteAccess = { roles: anyone, client: 'read' };
  const writing: RouteAccess = { roles: anyone, client: 'write' };

  api.get(
    '/api/cash-flow/',
    {
      config: { access: reading },
      schema: { tags, querystring: CashFlowFilterSchema, response: { 200: CashFlowPageSchema } },
    },
    async (request) => {
      const { count, rows } = await listCashFlow(deps, readClientScope(request), request.query);
      return buildPage(request, request.query, count, rows);
    },
  );

  api.get(
    '/api/cash-flow/transfer-asset/',
    {
      config: { access: reading },
      schema: { tags, querystring: CashFlowFilterSchema, response: { 200: AssetTransferPageSchema } },
    },
    async (request) => {
      const transfers = await listAssetTransfers(deps, readClientScope(request), request.query);
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
    {
      config: { access: reading },
      schema: {
        tags,
        querystring: CashFlowFilterSchema,
        response: {
          200: {
            description: 'As linhas filtradas numa planilha .xlsx',
            content: { [workbookContentType]: { schema: CashFlowWorkbookSchema } },
          },
        },
      },
    },
    async (request, reply) => {
      const scope = readClientScope(request);
      const workbook = await buildCashFlowWorkbook(deps, scope, request.query);
      const fileName = `meu-caixa-${request.query.start}-a-${request.query.end}.xlsx`;
      await recordClientAccess(deps, scope, 'cash_flow_export', fileName);
      return reply
        .header('content-type', workbookContentType)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(workbook);
    },
  );

  api.get(
    '/api/chart-data/:name/',
    {
      config: { access: reading },
      schema: {
        tags,
        params: z.object({ name: z.string() }),
        querystring: CashFlowFilterSchema,
        response: { 200: ChartSchema },
      },
    },
    async (request) => {
      const name = assertChartName(request.params.name);
      return buildChart(deps, readClientScope(request), name, request.query);
    },
  );

  api.get(
    '/api/cash-flow/summary/',
    {
      config: { access: reading },
      schema: { tags, querystring: CashFlowFilterSchema, response: { 200: CashFlowSummarySchema } },
    },
    async (request) => summarizeCashFlow(deps, readClientScope(request), request.query),
  );

  // Callers create a typed line at either published address: one handler under both.
  for (const url of ['/api/cash-flow/', '/api/transactions/create/']) {
    api.post(
      url,
      {
        config: { access: writing },
        schema: { tags, querystring: ClientQuerySchema, body: ManualLineSchema, response: { 201: CashFlowLineSchema } },
      },
      async (request, reply) => {
        return reply.status(201).send(await createManualLine(deps, readClientScope(request), request.body));
      },
    );
  }

  api.get(
    '/api/cash-flow/:id/',
    {
      config: { access: reading },
      schema: { tags, params: idParams, querystring: ClientQuerySchema, response: { 200: CashFlowLineSchema } },
    },
    async (request) => findPresentedLine(deps, readClientScope(request), request.params.id),
  );

  api.put(
    '/api/cash-flow/:id/',
    {
      config: { access: writing },
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema,
        body: CategorizationSchema,
        response: { 200: CashFlowLineSchema },
      },
    },
    async (request) => {
      const scope = readClientScope(request);
      await categorizeLines(deps, scope, [request.params.id], request.body);
      return findPresentedLine(deps, scope, request.params.id);
    },
  );

  api.delete(
    '/api/cash-flow/:id/',
    {
      config: { access: writing },
      schema: { tags, params: idParams, querystring: ClientQuerySchema, response: { 200: DetailSchema } },
    },
    async (request) => {
      await deleteLines(deps, readClientScope(request), [request.params.id]);
      return { detail: cashFlowMessages.deleted };
    },
  );

  api.put(
    '/api/cash-flows/',
    {
      config: { access: writing },
      schema: {
        tags,
        querystring: ClientQuerySchema,
        body: CategorizationSchema.extend({ ids: IdsSchema }),
        response: { 200: CategorizedLinesSchema },
      },
    },
    async (request) => {
      const updated = await categorizeLines(deps, readClientScope(request), request.body.ids, request.body);
      return { updated };
    },
  );

  api.delete(
    '/api/cash-flows/',
    {
      config: { access: writing },
      schema: {
        tags,
        querystring: ClientQuerySchema.extend({ ids: IdsQuerySchema.optional() }),
        // A DELETE without a body arrives as null.
        body: z.object({ ids: IdsSchema }).nullish(),
        response: { 200: DeletedLinesSchema },
      },
    },
    async (request) => {
      const ids = request.body?.ids ?? request.query.ids;
      if (!ids) failOnField('ids', idsRequired);
      const deleted = await deleteLines(deps, readClientScope(request), ids);
      return { deleted, detail: cashFlowMessages.deleted };
    },
  );

  api.post(
    '/api/cash-flows/',
    {
      config: { access: writing },
      schema: {
        tags,
        querystring: ClientQuerySchema,
        body: z.array(ManualLineSchema).min(1).max(500),
        response: { 201: CashFlowLineListSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createManualLines(deps, readClientScope(request), request.body)),
  );

  api.put(
    '/api/transactions/name/:id/',
    {
      config: { access: writing },
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema,
        body: z.object({ name: LineNameSchema }),
        response: { 200: CashFlowLineSchema },
      },
    },
    async (request) => renameLine(deps, readClientScope(request), request.params.id, request.body.name),
  );

  // A typed line changes in any field and account; an imported one in its name only (400 otherwise).
  api.put(
    '/api/transactions/edit/:id/',
    {
      config: { access: writing },
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema,
        body: LineChangesSchema,
        response: { 200: CashFlowLineSchema },
      },
    },
    async (request) => editLine(deps, readClientScope(request), request.params.id, request.body),
  );
}
