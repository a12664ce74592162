import { createPrivateKey } from 'node:crypto';
import type { PushSettings } from '@prumo/contract/help';
import { type PushSettingsInput, pushSettingsMessages, readFirebaseServiceAccount } from '@prumo/domain/help/help';
import { eq } from 'drizzle-orm';
import { pushSettings, users } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { failOnField } from '../../lib/domain-errors';
import { createSecretBox } from '../../lib/secret-box';

/** Sealed for its organization: a row copied to another organization does not open. */
const describeSealContext = (organizationId: number) => `push_settings:${organizationId}`;

function presentPushSettings(row: typeof pushSettings.$inferSelect | undefined): PushSettings {
  return {
    provider: row ? 'fcm' : 'web_push',
    project_id: row?.projectId ?? null,
    client_email: row?.clientEmail ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export async function readPushSettings(deps: AppDependencies, organizationId: number): Promise<PushSettings> {
  const [row] = await deps.db.select().from(pushSettings).where(eq(pushSettings.organizationId, organizationId));
  return presentPushSettings(row);
}

/**
 * Sets how the organization's FCM tokens are sent: through its own Firebase project (the service
 * account's private key must read as a key; only the fields Firebase needs are kept, sealed), or
 * not at all by the organization (web_push: the row and its key are deleted).
 */
export async function changePushSettings(
  deps: AppDependencies,
  organizationId: number,
  input: PushSettingsInput,
): Promise<PushSettings> {
  if (input.provider === 'web_push') {
    await deps.db.delete(pushSettings).where(eq(pushSettings.organizationId, organizationId));
    return presentPushSettings(undefined);
  }
  const account = readFirebaseServiceAccount(input.service_account ?? '');
  if (!account) failOnField('service_account', pushSettingsMessages.serviceAccountInvalid);
  // Firebase signs with the RSA key Google issues: any other key would fail every push later.
  let keyType: string | undefined;
  try {
    keyType = createPrivateKey(account.private_key).asymmetricKeyType;
  } catch {
    failOnField('service_account', pushSettingsMessages.privateKeyInvalid);
  }
  if (keyType !== 'rsa') failOnField('service_account', pushSettingsMessages.privateKeyInvalid);
  const kept = JSON.stringify({
    type: account.type,
    project_id: account.project_id,
    client_email: account.client_email,
    private_key: account.private_key,
  });
  const values = {
    projectId: account.project_id,
    clientEmail: account.client_email,
    serviceAccountCiphertext: await createSecretBox(deps.config).encrypt(kept, describeSealContext(organizationId)),
    updatedAt: new Date(),
  };
  const [row] = await deps.db
    .insert(pushSettings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: pushSettings.organizationId, set: values })
    .returning();
  return presentPushSettings(row);
}

/**
 * The Firebase service account a user's FCM tokens go through: their organization's when it set
 * one (with a key naming that version, for the sender's cache), else null.
 */
export async function findOrganizationServiceAccount(
  deps: AppDependencies,
  userId: number,
): Promise<{ cacheKey: string; serviceAccount: string } | null> {
  const [row] = await deps.db
    .select({ settings: pushSettings })
    .from(users)
    .innerJoin(pushSettings, eq(pushSettings.organizationId, users.organizationId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const { organizationId, updatedAt, serviceAccountCiphertext } = row.settings;
  return {
    cacheKey: `${organizationId}-${updatedAt.getTime()}`,
    serviceAccount: await createSecretBox(deps.config).decrypt(
      serviceAccountCiphertext,
      describeSealContext(organizationId),
    ),
  };
}
