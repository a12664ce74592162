import { z } from 'zod';

/** The card gateways an organization may use: Prumo's embedded sandbox, or Pagar.me (API v5). */
export const cardGatewayProviders = ['sandbox', 'pagarme'] as const;
export const CardGatewayProviderSchema = z.enum(cardGatewayProviders);
export type CardGatewayProvider = z.infer<typeof CardGatewayProviderSchema>;

/** The organization's gateway as its managers see it: the secret key never leaves the server, only whether one is set. */
export const GatewaySettingsSchema = z.object({
  provider: CardGatewayProviderSchema,
  public_key: z.string(),
  has_secret_key: z.boolean(),
  /**
   * The organization as the gateway's recipient, once its default bank account (and a company's
   * managing partners) were sent: `outdated` when they changed since. Null until sent, and again
   * after the gateway or its keys change.
   */
  recipient: z
    .object({
      id: z.string(),
      synced_at: z.string(),
      outdated: z.boolean(),
    })
    .nullable(),
});
export type GatewaySettings = z.infer<typeof GatewaySettingsSchema>;

/**
 * What a browser needs to tokenize a card with the organization's gateway: it POSTs the card to
 * `{tokenize_url}?appId={public_key}` directly, so the number and CVV never reach Prumo's API.
 */
export const PublicGatewaySchema = z.object({
  provider: CardGatewayProviderSchema,
  public_key: z.string(),
  tokenize_url: z.string(),
});
export type PublicGateway = z.infer<typeof PublicGatewaySchema>;

/** The gateway's answer to a tokenization: only the token's id goes on to Prumo. */
export const CardTokenSchema = z.object({
  id: z.string(),
  type: z.literal('card'),
  created_at: z.string(),
  expires_at: z.string(),
  card: z.object({
    first_six_digits: z.string(),
    last_four_digits: z.string(),
    brand: z.string(),
    holder_name: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
  }),
});
export type CardToken = z.infer<typeof CardTokenSchema>;
