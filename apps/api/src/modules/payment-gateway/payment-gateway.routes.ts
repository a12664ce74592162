import { BadRequestSchema, ErrorDetailSchema } from '@prumo/contract/common';
import { cardGatewayProviders, GatewaySettingsSchema, PublicGatewaySchema } from '@prumo/contract/payment-gateway';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signatureHeaderName } from '../../adapters/card-gateway/webhook-signature';
import type { AppDependencies } from '../../dependencies';
import type { JobDefinition } from '../../jobs/define-job';
import { managersOnly, readCaller } from '../../plugins/access';
import type { GatewayEventJobData } from './gateway-events';
import {
  changeGatewaySettings,
  findPublicGateway,
  readGatewaySettings,
  receiveGatewayWebhook,
  sendGatewayRecipient,
} from './payment-gateway.service';

const KeyFieldSchema = z.string().max(200, 'Limite de 200 excedido').nullish();

const GatewaySettingsChangeSchema = z.object({
  provider: z.enum(cardGatewayProviders, { error: 'Escolha o gateway: sandbox ou pagarme.' }),
  public_key: KeyFieldSchema,
  secret_key: KeyFieldSchema,
});

export interface PaymentGatewayRouteOptions {
  /** The job that applies a received event (jobs/app-jobs.ts builds it with the subscriptions' handler). */
  gatewayEventJob: JobDefinition<GatewayEventJobData>;
}

export function registerPaymentGatewayRoutes(
  app: FastifyInstance,
  deps: AppDependencies,
  options: PaymentGatewayRouteOptions,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Pagamentos e assinaturas'];
  const settingsAccess = { roles: managersOnly, flag: 'financial' } as const;

  api.get(
    '/api/payment/gateway-settings/',
    { config: { access: settingsAccess }, schema: { tags, response: { 200: GatewaySettingsSchema } } },
    async (request) => readGatewaySettings(deps, readCaller(request)),
  );

  api.put(
    '/api/payment/gateway-settings/',
    {
      config: { access: settingsAccess },
      schema: { tags, body: GatewaySettingsChangeSchema, response: { 200: GatewaySettingsSchema } },
    },
    async (request) => changeGatewaySettings(deps, readCaller(request), request.body),
  );

  // Prumo's own: the organization's bank data sent to its gateway as the recipient of its money.
  api.post(
    '/api/payment/gateway-settings/recipient/',
    {
      config: { access: settingsAccess },
      // 400: the gateway refused the keys or the bank data; 503: the gateway does not answer.
      schema: { tags, response: { 200: GatewaySettingsSchema, 400: BadRequestSchema, 503: ErrorDetailSchema } },
    },
    async (request) => sendGatewayRecipient(deps, app.jobs, readCaller(request)),
  );

  api.get(
    '/api/payment/org/:org/gateway/',
    {
      config: { access: { public: true } },
      schema: { tags, params: z.object({ org: z.string().max(100) }), response: { 200: PublicGatewaySchema } },
    },
    async (request) => findPublicGateway(deps, request.params.org),
  );

  // The signature covers the body's exact bytes: this route reads them unparsed.
  app.register(async (rawBodies) => {
    rawBodies.removeAllContentTypeParsers();
    rawBodies.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    rawBodies.withTypeProvider<ZodTypeProvider>().post(
      '/api/payment/webhooks/:provider/',
      {
        config: { access: { public: true } },
        schema: {
          tags,
          params: z.object({ provider: z.string().max(40) }),
          response: { 200: ErrorDetailSchema, 401: ErrorDetailSchema, 503: ErrorDetailSchema },
        },
      },
      async (request) => {
        const header = request.headers[signatureHeaderName];
        return receiveGatewayWebhook(deps, app.jobs, options.gatewayEventJob, {
          provider: request.params.provider,
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signatureHeader: Array.isArray(header) ? header[0] : header,
        });
      },
    );
  });
}
