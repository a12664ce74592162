import {
  connectionStatuses,
  directoryIntegrations,
  integrationConnectors,
  sharedDataKinds,
} from '@prumo/domain/open-banking/consent';
import { z } from 'zod';
import { buildPageSchema } from './common';

/** An institution of the directory the client connects to. */
export const ParticipantSchema = z.object({
  id: z.string(),
  name: z.string(),
  registration_number: z.string(),
  logo_uri: z.string().nullable(),
  /** The integration that reaches it: its session is started with `integration/start-session/{connector}/`. */
  connector: z.enum(directoryIntegrations),
});
export type Participant = z.infer<typeof ParticipantSchema>;
export const ParticipantPageSchema = buildPageSchema(ParticipantSchema);

/** The client's registration with the connector. */
export const OpenBankingSessionSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  /** The integration the client is registered with ('quanto' for Open Finance, 'bs2'). */
  connector: z.enum(directoryIntegrations),
  platform: z.string(),
  os: z.string(),
  created_at: z.string(),
});
export type OpenBankingSession = z.infer<typeof OpenBankingSessionSchema>;

/** A consent at one institution: never its tokens. */
export const ConnectionSchema = z.object({
  id: z.number().int(),
  /** The client whose connection it is. */
  client: z.number().int(),
  provider: z.string(),
  /** The integration it goes through: a 'bs2' connection returns to bs2-callback; 'belvo' came through its widget. */
  connector: z.enum(integrationConnectors),
  participant_id: z.string(),
  institution_name: z.string(),
  /** The institution's COMPE code when its directory names one (the statement guide a failed connection offers). */
  bank_code: z.string().nullable(),
  logo_uri: z.string().nullable(),
  permissions: z.array(z.enum(sharedDataKinds)),
  consent_months: z.number().int(),
  status: z.enum(connectionStatuses),
  status_label: z.string(),
  created_at: z.string(),
  connected_at: z.string().nullable(),
  consent_expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_sync_at: z.string().nullable(),
  sync_status: z.enum(['idle', 'waiting', 'running', 'failed']),
  sync_status_label: z.string(),
  /** Why the last sync failed, in pt-BR; null when it did not. */
  sync_error: z.string().nullable(),
  /** The accounts and cards the connection brings, each tied to the client's account (`account`). */
  accounts: z.array(
    z.object({
      account: z.number().int(),
      name: z.string(),
      /** What the institution reported at the last sync, in cents (a card's: its open amount, negative when owed). */
      balance: z.number().int().nullable(),
      last_synced_at: z.string().nullable(),
      /** Lines the bank still shows as pending: not counted until booked. */
      pending_lines: z.number().int(),
    }),
  ),
});
export type Connection = z.infer<typeof ConnectionSchema>;
export const ConnectionPageSchema = buildPageSchema(ConnectionSchema);

/** A consent just asked for: where the person goes to authorise it, and until when the return is accepted. */
export const StartedConsentSchema = z.object({
  connection: ConnectionSchema,
  authorization_url: z.string(),
  state_expires_at: z.string(),
});
export type StartedConsent = z.infer<typeof StartedConsentSchema>;

/** The aggregator's widget opened for one bank: its short-lived token, and where the person goes. */
export const WidgetTokenSchema = z.object({
  access: z.string(),
  expires_at: z.string(),
  widget_url: z.string(),
});
export type WidgetToken = z.infer<typeof WidgetTokenSchema>;

/**
 * The banks the organization's aggregator widget connects, by COMPE code: none while the simulated
 * institution answers for it (its banks are connected from the Open Finance screen).
 */
export const WidgetBanksSchema = z.object({
  results: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type WidgetBanks = z.infer<typeof WidgetBanksSchema>;

/** Who answers an integration for the organization: never its secret. */
export const OpenFinanceSettingsSchema = z.object({
  integration: z.string(),
  provider: z.enum(['simulated', 'pluggy', 'belvo']),
  /** The provider's key id; null for the simulated institution. */
  client_id: z.string().nullable(),
  updated_at: z.string().nullable(),
  /** Where the aggregator sends its webhooks for the organization, and the Authorization header it must send (set both at the aggregator); null for the simulated institution. */
  webhook_url: z.string().nullable(),
  webhook_authorization: z.string().nullable(),
});
export type OpenFinanceSettings = z.infer<typeof OpenFinanceSettingsSchema>;
export const OpenFinanceSettingsListSchema = z.object({ results: z.array(OpenFinanceSettingsSchema) });
