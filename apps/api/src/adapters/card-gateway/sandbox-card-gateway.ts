import { ZodError } from 'zod';
import type { CardGateway } from './card-gateway';
import { CardGatewayError } from './card-gateway';
import {
  buildBankAccountBody,
  buildCardBody,
  buildCustomerBody,
  buildGatewayError,
  buildOrderBody,
  buildRecipientBody,
  PagarmeCustomerSchema,
  PagarmeRecipientSchema,
  readCharge,
  readOrderCharge,
  readSavedCard,
} from './pagarme-v5';
import {
  authenticateSecretKey,
  cancelCharge,
  changeRecipientBankAccount,
  createCustomer,
  createOrder,
  createRecipient,
  deleteCard,
  readCharge as readSandboxCharge,
  type SandboxDependencies,
  SandboxGatewayError,
  saveCard,
} from './sandbox/index';

type SandboxAccount = Awaited<ReturnType<typeof authenticateSecretKey>>;

/**
 * The embedded sandbox as a gateway, called in the process: the same Pagar.me v5 bodies the HTTP
 * adapter sends and reads, without a round trip through Prumo's own address (which a server behind
 * a proxy may not reach).
 */
export function createSandboxCardGateway(deps: SandboxDependencies, secretKey: string): CardGateway {
  async function call<T>(
    operation: (account: SandboxAccount) => Promise<unknown>,
    read: (body: unknown) => T,
  ): Promise<T> {
    let body: unknown;
    try {
      const account = await authenticateSecretKey(deps.db, secretKey);
      // Through JSON, as over HTTP: the adapter reads exactly what a caller of the sandbox would.
      body = JSON.parse(JSON.stringify(await operation(account)));
    } catch (error) {
      if (error instanceof SandboxGatewayError) throw buildGatewayError(error.status, error.body);
      throw error;
    }
    try {
      return read(body);
    } catch (error) {
      if (error instanceof ZodError) throw new CardGatewayError('unavailable', 'Unexpected answer.');
      throw error;
    }
  }

  return {
    provider: 'sandbox',
    createCustomer: (input) =>
      call(
        (account) => createCustomer(deps.db, account, buildCustomerBody(input)),
        (body) => ({ id: PagarmeCustomerSchema.parse(body).id }),
      ),
    saveCard: (input) =>
      call((account) => saveCard(deps.db, account, input.customerId, buildCardBody(input)), readSavedCard),
    chargeCard: (input) =>
      call((account) => createOrder(deps, account, buildOrderBody(input), input.idempotencyKey), readOrderCharge),
    readCharge: (chargeId) =>
      call(
        (account) => readSandboxCharge(deps.db, account, chargeId),
        (body) => readCharge(body),
      ),
    cancelCharge: (chargeId) =>
      call(
        (account) => cancelCharge(deps, account, chargeId),
        (body) => readCharge(body),
      ),
    async deleteCard(input) {
      await call(
        (account) => deleteCard(deps.db, account, input.customerId, input.cardId),
        () => undefined,
      );
    },
    saveRecipient: (input, recipientId) =>
      call(
        (account) =>
          recipientId === null
            ? createRecipient(deps.db, account, buildRecipientBody(input))
            : changeRecipientBankAccount(deps.db, account, recipientId, {
                bank_account: buildBankAccountBody(input.bankAccount),
              }),
        (body) => ({ id: PagarmeRecipientSchema.parse(body).id }),
      ),
  };
}
