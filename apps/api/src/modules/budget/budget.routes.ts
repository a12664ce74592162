import {
  BudgetComparisonSchema,
  BudgetItemSchema,
  BudgetSchema,
  DeletedBudgetItemsSchema,
} from '@prumo/contract/budget';
import { ErrorDetailSchema } from '@prumo/contract/common';
import { maximumPlannedCents } from '@prumo/domain/budget/budget-plan';
import { BudgetItemRecurrenceSchema } from '@prumo/domain/budget/budget-recurrence';
import { findCurrentMonth, parseTargetMonth, targetMonthNotFound } from '@prumo/domain/budget/target-month';
import { DatabaseIdSchema, DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import { requireSomeField } from '@prumo/domain/records/update-fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { failInvalid } from '../../lib/domain-errors';
import { ClientQuerySchema } from '../../lib/scope';
import { anyone, type RouteAccess, readClientScope } from '../../plugins/access';
import {
  compareBudget,
  createBudgetItem,
  createIdealBudget,
  deleteBudgetItem,
  deleteItemsOfBudget,
  editBudgetItem,
  findScopedBudget,
  type ItemDestination,
  presentBudget,
  presentIdealBudget,
  presentMonthBudget,
} from './budget.service';
import { findTaskBudgetId } from './budget-planning.service';

/** Query flags as callers send them (Python's True/False too). */
export const BooleanTextSchema = z
  .enum(['true', 'false', 'True', 'False', '1', '0'], { error: 'Valor inválido' })
  .transform((value) => value === 'true' || value === 'True' || value === '1');

/** A category or description as a number, a numeric text, or an object whose id (or value) is used. */
export const ReferenceSchema = z.union(
  [
    DatabaseIdSchema,
    z.string().regex(/^\d+$/).transform(Number).pipe(DatabaseIdSchema),
    z.object({ id: DatabaseIdTextSchema }).transform((reference) => reference.id),
    z.object({ value: DatabaseIdTextSchema }).transform((reference) => reference.value),
  ],
  { error: (issue) => (issue.input === undefined ? 'Este campo é obrigatório' : 'Valor inválido') },
);

const AmountSchema = z
  .number({ error: 'Informe o valor em centavos.' })
  .int('Valor inválido: envie centavos inteiros')
  .positive('O valor deve ser maior que zero.')
  .max(maximumPlannedCents, 'Valor acima do limite.');

const NewItemSchema = z.object({
  budget: DatabaseIdTextSchema.optional(),
  target_month: z.string().max(20).optional(),
  budget_ideal: z.union([z.boolean(), BooleanTextSchema]).optional(),
  category: ReferenceSchema,
  description: ReferenceSchema.nullable().optional(),
  amount: AmountSchema,
  recurrence: BudgetItemRecurrenceSchema.optional(),
});

const ItemChangesSchema = requireSomeField(
  z.object({
    category: ReferenceSchema.optional(),
    description: ReferenceSchema.nullable().optional(),
    amount: AmountSchema.optional(),
    recurrence: BudgetItemRecurrenceSchema.optional(),
  }),
);

const IdListSchema = z
  .array(DatabaseIdTextSchema, { error: 'Envie a lista de itens.' })
  .min(1, 'Informe ao menos um item.')
  .max(500);

const BudgetFlagsQuerySchema = ClientQuerySchema.extend({
  asset: BooleanTextSchema.optional(),
  ideal: BooleanTextSchema.optional(),
});

const idParams = z.object({ id: DatabaseIdTextSchema });

/** A month as typed ("2026-11", "11/2026", any day of it); without one, the month it is now in Brazil. */
function readTargetMonth(text: string | undefined): string {
  if (text === undefined || text.trim() === '') return findCurrentMonth(new Date());
  const month = parseTargetMonth(text);
  if (!month) failInvalid(targetMonthNotFound);
  return month;
}

export function registerBudgetRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Orçamento'];
  // Anyone may read a client's budget within their reach; a manager never changes one (ADR 13).
  const reading: RouteAccess = { roles: anyone, client: 'read' };
  const writing: RouteAccess = { roles: anyone, client: 'write' };
  // A monthly item and an ideal one are edited and deleted alike, each through calls of its own.
  const editingItem = {
    config: { access: writing },
    schema: {
      tags,
      params: idParams,
      querystring: ClientQuerySchema,
      body: ItemChangesSchema,
      response: { 200: BudgetItemSchema },
    },
  };
  const deletingItem = {
    config: { access: writing },
    schema: { tags, params: idParams, querystring: ClientQuerySchema, response: { 204: z.null() } },
  };

  api.get(
    '/api/budget/',
    {
      config: { access: reading },
      schema: {
        tags,
        querystring: BudgetFlagsQuerySchema.extend({ target_month: z.string().max(20).optional() }),
        response: { 200: BudgetSchema },
      },
    },
    async (request) => {
      const scope = readClientScope(request);
      const { asset = false, ideal = false, target_month: targetMonth } = request.query;
      return presentMonthBudget(deps, scope, readTargetMonth(targetMonth), { asset, ideal });
    },
  );

  api.get(
    '/api/budget/:id',
    {
      config: { access: reading },
      schema: { tags, params: idParams, querystring: BudgetFlagsQuerySchema, response: { 200: BudgetSchema } },
    },
    async (request) => {
      const scope = readClientScope(request);
      const budget = await findScopedBudget(deps.db, scope, request.params.id);
      const { asset = false, ideal = false } = request.query;
      return presentBudget(deps.db, scope, budget, { asset, ideal });
    },
  );

  api.get(
    '/api/budget/:id/comparison',
    {
      config: { access: reading },
      schema: {
        tags,
        params: idParams,
        querystring: BudgetFlagsQuerySchema,
        response: { 200: BudgetComparisonSchema },
      },
    },
    async (request) =>
      compareBudget(deps, readClientScope(request), request.params.id, { asset: request.query.asset ?? false }),
  );

  // The published address names a task, not a budget: the items are those of the task's month budget.
  api.put(
    '/api/budget/:id/delete-items/',
    {
      config: { access: writing },
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema,
        body: z.union([IdListSchema, z.object({ ids: IdListSchema })], { error: 'Envie a lista de itens.' }),
        response: { 200: DeletedBudgetItemsSchema },
      },
    },
    async (request) => {
      const scope = readClientScope(request);
      const budgetId = await findTaskBudgetId(deps, scope, request.params.id);
      const ids = Array.isArray(request.body) ? request.body : request.body.ids;
      const deleted = await deleteItemsOfBudget(deps, scope, budgetId, ids);
      return { budget: budgetId, deleted };
    },
  );

  api.post(
    '/api/budget-item/',
    {
      config: { access: writing },
      schema: {
        tags,
        querystring: ClientQuerySchema.extend({ budget_ideal: BooleanTextSchema.optional() }),
        body: NewItemSchema,
        // A budget already full, or the same line planned twice.
        response: { 201: BudgetItemSchema, 417: ErrorDetailSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const toIdeal = request.query.budget_ideal === true || body.budget_ideal === true;
      const scope = readClientScope(request);
      let destination: ItemDestination;
      if (toIdeal) destination = { ideal: true };
      else if (body.budget !== undefined) destination = { budgetId: body.budget };
      else if (body.target_month?.trim()) destination = { targetMonth: readTargetMonth(body.target_month) };
      else failInvalid(targetMonthNotFound);
      const item = await createBudgetItem(deps, scope, destination, {
        category: body.category,
        description: body.description ?? null,
        amount: body.amount,
        recurrence: body.recurrence ?? 'monthly',
      });
      return reply.status(201).send(item);
    },
  );

  api.put('/api/budget-item/:id/', editingItem, async (request) =>
    editBudgetItem(deps, readClientScope(request), 'monthly', request.params.id, request.body),
  );

  api.delete('/api/budget-item/:id/', deletingItem, async (request, reply) => {
    await deleteBudgetItem(deps, readClientScope(request), 'monthly', request.params.id);
    return reply.status(204).send(null);
  });

  api.get(
    '/api/budget-ideal/',
    {
      config: { access: reading },
      schema: {
        tags,
        querystring: ClientQuerySchema.extend({ asset: BooleanTextSchema.optional() }),
        response: { 200: BudgetSchema },
      },
    },
    async (request) => presentIdealBudget(deps, readClientScope(request), { asset: request.query.asset ?? false }),
  );

  // A future-flow call: closed (403) while the organization has the future flow off (ADR 7).
  api.post(
    '/api/future-flow/budget-ideal/',
    {
      config: { access: { ...writing, toggle: 'future_flow' } },
      schema: {
        tags,
        querystring: ClientQuerySchema.extend({ asset: BooleanTextSchema.optional() }),
        body: z.object({ budget: DatabaseIdTextSchema.optional() }).optional(),
        // Two copies into the ideal budget collided: try again.
        response: { 201: BudgetSchema, 409: ErrorDetailSchema },
      },
    },
    async (request, reply) => {
      const scope = readClientScope(request);
      const ideal = await createIdealBudget(deps, scope, request.body?.budget, { asset: request.query.asset ?? false });
      return reply.status(201).send(ideal);
    },
  );

  api.put('/api/budget-ideal/ideal-item/:id', editingItem, async (request) =>
    editBudgetItem(deps, readClientScope(request), 'ideal', request.params.id, request.body),
  );

  api.delete('/api/budget-ideal/ideal-item/:id', deletingItem, async (request, reply) => {
    await deleteBudgetItem(deps, readClientScope(request), 'ideal', request.params.id);
    return reply.status(204).send(null);
  });
}
