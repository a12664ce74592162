import { eq } from 'drizzle-orm';
import { generateVapidKeys } from '../../adapters/push/web-push-sender';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import { pushVapidKeys } from '../../db/schema';
import { createSecretBox } from '../../lib/secret-box';

const keyContext = 'push_vapid_keys:1';

/**
 * The instance's VAPID key pair, made by whichever process needs it first: the insert does nothing
 * when another process got there before, and everyone then reads the one stored pair.
 */
export async function findOrCreateVapidKeys(
  db: Database,
  config: Pick<AppConfig, 'encryptionKey' | 'dataDir'>,
): Promise<{ publicKey: string; privateKey: string }> {
  const box = createSecretBox(config);
  const [existing] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1));
  if (!existing) {
    const keys = generateVapidKeys();
    await db
      .insert(pushVapidKeys)
      .values({
        id: 1,
        publicKey: keys.publicKey,
        privateKeyCiphertext: await box.encrypt(keys.privateKey, keyContext),
      })
      .onConflictDoNothing();
  }
  const [stored] = existing ? [existing] : await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1));
  if (!stored) throw new Error('VAPID keys not stored');
  return { publicKey: stored.publicKey, privateKey: await box.decrypt(stored.privateKeyCiphertext, keyContext) };
}

/** The public half, which browsers subscribe with: read without opening the private one. */
export async function findVapidPublicKey(db: Database, config: Pick<AppConfig, 'encryptionKey' | 'dataDir'>) {
  const [stored] = await db
    .select({ publicKey: pushVapidKeys.publicKey })
    .from(pushVapidKeys)
    .where(eq(pushVapidKeys.id, 1));
  return stored?.publicKey ?? (await findOrCreateVapidKeys(db, config)).publicKey;
}
