import { eq } from 'drizzle-orm';
import { generateVapidKeys } from '../../adapters/push/web-push-sender';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import { pushVapidKeys } from '../../db/schema';
import { createSecretBox } from '../../lib/secret-box';

const keyContext = 'push_vapid_keys:1';

/**
 * Makes the instance's VAPID key pair unless one is stored: the insert does nothing when another
 * process got there before. Run at start; it never opens the private key, so a process started
 * with another ENCRYPTION_KEY still starts (its pushes fail, and say why, until the keys agree).
 */
export async function ensureVapidKeys(db: Database, config: Pick<AppConfig, 'encryptionKey' | 'dataDir'>) {
  const [existing] = await db.select({ id: pushVapidKeys.id }).from(pushVapidKeys).where(eq(pushVapidKeys.id, 1));
  if (existing) return;
  const keys = generateVapidKeys();
  await db
    .insert(pushVapidKeys)
    .values({
      id: 1,
      publicKey: keys.publicKey,
      privateKeyCiphertext: await createSecretBox(config).encrypt(keys.privateKey, keyContext),
    })
    .onConflictDoNothing();
}

/** The instance's VAPID key pair, made by whichever process needs it first if the start did not. */
export async function findOrCreateVapidKeys(
  db: Database,
  config: Pick<AppConfig, 'encryptionKey' | 'dataDir'>,
): Promise<{ publicKey: string; privateKey: string }> {
  const box = createSecretBox(config);
  await ensureVapidKeys(db, config);
  const [stored] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1));
  if (!stored) throw new Error('VAPID keys not stored');
  return { publicKey: stored.publicKey, privateKey: await box.decrypt(stored.privateKeyCiphertext, keyContext) };
}

/** The public half, which browsers subscribe with: read without opening the private one. */
export async function findVapidPublicKey(db: Database, config: Pick<AppConfig, 'encryptionKey' | 'dataDir'>) {
  const readPublicKey = async () => {
    const [stored] = await db
      .select({ publicKey: pushVapidKeys.publicKey })
      .from(pushVapidKeys)
      .where(eq(pushVapidKeys.id, 1));
    return stored?.publicKey;
  };
  const found = await readPublicKey();
  if (found) return found;
  await ensureVapidKeys(db, config);
  const made = await readPublicKey();
  if (!made) throw new Error('VAPID keys not stored');
  return made;
}
