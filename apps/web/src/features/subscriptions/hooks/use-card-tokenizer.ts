import { gatewayErrorMessages } from '@prumo/domain/payments/gateway-errors';
import { useCallback } from 'react';
import { CardTokenizationError, tokenizeCard } from '../../../lib/card-tokenization';
import { usePublicGateway } from '../api/get-public-gateway';
import { type PaymentErrorType, reportPaymentError } from '../api/report-payment-error';
import { buildCardToTokenize, type CardFormValues } from '../components/payment-form-values';

/** A refusal told in pt-BR: the gateway's, or the unknown error when the gateway cannot be reached. */
export class CardPaymentError extends Error {}

/**
 * Exchanges a typed card for a gateway token, in the browser: the number and CVV go to the
 * organization's gateway only. A failure is reported through core/log (without the card) and
 * thrown as a CardPaymentError in pt-BR.
 */
export function useCardTokenizer(organization: string, context: { type: PaymentErrorType; subscriptionId: number }) {
  const gateway = usePublicGateway(organization);
  const { type, subscriptionId } = context;
  const tokenize = useCallback(
    async (values: CardFormValues): Promise<string> => {
      const report = (error: unknown) =>
        reportPaymentError({
          type: 'card_tokenization',
          error,
          request: { during: type, subscription: subscriptionId, provider: gateway.data?.provider ?? null },
        });
      if (!gateway.data) {
        const failure = gateway.error ?? new Error('gateway not loaded');
        void report({ message: failure instanceof Error ? failure.message : String(failure) });
        throw new CardPaymentError(gatewayErrorMessages.unknown);
      }
      try {
        const token = await tokenizeCard(gateway.data, buildCardToTokenize(values));
        return token.id;
      } catch (error) {
        const message = error instanceof CardTokenizationError ? error.message : gatewayErrorMessages.unknown;
        void report({ message, name: error instanceof Error ? error.name : typeof error });
        throw new CardPaymentError(message);
      }
    },
    [gateway.data, gateway.error, type, subscriptionId],
  );
  return { tokenize, gateway };
}
