import { z } from 'zod';
import { buildPageSchema } from './common';
import { AccessLevelSchema, PersonNameSchema } from './profiles';

/** What a registration link offers: who invites, and the one role it grants. */
export const InvitationSchema = z.object({
  inviter: z.object({ first_name: z.string(), last_name: z.string() }),
  inviter_role: z.string(),
  role: AccessLevelSchema,
  roles: z.array(AccessLevelSchema),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** A registration link as its issuer manages it: one role, maybe an expiry, and who used it. */
export const InvitationRecordSchema = z.object({
  id: z.number().int(),
  role: AccessLevelSchema,
  role_word: z.string(),
  token: z.string(),
  /** A planner's or manager's permanent client link (the Persona's hash). */
  standing: z.boolean(),
  issued_by: PersonNameSchema,
  planner: PersonNameSchema.nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  /** A planner or manager link registers one person: when and who (null while unused, always on client links). */
  used_at: z.string().nullable(),
  used_by: PersonNameSchema.nullable(),
});
export type InvitationRecord = z.infer<typeof InvitationRecordSchema>;

export const InvitationRecordPageSchema = buildPageSchema(InvitationRecordSchema);
export type InvitationRecordPage = z.infer<typeof InvitationRecordPageSchema>;
