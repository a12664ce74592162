import { buildPageSchema, DetailSchema, ErrorDetailSchema } from '@prumo/contract/common';
import { SavedCardSchema, SubscriptionSchema } from '@prumo/contract/subscriptions';
import { validationMessages } from '@prumo/domain/account/messages';
import {
  AcceptSubscriptionInputSchema,
  NewSavedCardInputSchema,
  SubscriptionCardInputSchema,
} from '@prumo/domain/payments/subscription-schemas';
import { subscriptionStatuses } from '@prumo/domain/payments/subscription-states';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { PageQuerySchema } from '../../lib/pagination';
import { anyone, plannersAndManagers, type RouteAccess, readCaller } from '../../plugins/access';
import { createSavedCard, listSavedCards } from './saved-cards.service';
import type { SubscriptionRuntime } from './subscription-charges';
import {
  acceptSubscription,
  cancelClientSubscription,
  cancelOwnSubscription,
  changeSubscriptionCard,
  findSubscription,
  listSubscriptions,
  proposeSubscription,
  reactivateSubscription,
  rejectSubscription,
} from './subscriptions.service';

/** A person's id the call cannot do without: missing is 'Este campo é obrigatório', anything else wrong 'Valor inválido'. */
const RequiredIdSchema = z
  .unknown()
  .refine((value) => value !== undefined && value !== null && value !== '', validationMessages.required)
  .pipe(DatabaseIdTextSchema);

const SubscriptionPageSchema = buildPageSchema(SubscriptionSchema);

const SubscriptionListQuerySchema = PageQuerySchema.extend({
  status: z.enum(subscriptionStatuses, { error: validationMessages.valueInvalid }).optional(),
  plan: DatabaseIdTextSchema.optional(),
  client: DatabaseIdTextSchema.optional(),
  clientId: DatabaseIdTextSchema.optional(),
});

/** Proposing for a client names them in the query, as the web app adds `clientId` for planners. */
const ProposalQuerySchema = z.object({
  clientId: DatabaseIdTextSchema.optional(),
  client: DatabaseIdTextSchema.optional(),
});

/**
 * Calls that send a card to the gateway (save, pay, change, reactivate), per address in 15 minutes:
 * far above what a person paying needs, and a wall for anyone trying stolen cards one after another.
 */
export const cardAttemptsPerAddress = 20;

/** What a payment call may answer besides its success: a declined card, a state that does not allow it, the gateway away. */
const paymentRefusals = { 402: ErrorDetailSchema, 409: ErrorDetailSchema, 503: ErrorDetailSchema };

export function registerSubscriptionRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Assinaturas'];
  const idParams = z.object({ id: DatabaseIdTextSchema });
  const clientsOnly: RouteAccess = { roles: ['client'] };
  const cardAttempts = { access: clientsOnly, perAddressLimit: cardAttemptsPerAddress };
  const runtimeOf = (request: FastifyRequest): SubscriptionRuntime => ({ deps, jobs: app.jobs, log: request.log });

  api.post(
    '/api/payment/subscriptions/',
    {
      config: { access: { roles: anyone } },
      schema: {
        tags,
        querystring: ProposalQuerySchema,
        body: z.object({ plan: RequiredIdSchema }),
        // 404: a plan or client out of reach.
        response: { 201: SubscriptionSchema, 404: ErrorDetailSchema, 409: ErrorDetailSchema },
      },
    },
    async (request, reply) => {
      const namedClient = request.query.clientId ?? request.query.client ?? null;
      const created = await proposeSubscription(deps, readCaller(request), namedClient, request.body.plan);
      return reply.status(201).send(created);
    },
  );

  api.get(
    '/api/payment/subscriptions/',
    {
      config: { access: { roles: anyone } },
      schema: { tags, querystring: SubscriptionListQuerySchema, response: { 200: SubscriptionPageSchema } },
    },
    async (request) => {
      const { clientId, client, ...query } = request.query;
      return listSubscriptions(deps, readCaller(request), request, { ...query, client: client ?? clientId });
    },
  );

  api.get(
    '/api/payment/subscriptions/:id/',
    {
      config: { access: { roles: anyone } },
      schema: { tags, params: idParams, response: { 200: SubscriptionSchema } },
    },
    async (request) => findSubscription(deps, readCaller(request), request.params.id),
  );

  api.post(
    '/api/payment/subscriptions/:id/accept/',
    {
      config: cardAttempts,
      schema: {
        tags,
        params: idParams,
        body: AcceptSubscriptionInputSchema,
        response: { 200: SubscriptionSchema, ...paymentRefusals },
      },
    },
    async (request) => acceptSubscription(runtimeOf(request), readCaller(request), request.params.id, request.body),
  );

  api.post(
    '/api/payment/subscriptions/:id/reject/',
    {
      config: { access: clientsOnly },
      schema: { tags, params: idParams, response: { 200: SubscriptionSchema, 409: ErrorDetailSchema } },
    },
    async (request) => rejectSubscription(runtimeOf(request), readCaller(request), request.params.id),
  );

  api.put(
    '/api/payment/subscriptions/:id/card/',
    {
      config: cardAttempts,
      schema: {
        tags,
        params: idParams,
        body: SubscriptionCardInputSchema,
        response: { 200: SubscriptionSchema, 409: ErrorDetailSchema, 503: ErrorDetailSchema },
      },
    },
    async (request) => changeSubscriptionCard(runtimeOf(request), readCaller(request), request.params.id, request.body),
  );

  api.get(
    '/api/payment/card/',
    { config: { access: clientsOnly }, schema: { tags, response: { 200: z.array(SavedCardSchema) } } },
    async (request) => listSavedCards(runtimeOf(request), readCaller(request)),
  );

  api.post(
    '/api/payment/card/',
    {
      config: cardAttempts,
      schema: {
        tags,
        body: NewSavedCardInputSchema,
        response: { 201: SavedCardSchema, 503: ErrorDetailSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSavedCard(runtimeOf(request), readCaller(request), request.body)),
  );

  api.post(
    '/api/client/cancel-subscription/',
    {
      config: { access: clientsOnly },
      schema: { tags, response: { 200: DetailSchema, 404: ErrorDetailSchema, 409: ErrorDetailSchema } },
    },
    async (request) => cancelOwnSubscription(deps, readCaller(request)),
  );

  api.post(
    '/api/profiles/clients/cancel-subscription/',
    {
      config: { access: { roles: plannersAndManagers } },
      schema: {
        tags,
        body: z.object({ client: RequiredIdSchema }),
        response: { 200: DetailSchema, 404: ErrorDetailSchema, 409: ErrorDetailSchema },
      },
    },
    async (request) => cancelClientSubscription(deps, readCaller(request), request.body.client),
  );

  api.post(
    '/api/subscription/reactivate/',
    {
      config: cardAttempts,
      schema: {
        tags,
        // The body is optional: a card only when another one should pay the reactivation.
        body: SubscriptionCardInputSchema.nullish(),
        response: { 200: SubscriptionSchema, 404: ErrorDetailSchema, ...paymentRefusals },
      },
    },
    async (request) => reactivateSubscription(runtimeOf(request), readCaller(request), request.body ?? {}),
  );
}
