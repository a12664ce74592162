import { createPublicKey, type JsonWebKey, type KeyObject, sign, verify } from 'node:crypto';

/**
 * Pagar.me's webhook signature, which the sandbox imitates: RS256 over the raw body, in
 * `X-Webhook-Asymmetric-Signature: alg=RS256; kid=…; signature=…`, checked against the sender's
 * published key set (JWKS) by the key id.
 */
export const signatureHeaderName = 'x-webhook-asymmetric-signature';

export interface SigningJwk extends JsonWebKey {
  kid: string;
}

export interface JsonWebKeySet {
  keys: SigningJwk[];
}

export interface ParsedSignature {
  alg: string;
  kid: string;
  signature: Buffer;
}

export function signWebhookBody(body: string, kid: string, privateKey: KeyObject): string {
  const signature = sign('sha256', Buffer.from(body), privateKey);
  return `alg=RS256; kid=${kid}; signature=${signature.toString('base64url')}`;
}

/** The header's three parts, or null when one is missing or the signature is not base64. */
export function parseSignatureHeader(value: string | undefined): ParsedSignature | null {
  if (!value || value.length > 4096) return null;
  const parts = new Map<string, string>();
  for (const part of value.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    parts.set(part.slice(0, separator).trim().toLowerCase(), part.slice(separator + 1).trim());
  }
  const alg = parts.get('alg');
  const kid = parts.get('kid');
  const signature = parts.get('signature');
  if (!alg || !kid || !signature || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(signature)) return null;
  // Node reads both base64 alphabets (standard and URL-safe).
  return { alg, kid, signature: Buffer.from(signature, 'base64') };
}

/** Whether the body is signed with RS256 by the key of the set that the header names. */
export function verifyWebhookBody(body: Buffer, signature: ParsedSignature, keySet: JsonWebKeySet): boolean {
  if (signature.alg !== 'RS256') return false;
  const jwk = keySet.keys.find((key) => key.kid === signature.kid);
  if (jwk?.kty !== 'RSA') return false;
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey({ key: jwk, format: 'jwk' });
  } catch {
    return false;
  }
  return verify('sha256', body, publicKey, signature.signature);
}
