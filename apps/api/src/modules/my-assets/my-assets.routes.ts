import {
  AccountDetailsSchema,
  CardBillDetailsSchema,
  CreditCardDetailsSchema,
  MyAccountSchema,
  NetWorthSchema,
} from '@prumo/contract/my-assets';
import { describeLengthLimit, validationMessages } from '@prumo/domain/account/messages';
import { parseDay } from '@prumo/domain/br/date';
import { buildCentsSchema } from '@prumo/domain/money/cents-schema';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import { DayOfMonthSchema } from '@prumo/domain/records/day-of-month-schema';
import { requireSomeField } from '@prumo/domain/records/update-fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { ClientQuerySchema } from '../../lib/scope';
import { anyone, type RouteAccess, readClientScope } from '../../plugins/access';
import {
  editCardBill,
  editCreditCard,
  getCardBillDetails,
  getCreditCardDetails,
  listAccountDetails,
  listMyAccounts,
  readNetWorth,
  renameAccount,
} from './my-assets.service';

const maximumNicknameLength = 80;

// A blank nickname gives the account back its bank-and-number name.
const NicknameSchema = z
  .string({ error: validationMessages.valueInvalid })
  .trim()
  .max(maximumNicknameLength, describeLengthLimit(maximumNicknameLength))
  .transform((value) => value || null)
  .nullable();

/** A real day "YYYY-MM-DD" of 1900–2100. */
const BillDateSchema = z
  .string({ error: validationMessages.valueInvalid })
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && parseDay(value) !== null, validationMessages.dateInvalid);

const CardChangesSchema = requireSomeField(
  z.object({
    closing_day: DayOfMonthSchema.optional(),
    due_day: DayOfMonthSchema.optional(),
    /** The card's limit in cents; null when the client takes it out. */
    limit: buildCentsSchema({ allowZero: true }).nullable().optional(),
  }),
);

const BillChangesSchema = requireSomeField(
  z.object({
    closing_date: BillDateSchema.optional(),
    due_date: BillDateSchema.optional(),
    /** What the bank asks, in cents, when it differs from the lines' sum; null goes back to the sum. */
    amount: buildCentsSchema({ allowZero: true }).nullable().optional(),
  }),
);

export function registerMyAssetsRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Meu patrimônio: contas e cartões'];
  const idParams = z.object({ id: DatabaseIdTextSchema });
  // Anyone may read a client's accounts within their reach; a manager never changes them.
  const reading: RouteAccess = { roles: anyone, client: 'read' };
  const writing: RouteAccess = { roles: anyone, client: 'write' };

  api.get(
    '/api/my-assets/account/',
    {
      config: { access: reading },
      schema: { tags, querystring: ClientQuerySchema, response: { 200: z.array(MyAccountSchema) } },
    },
    async (request) => listMyAccounts(deps, readClientScope(request)),
  );

  api.put(
    '/api/my-assets/account/:id/',
    {
      config: { access: writing },
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema,
        body: z.object({ nickname: NicknameSchema }),
        response: { 200: MyAccountSchema },
      },
    },
    async (request) => renameAccount(deps, readClientScope(request), request.params.id, request.body.nickname),
  );

  api.get(
    '/api/my-assets/account-details/',
    {
      config: { access: reading },
      schema: { tags, querystring: ClientQuerySchema, response: { 200: z.array(AccountDetailsSchema) } },
    },
    async (request) => listAccountDetails(deps, readClientScope(request)),
  );

  api.get(
    '/api/my-assets/net-worth/',
    {
      config: { access: reading },
      schema: { tags, querystring: ClientQuerySchema, response: { 200: NetWorthSchema } },
    },
    async (request) => readNetWorth(deps, readClientScope(request)),
  );

  api.get(
    '/api/my-assets/credit-card-details/:idCard/',
    {
      config: { access: reading },
      schema: {
        tags,
        params: z.object({ idCard: DatabaseIdTextSchema }),
        querystring: ClientQuerySchema,
        response: { 200: CreditCardDetailsSchema },
      },
    },
    async (request) => getCreditCardDetails(deps, readClientScope(request), request.params.idCard),
  );

  api.get(
    '/api/my-assets/card-statment-details/:idStatment/',
    {
      config: { access: reading },
      schema: {
        tags,
        params: z.object({ idStatment: DatabaseIdTextSchema }),
        querystring: ClientQuerySchema,
        response: { 200: CardBillDetailsSchema },
      },
    },
    async (request) => getCardBillDetails(deps, readClientScope(request), request.params.idStatment),
  );

  api.put(
    '/api/credit-card/edit/:id/',
    {
      config: { access: writing },
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema,
        body: CardChangesSchema,
        response: { 200: CreditCardDetailsSchema },
      },
    },
    async (request) =>
      editCreditCard(deps, readClientScope(request), request.params.id, {
        closingDay: request.body.closing_day,
        dueDay: request.body.due_day,
        creditLimitCents: request.body.limit,
      }),
  );

  api.put(
    '/api/bill/edit/:id/',
    {
      config: { access: writing },
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema,
        body: BillChangesSchema,
        response: { 200: CardBillDetailsSchema },
      },
    },
    async (request) =>
      editCardBill(deps, readClientScope(request), request.params.id, {
        closingDate: request.body.closing_date,
        dueDate: request.body.due_date,
        correctedAmountCents: request.body.amount,
      }),
  );
}
