import { BudgetSchema } from '@prumo/contract/budget';
import { ErrorDetailSchema } from '@prumo/contract/common';
import { FutureFlowChartSchema, FutureFlowMonthsSchema } from '@prumo/contract/future-flow';
import { maximumPlannedCents } from '@prumo/domain/budget/budget-plan';
import { findCurrentMonth, parseTargetMonth, targetMonthNotFound } from '@prumo/domain/budget/target-month';
import { resolveMonthRange } from '@prumo/domain/future-flow/future-flow-range';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { failInvalid, failOnField } from '../../lib/domain-errors';
import { ClientQuerySchema } from '../../lib/scope';
import { anyone, type RouteAccess, readClientScope } from '../../plugins/access';
import { BooleanTextSchema, maximumItemsPerBudget, ReferenceSchema } from '../budget/index';
import {
  type BudgetSource,
  buildFutureFlowChart,
  createMonthPlan,
  editMonthPlan,
  listFutureFlowMonths,
} from './future-flow.service';

const RangeQuerySchema = ClientQuerySchema.extend({
  startDate: z.string().max(20).optional(),
  endDate: z.string().max(20).optional(),
});

const MonthTextSchema = z.string().max(20).optional();

const NewMonthPlanSchema = z.object({
  date: MonthTextSchema,
  target_month: MonthTextSchema,
  from: z.enum(['previous', 'ideal'], { error: 'Escolha de onde copiar: previous ou ideal.' }).optional(),
  budget: DatabaseIdTextSchema.optional(),
});

const PlannedLineSchema = z.object({
  category: ReferenceSchema,
  description: ReferenceSchema.nullable().optional(),
  amount: z
    .number({ error: 'Informe o valor em centavos.' })
    .int('Valor inválido: envie centavos inteiros')
    .min(0, 'O valor não pode ser negativo.')
    .max(maximumPlannedCents, 'Valor acima do limite.'),
});

const MonthPlanChangesSchema = z.object({
  date: MonthTextSchema,
  target_month: MonthTextSchema,
  budget: DatabaseIdTextSchema.optional(),
  items: z
    .array(PlannedLineSchema, { error: 'Envie a lista de itens.' })
    .min(1, 'Informe ao menos um item.')
    .max(maximumItemsPerBudget, `No máximo ${maximumItemsPerBudget} itens.`),
});

/** A month named by `date` (or `target_month`), in any form a budget call takes. */
function readMonth(body: { date?: string; target_month?: string }): string {
  const text = body.date ?? body.target_month;
  const month = text?.trim() ? parseTargetMonth(text) : null;
  if (!month) failInvalid(targetMonthNotFound);
  return month;
}

export function registerFutureFlowRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Fluxo futuro'];
  // Closed (403) while the organization has the future flow off (ADR 7); a manager reads, never plans.
  const reading: RouteAccess = { roles: anyone, client: 'read', toggle: 'future_flow' };
  const writing: RouteAccess = { roles: anyone, client: 'write', toggle: 'future_flow' };
  const readRange = (query: { startDate?: string; endDate?: string }) => {
    const now = new Date();
    const range = resolveMonthRange(query, now);
    if (!range.ok) failOnField(range.field, range.message);
    return { startMonth: range.startMonth, endMonth: range.endMonth, currentMonth: findCurrentMonth(now) };
  };

  api.get(
    '/api/future-flow/',
    {
      config: { access: reading },
      schema: {
        tags,
        querystring: RangeQuerySchema.extend({ ideal: BooleanTextSchema.optional() }),
        response: { 200: FutureFlowMonthsSchema },
      },
    },
    async (request) =>
      listFutureFlowMonths(deps, readClientScope(request), readRange(request.query), {
        ideal: request.query.ideal ?? false,
      }),
  );

  api.get(
    '/api/future-flow/chart',
    {
      config: { access: reading },
      schema: { tags, querystring: RangeQuerySchema, response: { 200: FutureFlowChartSchema } },
    },
    async (request) => buildFutureFlowChart(deps, readClientScope(request), readRange(request.query)),
  );

  api.post(
    '/api/future-flow/create/',
    {
      config: { access: writing },
      schema: { tags, querystring: ClientQuerySchema, body: NewMonthPlanSchema, response: { 201: BudgetSchema } },
    },
    async (request, reply) => {
      const scope = readClientScope(request);
      const body = request.body;
      const source: BudgetSource =
        body.budget !== undefined
          ? { kind: 'budget', budgetId: body.budget }
          : { kind: body.from === 'ideal' ? 'ideal' : 'previous' };
      return reply.status(201).send(await createMonthPlan(deps, scope, readMonth(body), source));
    },
  );

  api.put(
    '/api/future-flow/edit/',
    {
      config: { access: writing },
      schema: {
        tags,
        querystring: ClientQuerySchema,
        body: MonthPlanChangesSchema,
        // 409: an edit racing another on the same line; 417: the month would pass its items' limit.
        response: { 200: BudgetSchema, 409: ErrorDetailSchema, 417: ErrorDetailSchema },
      },
    },
    async (request) => {
      const scope = readClientScope(request);
      const body = request.body;
      const target = body.budget !== undefined ? { budgetId: body.budget } : { month: readMonth(body) };
      const lines = body.items.map((line) => ({
        category: line.category,
        description: line.description ?? null,
        amount: line.amount,
      }));
      return editMonthPlan(deps, scope, target, lines);
    },
  );
}
