/** What the web app needs to show the widget: Prumo's own puzzle, or an outside service's site key. */
export type ChallengeWidget =
  | { provider: 'altcha'; challenge: Record<string, unknown> }
  | { provider: 'turnstile' | 'hcaptcha'; site_key: string };

/**
 * A solution judged. `spentKey` names it for the replay check (stored hashed once used) and
 * `expiresAt` says how long that check must remember it: afterwards the solution is refused anyway.
 */
export type ChallengeVerdict = { valid: false } | { valid: true; spentKey: string; expiresAt: Date };

/** A challenge that tells people from scripts (ADR 38): the embedded proof-of-work, Turnstile or hCaptcha. */
export interface ChallengeProvider {
  describe(): Promise<ChallengeWidget>;
  /** Checks a solution the widget produced, for a caller at `address`. */
  verify(solution: string, address: string): Promise<ChallengeVerdict>;
}

/** The outside service did not answer (or answered nonsense): not the same as a wrong solution. */
export class ChallengeUnavailableError extends Error {
  constructor(message = 'the challenge service did not answer') {
    super(message);
    this.name = 'ChallengeUnavailableError';
  }
}
