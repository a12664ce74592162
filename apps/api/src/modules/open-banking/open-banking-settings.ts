import type { OpenFinanceSettings } from '@prumo/contract/open-banking';
import {
  type ConfigurableIntegration,
  configurableIntegrations,
  type OpenFinanceSettingsInput,
  openBankingMessages,
} from '@prumo/domain/open-banking/consent';
import { and, eq } from 'drizzle-orm';
import { OpenFinanceProviderError } from '../../adapters/open-finance/open-finance-connector';
import {
  createConfiguredConnector,
  type OpenFinanceSettingsRow,
  sealOpenFinanceSecret,
} from '../../adapters/open-finance/resolve-connector';
import { openFinanceSettings } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { failOnField } from '../../lib/domain-errors';
import { deriveSigningSecret } from '../../lib/secret-box';

/** The organization whose integrations are configured: its id, and its slug for the webhook's address. */
interface SettingsOwner {
  organizationId: number;
  organizationSlug: string;
}

/**
 * The Authorization header Belvo must send with the organization's webhooks: derived from Prumo's
 * key for this organization alone, so every process checks it alike and no other organization's opens it.
 */
export async function deriveBelvoWebhookAuthorization(deps: AppDependencies, organizationId: number): Promise<string> {
  return `Bearer ${await deriveSigningSecret(deps.config, `belvo-webhook:${organizationId}`)}`;
}

async function presentSettings(
  deps: AppDependencies,
  owner: SettingsOwner,
  integration: string,
  row: OpenFinanceSettingsRow | undefined,
): Promise<OpenFinanceSettings> {
  return {
    integration,
    provider: row ? 'belvo' : 'simulated',
    client_id: row?.clientId ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
    webhook_url: row
      ? `${deps.config.publicUrl}/api/open-banking/webhooks/belvo/${encodeURIComponent(owner.organizationSlug)}/`
      : null,
    webhook_authorization: row ? await deriveBelvoWebhookAuthorization(deps, owner.organizationId) : null,
  };
}

/** Who answers each configurable integration for the organization: never the provider's secret (the webhook's header is the organization's to give Belvo). */
export async function listOpenFinanceSettings(
  deps: AppDependencies,
  owner: SettingsOwner,
): Promise<{ results: OpenFinanceSettings[] }> {
  const rows = await deps.db
    .select()
    .from(openFinanceSettings)
    .where(eq(openFinanceSettings.organizationId, owner.organizationId));
  return {
    results: await Promise.all(
      configurableIntegrations.map((integration) =>
        presentSettings(
          deps,
          owner,
          integration,
          rows.find((row) => row.integration === integration),
        ),
      ),
    ),
  };
}

/**
 * Sets who answers an integration. New keys are tried with the provider first (its institutions
 * are read): keys it refuses are a 400 and nothing changes. The simulated institution drops the
 * keys. Connections made before keep going through the integration's name, so they follow.
 */
export async function changeOpenFinanceSettings(
  deps: AppDependencies,
  owner: SettingsOwner,
  integration: ConfigurableIntegration,
  input: OpenFinanceSettingsInput,
): Promise<OpenFinanceSettings> {
  const { organizationId } = owner;
  const where = and(
    eq(openFinanceSettings.organizationId, organizationId),
    eq(openFinanceSettings.integration, integration),
  );
  if (input.provider === 'simulated') {
    await deps.db.delete(openFinanceSettings).where(where);
    return presentSettings(deps, owner, integration, undefined);
  }
  const clientId = input.client_id ?? '';
  const secret = input.client_secret ?? '';
  try {
    await createConfiguredConnector(deps.config, { provider: input.provider, clientId }, secret).listParticipants();
  } catch (error) {
    if (!(error instanceof OpenFinanceProviderError)) throw error;
    failOnField('client_secret', openBankingMessages.keysRefused);
  }
  const values = {
    provider: input.provider,
    clientId,
    secretCiphertext: await sealOpenFinanceSecret(deps.config, organizationId, integration, secret),
    updatedAt: new Date(),
  };
  const [row] = await deps.db
    .insert(openFinanceSettings)
    .values({ organizationId, integration, ...values })
    .onConflictDoUpdate({ target: [openFinanceSettings.organizationId, openFinanceSettings.integration], set: values })
    .returning();
  return presentSettings(deps, owner, integration, row);
}
