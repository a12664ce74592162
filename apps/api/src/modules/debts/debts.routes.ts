import { DebtSchema } from '@prumo/contract/debts';
import { validationMessages } from '@prumo/domain/account/messages';
import { maximumDebtMonths } from '@prumo/domain/holdings/debt-payoff';
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
import type { DebtFields } from './debts.repo';
import { changeDebt, createDebt, deleteDebt, interestRateScale, listDebts } from './debts.service';

const maximumNameLength = 120;
const maximumInterestPercent = 100;

const NameSchema = buildNameSchema(maximumNameLength);

/** An amount in integer cents, above zero and within the bound of any money line. */
const CentsSchema = buildCentsSchema({ allowZero: false });

const InstallmentsLeftSchema = z
  .number({ error: validationMessages.numberInvalid })
  .int(validationMessages.numberInvalid)
  .min(1, `Informe de 1 a ${maximumDebtMonths} parcelas.`)
  .max(maximumDebtMonths, `Informe de 1 a ${maximumDebtMonths} parcelas.`)
  .nullable();

/** Percent a month, 0–100, at most 4 decimals: stored as an integer of ten-thousandths, so exactly. */
const InterestRateSchema = z
  .number({
    error: (issue) => (issue.input === undefined ? validationMessages.required : validationMessages.numberInvalid),
  })
  .min(0, 'Taxa de juros inválida: use de 0 a 100 % ao mês.')
  .max(maximumInterestPercent, 'Taxa de juros inválida: use de 0 a 100 % ao mês.')
  .refine(
    (value) => Math.abs(value * interestRateScale - Math.round(value * interestRateScale)) < 1e-6,
    'Use no máximo 4 casas decimais.',
  );

const NewDebtSchema = z.object({
  name: NameSchema,
  balance: CentsSchema,
  monthly_payment: CentsSchema,
  installments_left: InstallmentsLeftSchema.optional(),
  interest_rate: InterestRateSchema,
});

const DebtChangesSchema = requireSomeField(
  z.object({
    name: NameSchema.optional(),
    balance: CentsSchema.optional(),
    monthly_payment: CentsSchema.optional(),
    installments_left: InstallmentsLeftSchema.optional(),
    interest_rate: InterestRateSchema.optional(),
  }),
);

function toTenThousandths(percent: number): number {
  return Math.round(percent * interestRateScale);
}

/** The body's changes under the repository's names; a field the body leaves out stays undefined. */
function readDebtChanges(body: z.infer<typeof DebtChangesSchema>): Partial<DebtFields> {
  return {
    name: body.name,
    balanceCents: body.balance,
    monthlyPaymentCents: body.monthly_payment,
    installmentsLeft: body.installments_left,
    interestRateTenThousandths: body.interest_rate === undefined ? undefined : toTenThousandths(body.interest_rate),
  };
}

export function registerDebtRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Dívidas'];
  const idParams = z.object({ id: DatabaseIdTextSchema });
  // Anyone may read a client's debts within their reach; a manager never changes them.
  const reading: RouteAccess = { roles: anyone, client: 'read' };
  const writing: RouteAccess = { roles: anyone, client: 'write' };

  // Prumo's own: the list any debts screen needs (ADR 20).
  api.get(
    '/api/debts/',
    {
      config: { access: reading },
      schema: { tags, querystring: ClientQuerySchema, response: { 200: z.array(DebtSchema) } },
    },
    async (request) => listDebts(deps, readClientScope(request)),
  );

  api.post(
    '/api/debts/create/',
    {
      config: { access: writing },
      schema: { tags, querystring: ClientQuerySchema, body: NewDebtSchema, response: { 201: DebtSchema } },
    },
    async (request, reply) => {
      const { body } = request;
      const created = await createDebt(deps, readClientScope(request), {
        name: body.name,
        balanceCents: body.balance,
        monthlyPaymentCents: body.monthly_payment,
        installmentsLeft: body.installments_left ?? null,
        interestRateTenThousandths: toTenThousandths(body.interest_rate),
      });
      return reply.status(201).send(created);
    },
  );

  api.put(
    '/api/debts/edit/:id/',
    {
      config: { access: writing },
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema,
        body: DebtChangesSchema,
        response: { 200: DebtSchema },
      },
    },
    async (request) => changeDebt(deps, readClientScope(request), request.params.id, readDebtChanges(request.body)),
  );

  api.delete(
    '/api/debts/edit/:id/',
    {
      config: { access: writing },
      schema: { tags, params: idParams, querystring: ClientQuerySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteDebt(deps, readClientScope(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
