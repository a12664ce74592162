import { BankAccountSchema } from '@prumo/contract/plans';
import { BankAccountSchema as BankAccountInputSchema } from '@prumo/domain/payments/bank-account-schemas';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { managersOnly, type RouteAccess, readCaller } from '../../plugins/access';
import { changeBankAccount, createBankAccount, listBankAccounts } from './bank-accounts.service';

export function registerBankAccountRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Contas bancárias'];
  // Where the organization's money goes: its managers only, with the financial flag on.
  const managing: RouteAccess = { roles: managersOnly, flag: 'financial' };

  api.get(
    '/api/payment/bank-accounts/',
    { config: { access: managing }, schema: { tags, response: { 200: z.array(BankAccountSchema) } } },
    async (request) => listBankAccounts(deps, readCaller(request)),
  );

  api.post(
    '/api/payment/bank-accounts/',
    {
      config: { access: managing },
      schema: { tags, body: BankAccountInputSchema, response: { 201: BankAccountSchema } },
    },
    async (request, reply) => reply.status(201).send(await createBankAccount(deps, readCaller(request), request.body)),
  );

  api.put(
    '/api/payment/bank-accounts/:id/',
    {
      config: { access: managing },
      schema: {
        tags,
        params: z.object({ id: DatabaseIdTextSchema }),
        body: BankAccountInputSchema,
        response: { 200: BankAccountSchema },
      },
    },
    async (request) => changeBankAccount(deps, readCaller(request), request.params.id, request.body),
  );
}
