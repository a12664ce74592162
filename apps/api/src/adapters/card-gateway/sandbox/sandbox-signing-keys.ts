import { createPrivateKey, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { AppConfig } from '../../../config';
import type { Database } from '../../../db/database';
import { sandboxSigningKeys } from '../../../db/schema';
import { createSecretBox, SecretBoxKeyError } from '../../../lib/secret-box';
import type { JsonWebKeySet, SigningJwk } from '../webhook-signature';

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

const keyContext = (kid: string) => `gateway_sandbox.signing_keys:${kid}`;
const creationLock = 'gateway-sandbox-signing-key';

/**
 * The sandbox's RS256 key pair, made the first time a webhook is signed and stored in its schema
 * (the private half encrypted), so every process signs with the same key and the JWKS stays put.
 * A process whose ENCRYPTION_KEY reads none of the stored keys (the key was changed) makes a new
 * pair: the older public keys stay published, so webhooks already signed still verify.
 */
async function loadOrCreateSigningKey(db: Database, config: AppConfig): Promise<SigningKey> {
  const box = createSecretBox(config);
  return db.transaction(async (transaction) => {
    // Two processes signing their first webhook at once make one key, not two.
    await transaction.execute(sql`select pg_advisory_xact_lock(hashtext(${creationLock}))`);
    const stored = await transaction.select().from(sandboxSigningKeys).orderBy(desc(sandboxSigningKeys.createdAt));
    for (const candidate of stored) {
      try {
        const pem = await box.decrypt(candidate.privateKeyCiphertext, keyContext(candidate.kid));
        return { kid: candidate.kid, privateKey: createPrivateKey(pem) };
      } catch (error) {
        if (!(error instanceof SecretBoxKeyError)) throw error;
      }
    }
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const kid = randomBytes(12).toString('base64url');
    const publicJwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    await transaction.insert(sandboxSigningKeys).values({
      kid,
      publicJwk,
      privateKeyCiphertext: await box.encrypt(pem, keyContext(kid)),
    });
    return { kid, privateKey };
  });
}

const signingKeys = new WeakMap<Database, Promise<SigningKey>>();

export function findSigningKey(db: Database, config: AppConfig): Promise<SigningKey> {
  let key = signingKeys.get(db);
  if (!key) {
    key = loadOrCreateSigningKey(db, config);
    signingKeys.set(db, key);
    key.catch(() => signingKeys.delete(db));
  }
  return key;
}

/** The public keys webhooks are checked with (none before the first webhook was signed). */
export async function readSandboxKeySet(db: Database): Promise<JsonWebKeySet> {
  const rows = await db.select({ publicJwk: sandboxSigningKeys.publicJwk }).from(sandboxSigningKeys);
  return { keys: rows.map((row) => row.publicJwk as SigningJwk) };
}
