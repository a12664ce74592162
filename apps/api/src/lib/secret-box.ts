import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { privateDirectoryMode, writePrivateFile } from '../adapters/private-files';
import type { AppConfig } from '../config';

/**
 * Secrets Prumo must use again later (a gateway's secret key, the sandbox's signing key) are kept
 * encrypted with AES-256-GCM under one key: ENCRYPTION_KEY, or a key generated once under DATA_DIR
 * when that is not set (one process only: every process on a database must decrypt what any wrote).
 * Each text names the key that wrote it, so a process holding another key says so instead of
 * failing with a bare authentication error.
 */
export interface SecretBox {
  /** `context` binds the text to its place (a row): it decrypts only with the same context. */
  encrypt(plain: string, context: string): Promise<string>;
  decrypt(sealed: string, context: string): Promise<string>;
}

const formatVersion = 'v1';
const nonceBytes = 12;
const authTagBytes = 16;
const keyFileName = 'encryption.key';

export class SecretBoxKeyError extends Error {}

function describeKey(key: Buffer): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 8);
}

/** ENCRYPTION_KEY: 32 bytes as 64 hexadecimal digits or as base64. */
export function readEncryptionKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) {
    throw new Error('ENCRYPTION_KEY must be 32 bytes: 64 hexadecimal digits, or base64 (`openssl rand -base64 32`)');
  }
  return key;
}

async function readOrCreateKeyFile(dataDir: string): Promise<Buffer> {
  const keyPath = path.join(dataDir, keyFileName);
  try {
    return readEncryptionKey(await readFile(keyPath, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Only a missing data directory is made here. An existing one keeps the mode the start gave it:
  // as root, 0710 lets the embedded PostgreSQL's own user reach its cluster, and narrowing it to
  // 0700 stopped that server at its next checkpoint.
  await mkdir(dataDir, { recursive: true, mode: privateDirectoryMode });
  try {
    await writePrivateFile(keyPath, randomBytes(32).toString('base64'));
  } catch (error) {
    // Another start wrote it first: that one is the key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readEncryptionKey(await readFile(keyPath, 'utf8'));
}

const keysByDataDir = new Map<string, Promise<Buffer>>();

function loadKey(config: Pick<AppConfig, 'encryptionKey' | 'dataDir'>): Promise<Buffer> {
  if (config.encryptionKey) return Promise.resolve(config.encryptionKey);
  let key = keysByDataDir.get(config.dataDir);
  if (!key) {
    key = readOrCreateKeyFile(config.dataDir);
    keysByDataDir.set(config.dataDir, key);
    key.catch(() => keysByDataDir.delete(config.dataDir));
  }
  return key;
}

export function createSecretBox(config: Pick<AppConfig, 'encryptionKey' | 'dataDir'>): SecretBox {
  return {
    async encrypt(plain, context) {
      const key = await loadKey(config);
      const iv = randomBytes(nonceBytes);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: authTagBytes });
      cipher.setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [formatVersion, describeKey(key), iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    async decrypt(sealed, context) {
      const key = await loadKey(config);
      const [version, keyId, iv, tag, ciphertext] = sealed.split('.');
      if (version !== formatVersion || !keyId || !iv || !tag || ciphertext === undefined) {
        throw new SecretBoxKeyError('An encrypted secret is not in a format Prumo reads.');
      }
      if (keyId !== describeKey(key)) {
        throw new SecretBoxKeyError(
          `A secret was encrypted with another key (${keyId}) than this process's (${describeKey(key)}): give every Prumo process on this database the same ENCRYPTION_KEY.`,
        );
      }
      const nonce = Buffer.from(iv, 'base64url');
      const authTag = Buffer.from(tag, 'base64url');
      // Only what encrypt writes: a 12-byte nonce and a whole 16-byte tag. GCM would otherwise
      // check a tag cut to 4 bytes, and a forged text would need far fewer tries to pass.
      if (nonce.length !== nonceBytes || authTag.length !== authTagBytes) {
        throw new Error('An encrypted secret has a nonce or tag of the wrong length.');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: authTagBytes });
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(authTag);
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * A signing secret of its own for one purpose (`purpose` names it), derived from the same key: every
 * process holding that key signs and checks alike, and no purpose's secret reveals another's.
 */
export async function deriveSigningSecret(
  config: Pick<AppConfig, 'encryptionKey' | 'dataDir'>,
  purpose: string,
): Promise<string> {
  const key = await loadKey(config);
  return createHmac('sha256', key).update(`prumo:${purpose}`).digest('hex');
}
