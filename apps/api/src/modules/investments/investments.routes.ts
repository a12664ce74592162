import { InvestmentSchema } from '@prumo/contract/investments';
import { validationMessages } from '@prumo/domain/account/messages';
import { isValidCnpj } from '@prumo/domain/br/cnpj';
import { keepDigits } from '@prumo/domain/br/digits';
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
import type { InvestmentFields } from './investments.repo';
import {
  changeInvestment,
  createInvestment,
  deleteInvestment,
  listInvestments,
  readInvestment,
  readInvestmentKind,
  refuseFieldsOfOtherKinds,
} from './investments.service';

const maximumNameLength = 120;
const maximumFunds = 20;
const maximumCnpbDigits = 20;
const maximumSusepProcessDigits = 25;

const NameSchema = buildNameSchema(maximumNameLength);

/** An amount in integer cents, zero or more (an emptied investment still counts), within any money line's bound. */
const CentsSchema = buildCentsSchema({ allowZero: true });

/**
 * The salary as cents, or as text cleaned to its digits ("R$ 5.432,10" is 543210 cents): the form
 * sends it masked, and the digits of a masked amount are its cents.
 */
const SalarySchema = z
  .union([z.number(), z.string()], { error: validationMessages.valueInvalid })
  .transform((value) => {
    if (typeof value === 'number') return value;
    const digits = keepDigits(value);
    return digits === '' ? Number.NaN : Number(digits);
  })
  .pipe(CentsSchema);

/** A document number cleaned to its digits; blank is none (null). */
function buildDigitsSchema(maximumDigits: number) {
  return z
    .string({ error: validationMessages.numberInvalid })
    .trim()
    .transform((value) => (value === '' ? null : keepDigits(value)))
    .refine(
      (digits) => digits === null || (digits.length >= 1 && digits.length <= maximumDigits),
      `Informe de 1 a ${maximumDigits} dígitos.`,
    );
}

const CnpjSchema = z
  .string({ error: validationMessages.cnpjInvalid })
  .trim()
  .transform((value) => (value === '' ? null : keepDigits(value)))
  .refine((digits) => digits === null || isValidCnpj(digits), validationMessages.cnpjInvalid);

const FundSchema = z.object({
  name: NameSchema,
  cnpj: z
    .string({
      error: (issue) => (issue.input === undefined ? validationMessages.cnpjRequired : validationMessages.cnpjInvalid),
    })
    .transform(keepDigits)
    .refine(isValidCnpj, validationMessages.cnpjInvalid),
});

const FundsSchema = z
  .array(FundSchema, { error: validationMessages.valueInvalid })
  .max(maximumFunds, `Informe no máximo ${maximumFunds} fundos.`);

const optionalFields = {
  gross_balance: CentsSchema.nullable().optional(),
  monthly_contribution: CentsSchema.nullable().optional(),
  salary: SalarySchema.nullable().optional(),
  cnpj: CnpjSchema.nullable().optional(),
  cnpb: buildDigitsSchema(maximumCnpbDigits).nullable().optional(),
  susep_process: buildDigitsSchema(maximumSusepProcessDigits).nullable().optional(),
  funds: FundsSchema.optional(),
};

const NewInvestmentSchema = z.object({ name: NameSchema, balance: CentsSchema, ...optionalFields });

const InvestmentChangesSchema = requireSomeField(
  z.object({ name: NameSchema.optional(), balance: CentsSchema.optional(), ...optionalFields }),
);

/** The body's changes under the repository's names; a field the body leaves out stays undefined. */
function readInvestmentChanges(body: z.infer<typeof InvestmentChangesSchema>): Partial<InvestmentFields> {
  return {
    name: body.name,
    balanceCents: body.balance,
    grossBalanceCents: body.gross_balance,
    monthlyContributionCents: body.monthly_contribution,
    salaryCents: body.salary,
    cnpj: body.cnpj,
    cnpb: body.cnpb,
    susepProcess: body.susep_process,
    funds: body.funds,
  };
}

export function registerInvestmentRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Investimentos'];
  // The kind is part of the address: one the app does not know is not found (readInvestmentKind).
  const kindParams = z.object({
    kind: z.string().describe('private-pension, investment-funds, fixed-income, stocks, coe ou pension'),
  });
  const itemParams = kindParams.extend({ id: DatabaseIdTextSchema });
  // Anyone may read a client's investments within their reach; a manager never changes them.
  const reading: RouteAccess = { roles: anyone, client: 'read' };
  const writing: RouteAccess = { roles: anyone, client: 'write' };

  // Prumo's own: every kind at once, for the net-worth screen (ADR 22).
  api.get(
    '/api/investments/',
    {
      config: { access: reading },
      schema: { tags, querystring: ClientQuerySchema, response: { 200: z.array(InvestmentSchema) } },
    },
    async (request) => listInvestments(deps, readClientScope(request), null),
  );

  // Prumo's own: one kind's list, for that kind's screen (ADR 22).
  api.get(
    '/api/investments/:kind/',
    {
      config: { access: reading },
      schema: {
        tags,
        params: kindParams,
        querystring: ClientQuerySchema,
        response: { 200: z.array(InvestmentSchema) },
      },
    },
    async (request) => listInvestments(deps, readClientScope(request), readInvestmentKind(request.params.kind)),
  );

  // The published addresses glue the kind to the action (investments/{kind}create/,
  // investments/{kind}edit/{id}/); Prumo's screens call investments/{kind}/create/. Both lead here.
  const kindThen = (action: string) => [
    `/api/investments/:kind/${action}`,
    `/api/investments/:kind(^[a-z-]+)${action}`,
  ];
  for (const url of kindThen('create/')) {
    api.post(
      url,
      {
        config: { access: writing },
        schema: {
          tags,
          params: kindParams,
          querystring: ClientQuerySchema,
          body: NewInvestmentSchema,
          response: { 201: InvestmentSchema },
        },
      },
      async (request, reply) => {
        const { body } = request;
        const kind = readInvestmentKind(request.params.kind);
        refuseFieldsOfOtherKinds(kind, body);
        const created = await createInvestment(deps, readClientScope(request), kind, {
          name: body.name,
          balanceCents: body.balance,
          grossBalanceCents: body.gross_balance ?? null,
          monthlyContributionCents: body.monthly_contribution ?? null,
          salaryCents: body.salary ?? null,
          cnpj: body.cnpj ?? null,
          cnpb: body.cnpb ?? null,
          susepProcess: body.susep_process ?? null,
          funds: body.funds ?? [],
        });
        return reply.status(201).send(created);
      },
    );
  }

  for (const url of kindThen('edit/:id/')) {
    api.get(
      url,
      {
        config: { access: reading },
        schema: { tags, params: itemParams, querystring: ClientQuerySchema, response: { 200: InvestmentSchema } },
      },
      async (request) =>
        readInvestment(deps, readClientScope(request), readInvestmentKind(request.params.kind), request.params.id),
    );

    api.put(
      url,
      {
        config: { access: writing },
        schema: {
          tags,
          params: itemParams,
          querystring: ClientQuerySchema,
          body: InvestmentChangesSchema,
          response: { 200: InvestmentSchema },
        },
      },
      async (request) => {
        const kind = readInvestmentKind(request.params.kind);
        refuseFieldsOfOtherKinds(kind, request.body);
        return changeInvestment(
          deps,
          readClientScope(request),
          kind,
          request.params.id,
          readInvestmentChanges(request.body),
        );
      },
    );

    api.delete(
      url,
      {
        config: { access: writing },
        schema: { tags, params: itemParams, querystring: ClientQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await deleteInvestment(
          deps,
          readClientScope(request),
          readInvestmentKind(request.params.kind),
          request.params.id,
        );
        return reply.status(204).send(null);
      },
    );
  }
}
