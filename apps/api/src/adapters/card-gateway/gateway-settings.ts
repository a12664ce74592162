import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Database, Transaction } from '../../db/database';
import { paymentGatewaySettings } from '../../db/schema';
import { createSecretBox } from '../../lib/secret-box';
import type { CardGatewayProvider } from './card-gateway';
import { createSandboxAccount, sandboxApiPath } from './sandbox/index';

export type GatewaySettingsRow = typeof paymentGatewaySettings.$inferSelect;

/** The secret decrypts only on its own organization's row: a ciphertext copied to another row is refused. */
function secretContext(organizationId: number): string {
  return `payment_gateway_settings:${organizationId}`;
}

export async function encryptSecretKey(config: AppConfig, organizationId: number, secretKey: string): Promise<string> {
  return createSecretBox(config).encrypt(secretKey, secretContext(organizationId));
}

export async function decryptSecretKey(config: AppConfig, settings: GatewaySettingsRow): Promise<string> {
  return createSecretBox(config).decrypt(settings.secretKeyCiphertext, secretContext(settings.organizationId));
}

async function findSettings(db: Database | Transaction, organizationId: number) {
  const [row] = await db
    .select()
    .from(paymentGatewaySettings)
    .where(eq(paymentGatewaySettings.organizationId, organizationId));
  return row;
}

/** Fresh sandbox keys for the organization, the secret encrypted for its row. */
export async function provisionSandboxKeys(db: Database | Transaction, config: AppConfig, organizationId: number) {
  const account = await createSandboxAccount(db);
  return {
    provider: 'sandbox' as const,
    publicKey: account.publicKey,
    secretKeyCiphertext: await encryptSecretKey(config, organizationId, account.secretKey),
  };
}

/**
 * The organization's gateway settings. Every organization works with the sandbox until a manager
 * says otherwise: its sandbox account and keys are made on first use (once, under a lock per
 * organization, however many calls race for it).
 */
export async function findOrCreateGatewaySettings(
  deps: { db: Database; config: AppConfig },
  organizationId: number,
): Promise<GatewaySettingsRow> {
  const existing = await findSettings(deps.db, organizationId);
  if (existing) return existing;
  return deps.db.transaction(async (transaction) => {
    await transaction.execute(
      sql`select pg_advisory_xact_lock(hashtext('payment-gateway-settings'), ${organizationId})`,
    );
    const created = await findSettings(transaction, organizationId);
    if (created) return created;
    const [row] = await transaction
      .insert(paymentGatewaySettings)
      .values({ organizationId, ...(await provisionSandboxKeys(transaction, deps.config, organizationId)) })
      .returning();
    if (!row) throw new Error('no gateway settings written');
    return row;
  });
}

/**
 * New keys for the organization. Keys of another account (another provider, or another secret)
 * know nothing of the recipient the old ones made: it is forgotten, to be sent again.
 */
export async function writeGatewaySettings(
  db: Database,
  organizationId: number,
  values: { provider: CardGatewayProvider; publicKey: string; secretKeyCiphertext: string },
  options: { keepsRecipient: boolean } = { keepsRecipient: false },
): Promise<GatewaySettingsRow> {
  const recipient = options.keepsRecipient ? {} : { recipientId: null, recipientSyncedAt: null };
  const [row] = await db
    .insert(paymentGatewaySettings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({
      target: paymentGatewaySettings.organizationId,
      set: { ...values, ...recipient, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('no gateway settings written');
  return row;
}

/** Records the recipient the organization's keys made or updated, and when. */
export async function recordGatewayRecipient(
  db: Database,
  organizationId: number,
  recipient: { id: string; syncedAt: Date },
): Promise<GatewaySettingsRow> {
  const [row] = await db
    .update(paymentGatewaySettings)
    .set({ recipientId: recipient.id, recipientSyncedAt: recipient.syncedAt })
    .where(eq(paymentGatewaySettings.organizationId, organizationId))
    .returning();
  if (!row) throw new Error('no gateway settings to record the recipient on');
  return row;
}

/**
 * Where the browser tokenizes: the sandbox under Prumo's PUBLIC_URL (never the Host a caller sent),
 * Pagar.me under its API root. The browser adds `?appId={public_key}`.
 */
export function findTokenizeUrl(config: AppConfig, provider: CardGatewayProvider): string {
  return provider === 'pagarme' ? `${config.pagarmeApiUrl}/tokens` : `${config.publicUrl}${sandboxApiPath}/tokens`;
}
