import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChallengeProvider } from '../../adapters/challenge/challenge';
import { ChallengeUnavailableError } from '../../adapters/challenge/challenge';
import type { AppDependencies } from '../../dependencies';
import { DomainError, fail, failOnField } from '../../lib/domain-errors';
import { deriveSigningSecret } from '../../lib/secret-box';
import { createSecret } from '../../lib/secrets';
import { spendChallengeKey } from './challenge.repo';

/** Time to send the form again after solving the challenge. */
const passValidMinutes = 10;

export const challengeMessages = {
  required: 'Confirme que você não é um robô para continuar.',
  passRefused: 'A verificação expirou ou já foi usada. Confirme de novo que você não é um robô.',
  invalidSolution: 'Verificação inválida, expirada ou já usada. Tente de novo.',
  unavailable: 'O serviço de verificação não respondeu. Tente novamente em instantes.',
} as const;

function signPass(secret: string, body: string, address: string): string {
  return createHmac('sha256', secret).update(`${body}|${address}`).digest('base64url');
}

/**
 * Checks a widget's solution once (a second use is refused) and answers a pass: signed, bound to
 * the caller's address, good for one public form within 10 minutes. The pass is what forms take,
 * whatever the provider, so they never see the provider's own format.
 */
export async function verifyChallengeSolution(
  deps: AppDependencies,
  provider: ChallengeProvider,
  solution: string,
  address: string,
): Promise<{ token: string; expiresAt: Date }> {
  let verdict: Awaited<ReturnType<ChallengeProvider['verify']>>;
  try {
    verdict = await provider.verify(solution, address);
  } catch (error) {
    if (error instanceof ChallengeUnavailableError) fail('unavailable', challengeMessages.unavailable);
    throw error;
  }
  if (!verdict.valid || !(await spendChallengeKey(deps.db, verdict.spentKey, verdict.expiresAt))) {
    failOnField('solution', challengeMessages.invalidSolution);
  }
  const expiresAt = new Date(Date.now() + passValidMinutes * 60_000);
  const body = `${Math.floor(expiresAt.getTime() / 1000)}.${createSecret(18)}`;
  const secret = await deriveSigningSecret(deps.config, 'challenge-pass');
  return { token: `${body}.${signPass(secret, body, address)}`, expiresAt };
}

/** Uses a pass a public form came with: signed here, for this address, in time, and never used before. */
export async function spendChallengePass(deps: AppDependencies, pass: string | undefined, address: string) {
  if (!pass) throw new DomainError('invalid', { challenge: [challengeMessages.required] });
  const [expires, nonce, signature, ...rest] = pass.split('.');
  const expiresSeconds = Number(expires);
  const refuse = () => failOnField('challenge', challengeMessages.passRefused);
  if (!nonce || !signature || rest.length > 0 || !Number.isSafeInteger(expiresSeconds)) refuse();
  if (expiresSeconds * 1000 <= Date.now()) refuse();
  const secret = await deriveSigningSecret(deps.config, 'challenge-pass');
  const expected = Buffer.from(signPass(secret, `${expires}.${nonce}`, address));
  const given = Buffer.from(signature ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) refuse();
  if (!(await spendChallengeKey(deps.db, `pass:${pass}`, new Date(expiresSeconds * 1000)))) refuse();
}
