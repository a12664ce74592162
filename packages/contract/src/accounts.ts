import { z } from 'zod';

/** A session opened by signing in: the key to send as `Authorization: Token <key>`, and when it ends. */
export const SessionKeySchema = z.object({ key: z.string(), expires_at: z.string() });
export type SessionKey = z.infer<typeof SessionKeySchema>;

/** A session opened through an e-mailed access link, with the organization it belongs to (its slug). */
export const AccessLinkSessionSchema = SessionKeySchema.extend({ organization: z.string() });
export type AccessLinkSession = z.infer<typeof AccessLinkSessionSchema>;

/** The password is right (a wrong one answers 400 on the `password` field). */
export const PasswordCheckSchema = z.object({ valid: z.literal(true) });
export type PasswordCheck = z.infer<typeof PasswordCheckSchema>;

/**
 * POST profiles/email/confirm/: the e-mail is confirmed; `plan` is the hash of the plan the sign-up
 * link named (cadastro/{role}/{hash}/{plan}), for its payment after signing in, or null.
 */
export const EmailConfirmedSchema = z.object({ detail: z.string(), plan: z.string().nullable() });
export type EmailConfirmed = z.infer<typeof EmailConfirmedSchema>;
