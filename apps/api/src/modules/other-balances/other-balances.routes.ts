import { OtherBalanceSchema } from '@prumo/contract/other-balances';
import { validationMessages } from '@prumo/domain/account/messages';
import { findTodayInBrazil, parseDay } from '@prumo/domain/br/date';
import { buildCentsSchema } from '@prumo/domain/money/cents-schema';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import { buildNameSchema } from '@prumo/domain/records/name-schema';
import { requireSomeField } from '@prumo/domain/records/update-fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { ClientQuerySchema } from '../../lib/scope';
import { anyone, type RouteAccess, readClientScope } from '../../plugins/access';
import {
  changeOtherBalance,
  createOtherBalance,
  deleteOtherBalance,
  listOtherBalances,
} from './other-balances.service';

const maximumNameLength = 120;

const NameSchema = buildNameSchema(maximumNameLength);

/** What the client has, in integer cents: zero is a balance (an emptied FGTS), never below. */
const BalanceCentsSchema = buildCentsSchema({ allowZero: true });

/** A real day "YYYY-MM-DD" of 1900–2100, not after today in Brazil: a value is known, not foreseen. */
const BalanceDateSchema = z.string({ error: validationMessages.required }).superRefine((value, context) => {
  // One message a day: a day that is no day (2101) is invalid, not also future.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || parseDay(value) === null) {
    context.addIssue({ code: 'custom', message: validationMessages.dateInvalid });
  } else if (value > findTodayInBrazil(new Date())) {
    context.addIssue({ code: 'custom', message: 'A data não pode ser futura.' });
  }
});

const NewOtherBalanceSchema = z.object({
  name: NameSchema,
  balance: BalanceCentsSchema,
  date: BalanceDateSchema,
});

const OtherBalanceChangesSchema = requireSomeField(
  z.object({
    name: NameSchema.optional(),
    balance: BalanceCentsSchema.optional(),
    date: BalanceDateSchema.optional(),
  }),
);

export function registerOtherBalanceRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Outros saldos'];
  const idParams = z.object({ id: DatabaseIdTextSchema });
  // Anyone may read a client's balances within their reach; a manager never changes them.
  const reading: RouteAccess = { roles: anyone, client: 'read' };
  const writing: RouteAccess = { roles: anyone, client: 'write' };

  api.get(
    '/api/balance/',
    {
      config: { access: reading },
      schema: { tags, querystring: ClientQuerySchema, response: { 200: z.array(OtherBalanceSchema) } },
    },
    async (request) => listOtherBalances(deps, readClientScope(request)),
  );

  api.post(
    '/api/balance/create/',
    {
      config: { access: writing },
      schema: {
        tags,
        querystring: ClientQuerySchema,
        body: NewOtherBalanceSchema,
        response: { 201: OtherBalanceSchema },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const created = await createOtherBalance(deps, readClientScope(request), {
        name: body.name,
        balanceCents: body.balance,
        date: body.date,
      });
      return reply.status(201).send(created);
    },
  );

  api.put(
    '/api/balance/edit/:id/',
    {
      config: { access: writing },
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema,
        body: OtherBalanceChangesSchema,
        response: { 200: OtherBalanceSchema },
      },
    },
    async (request) =>
      changeOtherBalance(deps, readClientScope(request), request.params.id, {
        name: request.body.name,
        balanceCents: request.body.balance,
        date: request.body.date,
      }),
  );

  // Prumo's own: a balance sold or spent (a car, cash) must be removable (ADR 21).
  api.delete(
    '/api/balance/edit/:id/',
    {
      config: { access: writing },
      schema: { tags, params: idParams, querystring: ClientQuerySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteOtherBalance(deps, readClientScope(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
