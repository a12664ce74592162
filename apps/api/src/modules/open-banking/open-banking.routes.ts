import { BadRequestSchema, DetailSchema } from '@prumo/contract/common';
import {
  ConnectionPageSchema,
  ConnectionSchema,
  OpenBankingSessionSchema,
  OpenFinanceSettingsListSchema,
  OpenFinanceSettingsSchema,
  ParticipantPageSchema,
  StartedConsentSchema,
  WidgetBanksSchema,
  WidgetTokenSchema,
} from '@prumo/contract/open-banking';
import {
  ApproveInputSchema,
  ConsentInputSchema,
  configurableIntegrations,
  directoryIntegrations,
  OpenFinanceSettingsInputSchema,
  openBankingMessages,
  SessionInputSchema,
  WidgetLinkInputSchema,
  WidgetTokenQuerySchema,
} from '@prumo/domain/open-banking/consent';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { failNotFound } from '../../lib/domain-errors';
import { buildPage, PageQuerySchema } from '../../lib/pagination';
import { ClientQuerySchema } from '../../lib/scope';
import { clientsAndPlanners, managersOnly, readCaller, readClientScope } from '../../plugins/access';
import { readTokenKey } from '../../plugins/authentication';
import {
  approveConsent,
  assertIntegrationOpenTo,
  linkWidgetConnection,
  listConnections,
  listParticipants,
  listWidgetBanks,
  openBankWidget,
  requestConsent,
  requestSync,
  revokeConnection,
  startOpenBankingSession,
} from './open-banking.service';
import { openBankingSyncJob } from './open-banking-jobs';
import {
  changeOpenFinanceSettings,
  listOpenFinanceSettings,
  replaceWebhookAuthorization,
} from './open-banking-settings';
import { receiveAggregatorWebhook, webhookProviders } from './open-banking-webhooks';

const ParticipantQuerySchema = PageQuerySchema.extend({ search: z.string().max(80).default('') });
const ConnectionParamsSchema = z.object({ id: DatabaseIdTextSchema });

/** Consent requests one address makes in 15 minutes. */
export const consentRequestsPerAddress = 60;

/** Webhook calls one address makes in 15 minutes: a provider sends one per link's news. */
const webhooksPerAddress = 3_000;

/**
 * Open Finance (ADR 44): the institutions, the client's registration with the connector, the
 * consent and the bank's return, and the client's connections. A client acts for themselves, a
 * planner for their own clients (`clientId`); no one else reads a connection.
 */
export function registerOpenBankingRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Open Finance'];
  const forClient = { access: { roles: clientsAndPlanners, client: 'write' as const } };
  const refused = { 400: BadRequestSchema, 404: DetailSchema, 503: DetailSchema };

  api.get(
    '/api/open-banking/v2/participants/',
    {
      config: { access: { roles: clientsAndPlanners } },
      schema: {
        tags,
        querystring: ParticipantQuerySchema,
        response: { 200: ParticipantPageSchema, 503: DetailSchema },
      },
    },
    async (request) => {
      const { search, ...page } = request.query;
      const { count, results } = await listParticipants(deps, readCaller(request).organizationId, search, page);
      return buildPage(request, page, count, results);
    },
  );

  api.post(
    '/api/open-banking/v2/users/session/',
    {
      config: forClient,
      schema: {
        tags,
        querystring: ClientQuerySchema,
        body: SessionInputSchema,
        response: { 201: OpenBankingSessionSchema, ...refused },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await startOpenBankingSession(deps, readClientScope(request), request.body)),
  );

  // The same registration under a named integration: an unknown name is an address that does not exist.
  api.post(
    '/api/integration/start-session/:connector/',
    {
      config: forClient,
      schema: {
        tags,
        params: z.object({ connector: z.string() }),
        querystring: ClientQuerySchema,
        body: SessionInputSchema.nullish(),
        response: { 201: OpenBankingSessionSchema, ...refused },
      },
    },
    async (request, reply) => {
      const connector = directoryIntegrations.find((name) => name === request.params.connector);
      if (!connector) failNotFound(openBankingMessages.connectorUnknown);
      assertIntegrationOpenTo(readCaller(request), connector);
      const input = request.body ?? { client_metadata: { platform: 'BROWSER' as const, os: '' } };
      return reply.status(201).send(await startOpenBankingSession(deps, readClientScope(request), input, connector));
    },
  );

  api.post(
    '/api/open-banking/v2/users/consents/',
    {
      // Each request writes a row here and one at the bank.
      config: { ...forClient, perAddressLimit: consentRequestsPerAddress },
      schema: {
        tags,
        querystring: ClientQuerySchema,
        body: ConsentInputSchema,
        response: { 201: StartedConsentSchema, ...refused },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await requestConsent(
            deps,
            readCaller(request),
            readClientScope(request),
            readTokenKey(request) ?? '',
            request.body,
          ),
        ),
  );

  // The state names the connection and is bound to the session that started it: no clientId here.
  api.post(
    '/api/open-banking/v2/users/approve/',
    {
      config: { access: { roles: clientsAndPlanners } },
      schema: { tags, body: ApproveInputSchema, response: { 200: ConnectionSchema, ...refused } },
    },
    async (request) => {
      const connection = await approveConsent(deps, readCaller(request), readTokenKey(request) ?? '', request.body);
      if (connection.status === 'active') await sendSync(app, connection.id);
      return connection;
    },
  );

  // Belvo's flow: its widget asks for the consent, for a bank chosen by its code, and returns a link.
  api.get(
    '/api/integration/belvo/access_token/',
    {
      // Each token writes a waiting connection here and a request at the provider.
      config: { ...forClient, perAddressLimit: consentRequestsPerAddress },
      schema: {
        tags,
        querystring: ClientQuerySchema.extend(WidgetTokenQuerySchema.shape),
        response: { 200: WidgetTokenSchema, ...refused },
      },
    },
    async (request) =>
      openBankWidget(
        deps,
        readCaller(request),
        readClientScope(request),
        readTokenKey(request) ?? '',
        request.query.bankCode,
      ),
  );

  // Prumo's own: which banks the bank guide may offer to connect through the widget (ADR 46).
  api.get(
    '/api/integration/belvo/banks/',
    {
      config: forClient,
      schema: { tags, querystring: ClientQuerySchema, response: { 200: WidgetBanksSchema, 503: DetailSchema } },
    },
    async (request) => listWidgetBanks(deps, readClientScope(request)),
  );

  // The link names the connection and is bound to the session that opened the widget: no clientId here.
  api.post(
    '/api/integration/belvo/links/',
    {
      // Each call asks the provider about the link with the organization's keys.
      config: { access: { roles: clientsAndPlanners }, perAddressLimit: consentRequestsPerAddress },
      schema: { tags, body: WidgetLinkInputSchema, response: { 201: ConnectionSchema, ...refused } },
    },
    async (request, reply) => {
      const connection = await linkWidgetConnection(
        deps,
        readCaller(request),
        readTokenKey(request) ?? '',
        request.body,
      );
      await sendSync(app, connection.id);
      return reply.status(201).send(connection);
    },
  );

  // Prumo's own: the aggregator a manager configures for the organization (ADR 47).
  api.get(
    '/api/open-banking/settings/',
    {
      config: { access: { roles: managersOnly } },
      schema: { tags, response: { 200: OpenFinanceSettingsListSchema } },
    },
    async (request) => listOpenFinanceSettings(deps, readCaller(request)),
  );

  api.put(
    '/api/open-banking/settings/:integration/',
    {
      config: { access: { roles: managersOnly } },
      schema: {
        tags,
        params: z.object({ integration: z.string().max(40) }),
        body: OpenFinanceSettingsInputSchema,
        response: { 200: OpenFinanceSettingsSchema, 400: BadRequestSchema, 404: DetailSchema },
      },
    },
    async (request) => {
      const integration = configurableIntegrations.find((name) => name === request.params.integration);
      if (!integration) failNotFound(openBankingMessages.connectorUnknown);
      return changeOpenFinanceSettings(deps, readCaller(request), integration, request.body);
    },
  );

  api.post(
    '/api/open-banking/settings/:integration/webhook-authorization/',
    {
      config: { access: { roles: managersOnly } },
      schema: {
        tags,
        params: z.object({ integration: z.string().max(40) }),
        response: { 200: OpenFinanceSettingsSchema, 404: DetailSchema },
      },
    },
    async (request) => {
      const integration = configurableIntegrations.find((name) => name === request.params.integration);
      if (!integration) failNotFound(openBankingMessages.connectorUnknown);
      return replaceWebhookAuthorization(deps, readCaller(request), integration);
    },
  );

  // The aggregators' webhooks (ADR 47): answered at once; the sync they ask for runs as a job.
  api.post(
    '/api/open-banking/webhooks/:provider/:organization/',
    {
      config: { access: { public: true }, perAddressLimit: webhooksPerAddress },
      schema: {
        tags,
        params: z.object({ provider: z.enum(webhookProviders), organization: z.string().max(100) }),
        body: z.unknown(),
        response: { 202: z.object({}), 400: BadRequestSchema, 401: DetailSchema },
      },
    },
    async (request, reply) => {
      const connectionId = await receiveAggregatorWebhook(
        deps,
        request.params.provider,
        request.params.organization,
        request.headers.authorization,
        request.body,
      );
      if (connectionId !== null) await sendSync(app, connectionId);
      return reply.status(202).send({});
    },
  );

  api.get(
    '/api/open-banking/v2/links-connect/',
    {
      config: { access: { roles: clientsAndPlanners, client: 'read' as const } },
      schema: {
        tags,
        querystring: ClientQuerySchema.extend(PageQuerySchema.shape),
        response: { 200: ConnectionPageSchema, 404: DetailSchema },
      },
    },
    async (request) => {
      const page = { limit: request.query.limit, offset: request.query.offset };
      const { count, results } = await listConnections(deps, readClientScope(request), page);
      return buildPage(request, page, count, results);
    },
  );

  api.post(
    '/api/open-banking/v2/links-connect/:id/revoke/',
    {
      config: forClient,
      schema: {
        tags,
        params: ConnectionParamsSchema,
        querystring: ClientQuerySchema,
        response: { 200: ConnectionSchema, 409: DetailSchema, ...refused },
      },
    },
    async (request) => revokeConnection(deps, readClientScope(request), request.params.id),
  );

  api.post(
    '/api/open-banking/v2/links-connect/:id/sync/',
    {
      config: forClient,
      schema: {
        tags,
        params: ConnectionParamsSchema,
        querystring: ClientQuerySchema,
        response: { 202: ConnectionSchema, 409: DetailSchema, ...refused },
      },
    },
    async (request, reply) => {
      const { connection, queue } = await requestSync(deps, readClientScope(request), request.params.id);
      if (queue) await sendSync(app, connection.id);
      return reply.status(202).send(connection);
    },
  );
}

/**
 * Queues a connection's sync. A failure to queue it is logged and never fails the call: the
 * connection stays waiting and the daily run syncs it.
 */
async function sendSync(app: FastifyInstance, connectionId: number): Promise<void> {
  try {
    await app.jobs.send(openBankingSyncJob, { connectionId });
  } catch (error) {
    app.log.error({ err: error, connectionId }, 'open banking sync not queued');
  }
}
