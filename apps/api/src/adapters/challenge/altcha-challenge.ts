import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { ChallengeProvider, ChallengeVerdict } from './challenge';

/**
 * PBKDF2 rounds per try and the range the secret counter is drawn from: about a second of a phone's
 * work, which costs a script sending thousands of forms far more than a person sending one.
 */
const algorithm = 'PBKDF2/SHA-256';
const cost = 1_000;
const counterRange = { min: 1_000, max: 3_000 };
const validMinutes = 10;

interface AltchaSecrets {
  /** Signs the challenge, so the caller cannot make an easy one. */
  signatureSecret: string;
  /** Signs the derived key: the server checks a solution without redoing the work. */
  keySignatureSecret: string;
}

interface AltchaPayload {
  challenge: Challenge;
  solution: Solution;
}

/** The widget's answer: base64 of `{challenge, solution}` JSON; anything else is no payload. */
function readPayload(solution: string): AltchaPayload | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(solution, 'base64').toString('utf8'));
    if (!parsed || typeof parsed !== 'object') return null;
    const { challenge, solution: answer } = parsed as Partial<AltchaPayload>;
    if (!challenge?.parameters || typeof challenge.parameters !== 'object') return null;
    if (!answer || typeof answer !== 'object' || typeof answer.counter !== 'number') return null;
    return { challenge, solution: answer };
  } catch {
    return null;
  }
}

/** Prumo's own challenge (altcha-lib): made, signed and checked here, no outside account or network. */
export function createAltchaChallenge(loadSecrets: () => Promise<AltchaSecrets>): ChallengeProvider {
  return {
    async describe() {
      const secrets = await loadSecrets();
      const challenge = await createChallenge({
        algorithm,
        cost,
        counter: randomInt(counterRange.max, counterRange.min),
        deriveKey,
        expiresAt: new Date(Date.now() + validMinutes * 60_000),
        hmacSignatureSecret: secrets.signatureSecret,
        hmacKeySignatureSecret: secrets.keySignatureSecret,
      });
      return { provider: 'altcha', challenge: challenge as unknown as Record<string, unknown> };
    },

    async verify(solution): Promise<ChallengeVerdict> {
      const payload = readPayload(solution);
      const expiresAt = payload?.challenge.parameters.expiresAt;
      // Prumo's challenges always expire: one without a time was not made here.
      if (!payload || typeof expiresAt !== 'number' || payload.challenge.parameters.algorithm !== algorithm) {
        return { valid: false };
      }
      const secrets = await loadSecrets();
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: secrets.signatureSecret,
          hmacKeySignatureSecret: secrets.keySignatureSecret,
        });
        if (!result.verified) return { valid: false };
      } catch {
        // A malformed challenge (a forged algorithm or prefix) makes the library throw.
        return { valid: false };
      }
      // The nonce is covered by the signature: it names this challenge, whatever counter solved it.
      return {
        valid: true,
        spentKey: `altcha:${payload.challenge.parameters.nonce}`,
        expiresAt: new Date(expiresAt * 1000),
      };
    },
  };
}
