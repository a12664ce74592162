import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret (keys, one-time tokens, invitation hashes). */
export function createSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Secrets are stored only as their SHA-256: a leaked table gives no working key. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
