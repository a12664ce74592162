import type {
  SandboxCardRow,
  SandboxChargeRow,
  SandboxCustomerRow,
  SandboxOrderRow,
  SandboxTokenRow,
} from './sandbox.repo';

/** The sandbox's rows in Pagar.me v5's bodies (dates in ISO 8601, amounts in cents, BRL). */

function isoOrNull(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

function presentCardDigits(
  card: Pick<SandboxCardRow, 'firstSixDigits' | 'lastFourDigits' | 'brand' | 'holderName' | 'expMonth' | 'expYear'>,
) {
  return {
    first_six_digits: card.firstSixDigits,
    last_four_digits: card.lastFourDigits,
    brand: card.brand,
    holder_name: card.holderName,
    exp_month: card.expMonth,
    exp_year: card.expYear,
  };
}

export function presentToken(token: SandboxTokenRow) {
  return {
    id: token.id,
    type: 'card' as const,
    created_at: token.createdAt.toISOString(),
    expires_at: token.expiresAt.toISOString(),
    card: presentCardDigits(token),
  };
}

export function presentCustomer(customer: SandboxCustomerRow) {
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    code: customer.code,
    document: customer.document,
    document_type: customer.documentType,
    type: customer.type,
    delinquent: false,
    created_at: customer.createdAt.toISOString(),
    updated_at: customer.updatedAt.toISOString(),
    phones: {},
    metadata: {},
  };
}

export function presentCard(card: SandboxCardRow, customer: SandboxCustomerRow) {
  return {
    id: card.id,
    ...presentCardDigits(card),
    status: card.status,
    type: 'credit',
    created_at: card.createdAt.toISOString(),
    updated_at: card.updatedAt.toISOString(),
    ...(card.deletedAt && { deleted_at: card.deletedAt.toISOString() }),
    ...(card.billingAddress !== null && { billing_address: card.billingAddress }),
    customer: presentCustomer(customer),
  };
}

/** The order's status as its one charge's. */
function findOrderStatus(charge: SandboxChargeRow): string {
  if (charge.status === 'processing') return 'pending';
  return charge.status;
}

function presentTransaction(charge: SandboxChargeRow, card: SandboxCardRow) {
  return {
    id: charge.transactionId,
    transaction_type: 'credit_card',
    gateway_id: charge.transactionId.replace('tran_', ''),
    amount: charge.amount,
    status: charge.transactionStatus,
    success: charge.status === 'paid' || charge.status === 'processing' || charge.transactionStatus === 'refunded',
    installments: 1,
    operation_type: 'auth_and_capture',
    acquirer_name: 'simulator',
    acquirer_message: charge.acquirerMessage,
    acquirer_return_code: charge.acquirerReturnCode,
    created_at: charge.createdAt.toISOString(),
    updated_at: charge.updatedAt.toISOString(),
    gateway_response: { code: '200', errors: [] },
    card: { id: card.id, ...presentCardDigits(card), status: card.status, type: 'credit' },
  };
}

export interface ChargeParts {
  charge: SandboxChargeRow;
  order: SandboxOrderRow;
  customer: SandboxCustomerRow;
  card: SandboxCardRow;
}

export function presentCharge({ charge, order, customer, card }: ChargeParts) {
  return {
    id: charge.id,
    code: charge.code,
    gateway_id: charge.id.replace('ch_', ''),
    amount: charge.amount,
    ...(charge.status === 'paid' && { paid_amount: charge.amount }),
    ...(charge.status === 'canceled' && charge.paidAt && { canceled_amount: charge.amount }),
    status: charge.status,
    currency: 'BRL',
    payment_method: 'credit_card',
    paid_at: isoOrNull(charge.paidAt),
    canceled_at: isoOrNull(charge.canceledAt),
    created_at: charge.createdAt.toISOString(),
    updated_at: charge.updatedAt.toISOString(),
    customer: presentCustomer(customer),
    order: { id: order.id, code: order.code, amount: charge.amount, status: findOrderStatus(charge) },
    last_transaction: presentTransaction(charge, card),
    metadata: order.metadata ?? {},
  };
}

interface OrderItem {
  id: string;
  amount: number;
  description: string;
  quantity: number;
  code: string | null;
}

export function presentOrder(order: SandboxOrderRow, charges: ChargeParts[]) {
  const [first] = charges;
  if (!first) throw new Error(`order ${order.id} has no charge`);
  const items = order.items as OrderItem[];
  const last = charges.at(-1) ?? first;
  return {
    id: order.id,
    code: order.code,
    amount: items.reduce((sum, item) => sum + item.amount * item.quantity, 0),
    currency: 'BRL',
    closed: true,
    items: items.map((item) => ({
      ...item,
      type: 'product',
      status: 'active',
      created_at: order.createdAt.toISOString(),
      updated_at: order.createdAt.toISOString(),
    })),
    customer: presentCustomer(first.customer),
    status: findOrderStatus(last.charge),
    created_at: order.createdAt.toISOString(),
    updated_at: last.charge.updatedAt.toISOString(),
    closed_at: order.createdAt.toISOString(),
    charges: charges.map(presentCharge),
    metadata: order.metadata ?? {},
  };
}
