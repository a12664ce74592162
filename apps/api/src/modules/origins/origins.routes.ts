import { IgnoredOriginSchema, type Origin, OriginSchema, OriginWithMonthsSchema } from '@prumo/contract/origins';
import { describeLengthLimit } from '@prumo/domain/account/messages';
import { findBankByCode } from '@prumo/domain/banks/brazilian-banks';
import { readSummedCents } from '@prumo/domain/money/cents';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { origins, transactions } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { failNotFound } from '../../lib/domain-errors';
import { ClientQuerySchema, type ClientScope } from '../../lib/scope';
import { anyone, type RouteAccess, readClientScope } from '../../plugins/access';
import { addPeriodOrderIssue, QueryDateSchema } from '../cash-flow/index';
import { describeOrigin } from './origin-name';

const originNotFound = 'Conta não encontrada.';

function scopeWhere(scope: ClientScope) {
  return and(eq(origins.organizationId, scope.organizationId), eq(origins.clientUserId, scope.clientUserId));
}

async function listOrigins(deps: AppDependencies, scope: ClientScope): Promise<Origin[]> {
  const rows = await deps.db
    .select()
    .from(origins)
    .where(scopeWhere(scope))
    .orderBy(asc(origins.kind), asc(origins.id));
  return rows.map((origin) => ({
    id: origin.id,
    name: describeOrigin(origin),
    nickname: origin.nickname,
    kind: origin.kind,
    bank_code: origin.bankCode || null,
    bank_name: findBankByCode(origin.bankCode)?.name ?? null,
    branch: origin.branch || null,
    account_number: origin.accountNumber || null,
    ignored: origin.ignored,
    balance: origin.balanceCents,
    balance_date: origin.balanceDate,
    due_day: origin.dueDay,
    closing_day: origin.closingDay,
  }));
}

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
    async (request) => {
      const scope = readClientScope(request);
      const updated = await deps.db
        .update(origins)
        .set({ ignored: request.body.ignored })
        .where(and(eq(origins.id, request.params.id), scopeWhere(scope)))
        .returning({ id: origins.id });
      if (updated.length === 0) failNotFound(originNotFound);
      return { id: request.params.id, ignored: request.body.ignored };
    },
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
    async (request, reply) => {
      const scope = readClientScope(request);
      const [created] = await deps.db
        .insert(origins)
        .values({
          organizationId: scope.organizationId,
          clientUserId: scope.clientUserId,
          kind: 'manual',
          // Each manual account is its own: the identity takes a unique number.
          accountNumber: `manual-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
          nickname: request.body.nickname,
        })
        .returning({ id: origins.id });
      if (!created) throw new Error('INSERT … RETURNING gave no row for a new origin');
      const view = (await listOrigins(deps, scope)).find((origin) => origin.id === created.id);
      if (!view) throw new Error("a new origin is missing from its client's list");
      return reply.status(201).send(view);
    },
  );

  api.delete(
    '/api/manual-account/:id/',
    {
      config: { access: writing },
      schema: { tags, params: idParams, querystring: ClientQuerySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const scope = readClientScope(request);
      const deleted = await deps.db
        .delete(origins)
        .where(and(eq(origins.id, request.params.id), eq(origins.kind, 'manual'), scopeWhere(scope)))
        .returning({ id: origins.id });
      if (deleted.length === 0) failNotFound(originNotFound);
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
    async (request) => {
      const scope = readClientScope(request);
      const months = await deps.db
        .select({
          originId: transactions.originId,
          month: sql<string>`to_char(${transactions.cashDate}, 'MM/YYYY')`,
          monthStart: sql<string>`to_char(date_trunc('month', ${transactions.cashDate}), 'YYYY-MM-DD')`,
          lines: sql<number>`count(*)::int`,
          income: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.amountCents} > 0), 0)`,
          expense: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.amountCents} < 0), 0)`,
        })
        .from(transactions)
        .where(
          and(
            eq(transactions.organizationId, scope.organizationId),
            eq(transactions.clientUserId, scope.clientUserId),
            gte(transactions.cashDate, request.query.dateStart),
            lte(transactions.cashDate, request.query.dateEnd),
            eq(transactions.ignored, false),
          ),
        )
        .groupBy(transactions.originId, sql`2`, sql`3`)
        .orderBy(transactions.originId, sql`3`);
      const accounts = await listOrigins(deps, scope);
      return accounts.map((account) => ({
        ...account,
        months: months
          .filter((month) => month.originId === account.id)
          .map((month) => ({
            month: month.month,
            transactions: month.lines,
            income: readSummedCents(month.income),
            expense: readSummedCents(month.expense),
          })),
      }));
    },
  );
}
