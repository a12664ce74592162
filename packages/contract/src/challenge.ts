import { z } from 'zod';

/**
 * The name of the field a public form's 400 carries when the caller must prove to be a person
 * (`{"challenge": ["…"]}`), and of the header the form sends the pass in once solved.
 */
export const challengeField = 'challenge';
export const challengeHeader = 'X-Challenge';

/** What the web app needs to show the widget: Prumo's own puzzle, or an outside service's site key. */
export const ChallengeWidgetSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('altcha'), challenge: z.record(z.string(), z.unknown()) }),
  z.object({ provider: z.enum(['turnstile', 'hcaptcha']), site_key: z.string() }),
]);
export type ChallengeWidget = z.infer<typeof ChallengeWidgetSchema>;

/** A solved challenge: the pass a public form takes once, from the same address, until `expires_at`. */
export const ChallengePassSchema = z.object({ success: z.literal(true), token: z.string(), expires_at: z.string() });
export type ChallengePass = z.infer<typeof ChallengePassSchema>;
