import type { PaymentErrorLogged } from '@prumo/contract/payment-error-logs';
import { removeCardData } from '@prumo/domain/payments/card-data-redaction';
import { requestApi } from '../../../lib/api-client';

export type PaymentErrorType = 'card_tokenization' | 'subscription_accept' | 'subscription_card_change';

export interface PaymentErrorReport {
  type: PaymentErrorType;
  error: unknown;
  /** What was being done: never the card, the CPF or the address. */
  request: Record<string, unknown>;
}

/**
 * POST core/log: tells support a payment failed. Card data is removed before sending (the API does
 * it again); a report that cannot be sent is dropped, since the person already sees their error.
 */
export async function reportPaymentError(report: PaymentErrorReport): Promise<void> {
  try {
    await requestApi<PaymentErrorLogged>('core/log', {
      method: 'POST',
      silent: true,
      body: { type: report.type, error: removeCardData(report.error), request: removeCardData(report.request) },
    });
  } catch {
    // Nothing more to do: the report is a help for support, not part of the payment.
  }
}
