import { maximumPlannedCents } from '@prumo/domain/budget/budget-plan';
import { findCurrentMonth, parseTargetMonth, targetMonthNotFound } from '@prumo/domain/budget/target-month';
import { resolveMonthRange } from '@prumo/domain/future-flow/future-flow-range';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { failInvalid, failOnField } from '../../lib/domain-errors';
import { ClientQuerySchema } from '../../lib/scope';
import { resolveClientScopeOfRequest } from '../../plugins/access';
import { BooleanTextSchema, maximumItemsPerBudget, ReferenceSchema } from '../budget/index';
import {
  type BudgetSource,
  buildFutureFlowChart,
  createMonthPlan,
  editMonthPlan,
  listFutureFlowMonths,
  requireFutureFlow,
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
  const scopeOf = async (request: FastifyRequest) => {
    const scope = await resolveClientScopeOfRequest(deps.db, request);
    await requireFutureFlow(deps, scope);
    return scope;
  };
  const readRange = (query: { startDate?: string; endDate?: string }) => {
    const now = new Date();
    const range = resolveMonthRange(query, now);
    if (!range.ok) failOnField(range.field, range.message);
    return { startMonth: range.startMonth, endMonth: range.endMonth, currentMonth: findCurrentMonth(now) };
  };

  api.get(
    '/api/future-flow/',
    { schema: { tags, querystring: RangeQuerySchema.extend({ ideal: BooleanTextSchema.optional() }) } },
    async (request) => {
      const scope = await scopeOf(request);
      return listFutureFlowMonths(deps, scope, readRange(request.query), { ideal: request.query.ideal ?? false });
    },
  );

  api.get('/api/future-flow/chart', { schema: { tags, querystring: RangeQuerySchema } }, async (request) => {
    const scope = await scopeOf(request);
    return buildFutureFlowChart(deps, scope, readRange(request.query));
  });

  api.post(
    '/api/future-flow/create/',
    { schema: { tags, querystring: ClientQuerySchema, body: NewMonthPlanSchema } },
    async (request, reply) => {
      const scope = await scopeOf(request);
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
    { schema: { tags, querystring: ClientQuerySchema, body: MonthPlanChangesSchema } },
    async (request) => {
      const scope = await scopeOf(request);
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
