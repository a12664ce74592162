import type { ChallengeProvider, ChallengeVerdict } from './challenge';
import { ChallengeUnavailableError } from './challenge';

/** How long the services accept a solution (Turnstile: 300 s): the replay check keeps it that long. */
const solutionValidMinutes = 5;
const timeoutMilliseconds = 10_000;

export interface RemoteChallengeSettings {
  provider: 'turnstile' | 'hcaptcha';
  siteKey: string;
  secretKey: string;
  /** The service's siteverify address (a local fake one in tests). */
  verifyUrl: string;
}

/**
 * Cloudflare Turnstile or hCaptcha: the browser solves the service's widget, Prumo asks the service
 * (the same form post for both) whether the solution is good. The secret key goes there only.
 */
export function createRemoteChallenge(settings: RemoteChallengeSettings): ChallengeProvider {
  return {
    async describe() {
      return { provider: settings.provider, site_key: settings.siteKey };
    },

    async verify(solution, address): Promise<ChallengeVerdict> {
      const form = new URLSearchParams({ secret: settings.secretKey, response: solution, remoteip: address });
      let answer: unknown;
      try {
        const response = await fetch(settings.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(timeoutMilliseconds),
        });
        if (!response.ok) throw new ChallengeUnavailableError(`the challenge service answered ${response.status}`);
        answer = await response.json();
      } catch (error) {
        if (error instanceof ChallengeUnavailableError) throw error;
        throw new ChallengeUnavailableError(error instanceof Error ? error.message : String(error));
      }
      if (!answer || typeof answer !== 'object' || typeof (answer as { success?: unknown }).success !== 'boolean') {
        throw new ChallengeUnavailableError('the challenge service answered no verdict');
      }
      if (!(answer as { success: boolean }).success) return { valid: false };
      return {
        valid: true,
        spentKey: `${settings.provider}:${solution}`,
        expiresAt: new Date(Date.now() + solutionValidMinutes * 60_000),
      };
    },
  };
}
