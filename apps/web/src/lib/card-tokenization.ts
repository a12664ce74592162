import { type CardToken, CardTokenSchema, type PublicGateway } from '@prumo/contract/payment-gateway';
import { gatewayErrorMessages, translateGatewayError } from '@prumo/domain/payments/gateway-errors';

export interface CardToTokenize {
  /** Digits only. */
  number: string;
  holder_name: string;
  exp_month: number;
  /** Two or four digits. */
  exp_year: number;
  cvv: string;
}

/** A refusal of the gateway, told in pt-BR ('Não é um número de cartão válido', 'Cartão expirado.'…). */
export class CardTokenizationError extends Error {}

/**
 * Exchanges a card for a single-use token (60 s) straight with the organization's gateway
 * (`GET payment/org/{org}/gateway/` says which): the number and CVV never reach Prumo's API, only
 * the token's id does.
 */
export async function tokenizeCard(gateway: PublicGateway, card: CardToTokenize): Promise<CardToken> {
  let response: Response;
  try {
    response = await fetch(`${gateway.tokenize_url}?appId=${encodeURIComponent(gateway.public_key)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ type: 'card', card }),
    });
  } catch {
    throw new CardTokenizationError(gatewayErrorMessages.unknown);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new CardTokenizationError(translateGatewayError(body));
  const token = CardTokenSchema.safeParse(body);
  if (!token.success) throw new CardTokenizationError(gatewayErrorMessages.unknown);
  return token.data;
}
