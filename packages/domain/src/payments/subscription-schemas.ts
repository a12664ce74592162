import { z } from 'zod';
import { CpfSchema, RequiredTextSchema, StateSchema } from '../account/fields';
import { describeLengthLimit, validationMessages } from '../account/messages';
import { cepMessages, parseCep } from '../br/cep';
import { isBrazilianState } from '../br/states';
import { computePlanTotalCents, type PlanAmounts } from './plan-rules';

/** What the subscription calls answer in pt-BR beyond the state machine's refusals (ADR 31). */
export const subscriptionMessages = {
  notFound: 'Assinatura não encontrada.',
  planNotFound: 'Plano não encontrado.',
  planInactive: 'Este plano não está mais disponível.',
  openSubscription:
    'Este cliente já tem uma assinatura em andamento. Cancele-a (ou espere o fim do período pago) antes de propor outro plano.',
  paymentInProgress: 'O pagamento desta assinatura ainda está em processamento. Aguarde a confirmação.',
  cardRequired: 'Informe o cartão: um cartão novo (card_token) ou um cartão salvo (creditCard).',
  oneCardOnly: 'Informe um cartão só: card_token ou creditCard.',
  cardNotFound: 'Cartão não encontrado.',
  tokenUnusable: 'Os dados do cartão expiraram ou já foram usados. Digite o cartão novamente.',
  countryInvalid: 'País inválido: use a sigla de duas letras (br).',
  stateUnknown: 'Estado inválido: use a sigla da UF (ex.: SP).',
  gatewayUnavailable: 'Não foi possível falar com o gateway de pagamento agora. Tente novamente em instantes.',
  canceled: 'Assinatura cancelada',
  acceptsRequired: 'Informe se aceita o plano proposto (accepts).',
} as const;

function buildAddressTextSchema(maximum: number) {
  return RequiredTextSchema.max(maximum, { message: describeLengthLimit(maximum), abort: true });
}

/**
 * The billing address of the payment form: the CEP as "01001-000" or "01001000" (kept as 8 digits),
 * the UF in capitals, the country as two letters (br unless given).
 */
export const SubscriptionAddressInputSchema = z.object(
  {
    street: buildAddressTextSchema(200),
    street_number: buildAddressTextSchema(20),
    complementary: z
      .union([z.string().trim().max(100, describeLengthLimit(100)), z.null()], { error: 'Informe um texto.' })
      .optional()
      .transform((value) => value || null),
    neighborhood: buildAddressTextSchema(100),
    city: buildAddressTextSchema(100),
    state: StateSchema.refine(isBrazilianState, { message: subscriptionMessages.stateUnknown, abort: true }).transform(
      (value) => value.toUpperCase(),
    ),
    zipcode: z
      .string({ error: validationMessages.required })
      .refine((value) => parseCep(value) !== null, { message: cepMessages.invalid, abort: true })
      .transform((value) => parseCep(value) as string),
    country: z
      .string({ error: subscriptionMessages.countryInvalid })
      .trim()
      .regex(/^[a-zA-Z]{2}$/, subscriptionMessages.countryInvalid)
      .transform((value) => value.toLowerCase())
      .default('br'),
  },
  { error: validationMessages.required },
);
export type SubscriptionAddress = z.output<typeof SubscriptionAddressInputSchema>;

/** A token the browser got from the gateway (`token_…`), passed on as it came. */
const CardTokenSchema = z
  .string({ error: validationMessages.required })
  .trim()
  .min(1, { message: validationMessages.required, abort: true })
  .max(200, { message: validationMessages.valueInvalid, abort: true });

/** A saved card's id (`creditCard`). */
const SavedCardIdSchema = z
  .number({ error: validationMessages.valueInvalid })
  .int(validationMessages.valueInvalid)
  .positive(validationMessages.valueInvalid)
  .max(2_147_483_647, validationMessages.valueInvalid);

/**
 * POST payment/subscriptions/{id}/accept/. Which fields a card plan needs (address, CPF, a card) is
 * the service's check, since it depends on the plan.
 */
export const AcceptSubscriptionInputSchema = z.object({
  accepts: z.boolean({ error: subscriptionMessages.acceptsRequired }),
  address: SubscriptionAddressInputSchema.optional(),
  card_token: CardTokenSchema.optional(),
  creditCard: SavedCardIdSchema.optional(),
  cpf: CpfSchema.optional(),
});
export type AcceptSubscriptionInput = z.output<typeof AcceptSubscriptionInputSchema>;

/** A card for a subscription: a fresh token or a saved card (PUT …/card/, POST subscription/reactivate/). */
export const SubscriptionCardInputSchema = z.object({
  card_token: CardTokenSchema.optional(),
  creditCard: SavedCardIdSchema.optional(),
});
export type SubscriptionCardInput = z.output<typeof SubscriptionCardInputSchema>;

/** POST payment/card/: a card tokenized by the browser; the CPF when the client has none on file yet. */
export const NewSavedCardInputSchema = z.object({
  card_token: CardTokenSchema,
  cpf: CpfSchema.optional(),
});
export type NewSavedCardInput = z.output<typeof NewSavedCardInputSchema>;

/**
 * What one period costs, in cents, once `paidPeriods` periods were paid: the plan's total while the
 * services are still charged (their first `service_months` periods), then the platform's amount
 * plus the recurrent amount (the total without services).
 */
export function computePeriodChargeCents(
  amounts: PlanAmounts & { service_months: number },
  paidPeriods: number,
): number {
  const servicesCharged = amounts.service_amount > 0 && paidPeriods < amounts.service_months;
  return computePlanTotalCents(servicesCharged ? amounts : { ...amounts, service_amount: 0 });
}
