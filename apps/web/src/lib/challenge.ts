import { type ChallengePass, type ChallengeWidget, challengeField } from '@prumo/contract/challenge';
import { isApiError } from './errors';

/**
 * The challenge public forms ask for once an address has shown abuse (ADR 38). A solved challenge
 * gives a pass good for one send: it waits here and goes, in the X-Challenge header, with the next
 * public form the user sends (api-client), whichever form showed the widget.
 */
let pendingPass: string | null = null;

export function keepChallengePass(token: string): void {
  pendingPass = token;
}

/** The waiting pass, once: a second send needs a new one. */
export function takeChallengePass(): string | null {
  const pass = pendingPass;
  pendingPass = null;
  return pass;
}

/** The API's 400 `{"challenge": [...]}`: the form must show the widget before sending again. */
export function isChallengeRequest(error: unknown): boolean {
  return isApiError(error) && error.status === 400 && challengeField in error.fieldErrors;
}

export type { ChallengePass, ChallengeWidget };
