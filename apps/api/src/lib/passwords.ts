import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

interface ScryptParameters {
  N: number;
  r: number;
  p: number;
}

const keyLength = 64;
const blockSize = 8;
const parallelization = 1;
/** OWASP's scrypt floor: N = 2^17 with r = 8, p = 1 (128 MiB and about a quarter second per hash). */
export const productionPasswordCost = 2 ** 17;

function deriveKey(password: string, salt: Buffer, parameters: ScryptParameters): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node refuses more than `maxmem`, 32 MiB by default.
  const maxmem = 2 * 128 * parameters.N * parameters.r;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, { ...parameters, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function readParameters(stored: string) {
  const [algorithm, costText, blockSizeText, parallelizationText, saltText, keyText] = stored.split('$');
  if (algorithm !== 'scrypt' || !saltText || !keyText) return null;
  const parameters = { N: Number(costText), r: Number(blockSizeText), p: Number(parallelizationText) };
  return { parameters, salt: Buffer.from(saltText, 'base64'), key: Buffer.from(keyText, 'base64') };
}

/**
 * scrypt with a random salt; the parameters travel with the hash so they can be raised later.
 * `cost` is scrypt's N: config.passwordHashCost, which is production's unless a test lowers it.
 */
export async function hashPassword(password: string, cost = productionPasswordCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, { N: cost, r: blockSize, p: parallelization });
  return ['scrypt', cost, blockSize, parallelization, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const read = readParameters(stored);
  if (!read) return false;
  const actual = await deriveKey(password, read.salt, read.parameters);
  return actual.length === read.key.length && timingSafeEqual(actual, read.key);
}

/** A hash made with weaker parameters than today's, to be replaced at the next successful sign-in. */
export function needsRehash(stored: string, cost = productionPasswordCost): boolean {
  const parameters = readParameters(stored)?.parameters;
  return !parameters || parameters.N < cost || parameters.r < blockSize || parameters.p < parallelization;
}

const unusedHashes = new Map<number, Promise<string>>();

/** A hash to compare against when no account matched, so the answer takes the same time. */
export function findUnusedPasswordHash(cost = productionPasswordCost): Promise<string> {
  let found = unusedHashes.get(cost);
  if (!found) {
    found = hashPassword(randomBytes(12).toString('hex'), cost);
    unusedHashes.set(cost, found);
  }
  return found;
}
