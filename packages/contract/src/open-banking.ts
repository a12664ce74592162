import { connectionStatuses, sharedDataKinds } from '@prumo/domain/open-banking/consent';
import { z } from 'zod';
import { buildPageSchema } from './common';

/** An institution of the directory the client connects to. */
export const ParticipantSchema = z.object({
  id: z.string(),
  name: z.string(),
  registration_number: z.string(),
  logo_uri: z.string().nullable(),
});
export type Participant = z.infer<typeof ParticipantSchema>;
export const ParticipantPageSchema = buildPageSchema(ParticipantSchema);

/** The client's registration with the connector. */
export const OpenBankingSessionSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  platform: z.string(),
  os: z.string(),
  created_at: z.string(),
});
export type OpenBankingSession = z.infer<typeof OpenBankingSessionSchema>;

/** A consent at one institution: never its tokens. */
export const ConnectionSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  participant_id: z.string(),
  institution_name: z.string(),
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
