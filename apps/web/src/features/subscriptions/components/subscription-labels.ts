import type { SubscriptionCharge } from '@prumo/contract/subscriptions';
import type { SubscriptionStatus } from '@prumo/domain/payments/subscription-states';

/** Each status in pt-BR, as the client reads it. */
export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  pending: 'Aguardando aceite',
  processing: 'Pagamento em processamento',
  active: 'Ativa',
  past_due: 'Pagamento pendente',
  suspended: 'Suspensa',
  canceled: 'Cancelada',
  rejected: 'Recusada',
  failed: 'Pagamento recusado',
};

export const subscriptionStatusColors: Record<SubscriptionStatus, string> = {
  pending: 'gray',
  processing: 'blue',
  active: 'teal',
  past_due: 'orange',
  suspended: 'red',
  canceled: 'gray',
  rejected: 'gray',
  failed: 'red',
};

export const chargeStatusLabels: Record<SubscriptionCharge['status'], string> = {
  processing: 'Em processamento',
  paid: 'Pago',
  failed: 'Recusado',
  canceled: 'Cancelado',
};

export const chargeStatusColors: Record<SubscriptionCharge['status'], string> = {
  processing: 'blue',
  paid: 'teal',
  failed: 'red',
  canceled: 'gray',
};

/** "Visa •••• 0010": a card by its brand and last four digits, never more. */
export function describeCard(card: { brand: string; last_four_digits: string }): string {
  return `${card.brand} •••• ${card.last_four_digits}`;
}

/** "07/2031". */
export function describeCardExpiry(card: { exp_month: number; exp_year: number }): string {
  return `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}
