import type { SavedCard } from '@prumo/contract/subscriptions';
import { validationMessages } from '@prumo/domain/account/messages';
import { translateGatewayError } from '@prumo/domain/payments/gateway-errors';
import {
  type NewSavedCardInput,
  type SubscriptionAddress,
  type SubscriptionCardInput,
  subscriptionMessages,
} from '@prumo/domain/payments/subscription-schemas';
import { type BillingAddress, CardGatewayError } from '../../adapters/card-gateway/card-gateway';
import { fail, failOnField } from '../../lib/domain-errors';
import type { Caller } from '../../plugins/authentication';
import { type OpenedGateway, openGateway, type SubscriptionRuntime } from './subscription-charges';
import { presentSavedCard } from './subscription-views';
import {
  type CustomerRow,
  findClientUser,
  findCustomer,
  findSavedCardOfClient,
  findSavedCards,
  insertCustomer,
  insertSavedCard,
  type SavedCardRow,
} from './subscriptions.repo';

/** The client whose card it is: a client acts for themself only. */
export interface CardOwner {
  organizationId: number;
  clientUserId: number;
}

function buildBillingAddress(address: SubscriptionAddress): BillingAddress {
  return {
    line1: `${address.street_number}, ${address.street}, ${address.neighborhood}`,
    ...(address.complementary && { line2: address.complementary }),
    zipCode: address.zipcode,
    city: address.city,
    state: address.state,
    country: address.country,
  };
}

/** A refusal of the gateway while saving a card: the token's own fault is the client's to fix (400). */
function failOnCardError(error: unknown): never {
  if (!(error instanceof CardGatewayError)) throw error;
  if (error.kind === 'unavailable' || error.kind === 'unauthorized') {
    fail('unavailable', subscriptionMessages.gatewayUnavailable);
  }
  if ('token' in error.fieldErrors || error.kind === 'notFound') {
    failOnField('card_token', subscriptionMessages.tokenUnusable);
  }
  failOnField('card_token', translateGatewayError(error.body));
}

/**
 * The client as a customer of the organization's current gateway account: made there the first
 * time (with their CPF), then kept. Two calls at once may both make one; the first kept is used.
 */
async function findOrCreateCustomer(
  runtime: SubscriptionRuntime,
  opened: OpenedGateway,
  owner: CardOwner,
  cpf: string | undefined,
): Promise<CustomerRow> {
  const { db } = runtime.deps;
  const existing = await findCustomer(db, owner.clientUserId, opened.account);
  if (existing) return existing;
  const client = await findClientUser(db, owner.organizationId, owner.clientUserId);
  if (!client) throw new Error(`client ${owner.clientUserId} is gone`);
  const document = cpf ?? client.cpf;
  if (!document) failOnField('cpf', validationMessages.cpfRequired);
  let gatewayCustomerId: string;
  try {
    const customer = await opened.gateway.createCustomer({
      code: `user-${client.id}`,
      name: `${client.firstName} ${client.lastName}`.trim(),
      email: client.email,
      document,
    });
    gatewayCustomerId = customer.id;
  } catch (error) {
    failOnCardError(error);
  }
  return insertCustomer(db, { ...owner, ...opened.account, gatewayCustomerId });
}

/** Saves the card behind a browser's single-use token on the client's customer: brand, last four digits and expiry only. */
export async function saveCardFromToken(
  runtime: SubscriptionRuntime,
  owner: CardOwner,
  input: { cardToken: string; cpf?: string; address?: SubscriptionAddress },
  opened?: OpenedGateway,
): Promise<SavedCardRow> {
  const gateway = opened ?? (await openGateway(runtime, owner.organizationId));
  const customer = await findOrCreateCustomer(runtime, gateway, owner, input.cpf);
  let saved: Awaited<ReturnType<typeof gateway.gateway.saveCard>>;
  try {
    saved = await gateway.gateway.saveCard({
      customerId: customer.gatewayCustomerId,
      cardToken: input.cardToken,
      ...(input.address && { billingAddress: buildBillingAddress(input.address) }),
    });
  } catch (error) {
    failOnCardError(error);
  }
  return insertSavedCard(runtime.deps.db, {
    organizationId: owner.organizationId,
    clientUserId: owner.clientUserId,
    customerId: customer.id,
    gatewayCardId: saved.id,
    brand: saved.brand,
    lastFourDigits: saved.lastFourDigits,
    expMonth: saved.expMonth,
    expYear: saved.expYear,
  });
}

/**
 * The card a payment or a card change names: a fresh token (saved now) or one of the client's
 * saved cards on the current gateway account. Exactly one of the two.
 */
export async function resolveCardChoice(
  runtime: SubscriptionRuntime,
  owner: CardOwner,
  choice: SubscriptionCardInput,
  extra: { cpf?: string; address?: SubscriptionAddress } = {},
): Promise<SavedCardRow> {
  if (choice.card_token !== undefined && choice.creditCard !== undefined) {
    failOnField('card_token', subscriptionMessages.oneCardOnly);
  }
  const opened = await openGateway(runtime, owner.organizationId);
  if (choice.card_token !== undefined) {
    return saveCardFromToken(runtime, owner, { cardToken: choice.card_token, ...extra }, opened);
  }
  if (choice.creditCard === undefined) failOnField('card_token', subscriptionMessages.cardRequired);
  const card = await findSavedCardOfClient(
    runtime.deps.db,
    owner.organizationId,
    owner.clientUserId,
    choice.creditCard,
    opened.account,
  );
  if (!card) failOnField('creditCard', subscriptionMessages.cardNotFound);
  return card;
}

function readOwner(caller: Caller): CardOwner {
  return { organizationId: caller.organizationId, clientUserId: caller.userId };
}

/** GET payment/card/: the client's cards on the organization's current gateway account. */
export async function listSavedCards(runtime: SubscriptionRuntime, caller: Caller): Promise<SavedCard[]> {
  const { account } = await openGateway(runtime, caller.organizationId);
  const rows = await findSavedCards(runtime.deps.db, caller.organizationId, caller.userId, account);
  return rows.map(presentSavedCard);
}

/** POST payment/card/. */
export async function createSavedCard(
  runtime: SubscriptionRuntime,
  caller: Caller,
  input: NewSavedCardInput,
): Promise<SavedCard> {
  const row = await saveCardFromToken(runtime, readOwner(caller), { cardToken: input.card_token, cpf: input.cpf });
  return presentSavedCard(row);
}
