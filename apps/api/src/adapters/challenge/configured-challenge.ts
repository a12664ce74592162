import type { AppConfig } from '../../config';
import { deriveSigningSecret } from '../../lib/secret-box';
import { createAltchaChallenge } from './altcha-challenge';
import type { ChallengeProvider } from './challenge';
import { createRemoteChallenge } from './remote-challenge';

/** CHALLENGE_PROVIDER: the embedded proof-of-work unless Turnstile or hCaptcha is set with its keys. */
export function createConfiguredChallenge(
  config: Pick<AppConfig, 'challenge' | 'encryptionKey' | 'dataDir'>,
): ChallengeProvider {
  if (config.challenge.provider !== 'altcha') return createRemoteChallenge(config.challenge);
  let secrets: Promise<{ signatureSecret: string; keySignatureSecret: string }> | undefined;
  return createAltchaChallenge(() => {
    secrets ??= Promise.all([
      deriveSigningSecret(config, 'altcha-challenge'),
      deriveSigningSecret(config, 'altcha-key'),
    ]).then(([signatureSecret, keySignatureSecret]) => ({ signatureSecret, keySignatureSecret }));
    return secrets;
  });
}
