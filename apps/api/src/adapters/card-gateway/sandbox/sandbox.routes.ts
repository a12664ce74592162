import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, statusByErrorKind } from '../../../lib/domain-errors';
import {
  authenticateSecretKey,
  cancelCharge,
  createCardToken,
  createCustomer,
  createOrder,
  deleteCard,
  readCard,
  readCharge,
  readCustomer,
  readOrder,
  type SandboxDependencies,
  saveCard,
} from './sandbox.service';
import { SandboxGatewayError } from './sandbox-errors';
import { changeRecipientBankAccount, createRecipient, readRecipient } from './sandbox-recipients';
import { readSandboxKeySet } from './sandbox-signing-keys';

/** Where the sandbox answers: its API root is `{PUBLIC_URL}/sandbox-gateway/core/v5`, as Pagar.me's is `…/core/v5`. */
export const sandboxGatewayPrefix = '/sandbox-gateway';
export const sandboxApiPath = `${sandboxGatewayPrefix}/core/v5`;
const tokensPath = `${sandboxApiPath}/tokens`;

/** The secret key from `Authorization: Basic base64(secret:)`, as Pagar.me reads it. */
function readSecretKey(request: FastifyRequest): string {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization?.trim() ?? '');
  if (!match?.[1]) return '';
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  return separator === -1 ? decoded : decoded.slice(0, separator);
}

function readIdempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
}

/** The browser tokenizes from any page (an organization may serve Prumo from its own domain): no cookies, a public key. */
function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

type Params = Record<string, string>;

/**
 * The embedded sandbox gateway over HTTP, speaking Pagar.me v5: what a browser calls to tokenize a
 * card, and what anything holding an account's secret key may call. Its answers and errors are
 * Pagar.me's (English messages, `{"message", "errors"}`), not Prumo's.
 */
export async function registerSandboxGatewayRoutes(app: FastifyInstance, deps: SandboxDependencies): Promise<void> {
  await app.register(
    async (sandbox) => {
      sandbox.setErrorHandler((error: FastifyError, request, reply) => {
        // A browser reads the tokens endpoint's refusals too (a spent limit, a body it cannot take).
        if (request.routeOptions.url === tokensPath) allowAnyOrigin(reply);
        if (error instanceof SandboxGatewayError) return reply.status(error.status).send(error.body);
        // Prumo's own hooks run here first (the per-address limit, the input guard): their refusals
        // are told as the gateway's, in English, never as a fault of the sandbox.
        const status = error instanceof DomainError ? statusByErrorKind[error.kind] : (error.statusCode ?? 500);
        if (status === 429) return reply.status(429).send({ message: 'Too many requests.' });
        if (status >= 400 && status < 500) return reply.status(400).send({ message: 'The request is invalid.' });
        request.log.error({ err: error }, 'sandbox gateway error');
        return reply.status(500).send({ message: 'An error has occurred.' });
      });
      sandbox.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Resource not found.' }));

      const hidden = { hide: true };
      const withAccount =
        (
          handler: (
            account: Awaited<ReturnType<typeof authenticateSecretKey>>,
            request: FastifyRequest,
          ) => Promise<unknown>,
        ) =>
        async (request: FastifyRequest) =>
          handler(await authenticateSecretKey(deps.db, readSecretKey(request)), request);

      sandbox.options('/core/v5/tokens', { schema: hidden }, async (_request, reply) => {
        allowAnyOrigin(reply);
        reply.header('access-control-allow-methods', 'POST');
        reply.header('access-control-allow-headers', 'content-type');
        reply.header('access-control-max-age', '600');
        return reply.status(204).send();
      });
      sandbox.post(
        '/core/v5/tokens',
        // Each call writes a row for a visitor: a limit per address, as for Prumo's other public writes.
        { schema: hidden, config: { perAddressLimit: 60 } },
        async (request, reply) => {
          allowAnyOrigin(reply);
          const { appId } = request.query as { appId?: unknown };
          return createCardToken(deps.db, typeof appId === 'string' ? appId : '', request.body);
        },
      );
      sandbox.post(
        '/core/v5/customers',
        { schema: hidden },
        withAccount((account, request) => createCustomer(deps.db, account, request.body)),
      );
      sandbox.get(
        '/core/v5/customers/:customerId',
        { schema: hidden },
        withAccount((account, request) => readCustomer(deps.db, account, (request.params as Params).customerId ?? '')),
      );
      sandbox.post(
        '/core/v5/customers/:customerId/cards',
        { schema: hidden },
        withAccount((account, request) =>
          saveCard(deps.db, account, (request.params as Params).customerId ?? '', request.body),
        ),
      );
      sandbox.get(
        '/core/v5/customers/:customerId/cards/:cardId',
        { schema: hidden },
        withAccount((account, request) => {
          const params = request.params as Params;
          return readCard(deps.db, account, params.customerId ?? '', params.cardId ?? '');
        }),
      );
      sandbox.delete(
        '/core/v5/customers/:customerId/cards/:cardId',
        { schema: hidden },
        withAccount((account, request) => {
          const params = request.params as Params;
          return deleteCard(deps.db, account, params.customerId ?? '', params.cardId ?? '');
        }),
      );
      sandbox.post(
        '/core/v5/orders',
        { schema: hidden },
        withAccount((account, request) => createOrder(deps, account, request.body, readIdempotencyKey(request))),
      );
      sandbox.get(
        '/core/v5/orders/:orderId',
        { schema: hidden },
        withAccount((account, request) => readOrder(deps.db, account, (request.params as Params).orderId ?? '')),
      );
      sandbox.get(
        '/core/v5/charges/:chargeId',
        { schema: hidden },
        withAccount((account, request) => readCharge(deps.db, account, (request.params as Params).chargeId ?? '')),
      );
      sandbox.delete(
        '/core/v5/charges/:chargeId',
        { schema: hidden },
        withAccount((account, request) => cancelCharge(deps, account, (request.params as Params).chargeId ?? '')),
      );
      sandbox.post(
        '/core/v5/recipients',
        { schema: hidden },
        withAccount((account, request) => createRecipient(deps.db, account, request.body)),
      );
      sandbox.get(
        '/core/v5/recipients/:recipientId',
        { schema: hidden },
        withAccount((account, request) =>
          readRecipient(deps.db, account, (request.params as Params).recipientId ?? ''),
        ),
      );
      sandbox.patch(
        '/core/v5/recipients/:recipientId/default-bank-account',
        { schema: hidden },
        withAccount((account, request) =>
          changeRecipientBankAccount(deps.db, account, (request.params as Params).recipientId ?? '', request.body),
        ),
      );
      // The public keys its webhooks are signed with, for any receiver to check them.
      sandbox.get('/.well-known/jwks.json', { schema: hidden }, async () => readSandboxKeySet(deps.db));
    },
    { prefix: sandboxGatewayPrefix },
  );
}
