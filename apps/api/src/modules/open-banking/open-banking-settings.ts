import type { OpenFinanceSettings } from '@prumo/contract/open-banking';
import {
  aggregatorOfIntegration,
  type ConfigurableIntegration,
  configurableIntegrations,
  type OpenFinanceSettingsInput,
  openBankingMessages,
} from '@prumo/domain/open-banking/consent';
import { and, eq, isNull } from 'drizzle-orm';
import { OpenFinanceProviderError } from '../../adapters/open-finance/open-finance-connector';
import {
  createConfiguredConnector,
  type OpenFinanceSettingsRow,
  sealOpenFinanceSecret,
} from '../../adapters/open-finance/resolve-connector';
import { openFinanceSettings } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { failNotFound, failOnField } from '../../lib/domain-errors';
import { createSecretBox, deriveSigningSecret } from '../../lib/secret-box';
import { createSecret } from '../../lib/secrets';

/** The organization whose integrations are configured: its id, and its slug for the webhook's address. */
interface SettingsOwner {
  organizationId: number;
  organizationSlug: string;
}

/** A webhook's header opens only on its own organization's and integration's row. */
function describeWebhookContext(organizationId: number, integration: string): string {
  return `open_finance_settings_webhook:${organizationId}:${integration}`;
}

/** An Authorization header for the provider's webhooks, sealed for its row. */
async function sealWebhookAuthorization(
  deps: AppDependencies,
  organizationId: number,
  integration: string,
  authorization: string,
): Promise<{ authorization: string; ciphertext: string }> {
  const ciphertext = await createSecretBox(deps.config).encrypt(
    authorization,
    describeWebhookContext(organizationId, integration),
  );
  return { authorization, ciphertext };
}

/** A new random Authorization header for the provider's webhooks, sealed for its row. */
function sealNewWebhookAuthorization(deps: AppDependencies, organizationId: number, integration: string) {
  return sealWebhookAuthorization(deps, organizationId, integration, `Bearer ${createSecret(32)}`);
}

/**
 * The Authorization header the provider must send with the organization's webhooks: null when the
 * row has none (kept before headers were random) or it cannot be opened (the encryption key changed).
 */
export async function readWebhookAuthorization(
  deps: AppDependencies,
  row: OpenFinanceSettingsRow,
): Promise<string | null> {
  if (!row.webhookSecretCiphertext) return null;
  try {
    return await createSecretBox(deps.config).decrypt(
      row.webhookSecretCiphertext,
      describeWebhookContext(row.organizationId, row.integration),
    );
  } catch {
    return null;
  }
}

const settingsOf = (organizationId: number, integration: string) =>
  and(eq(openFinanceSettings.organizationId, organizationId), eq(openFinanceSettings.integration, integration));

/**
 * The row's header, made (and kept) when it has none that opens. Belvo keys saved before headers
 * were random keep the header derived for the organization then, which Belvo's dashboard already
 * sends. Two readers at once keep one header: the first written wins, the other reads it.
 */
export async function ensureWebhookAuthorization(
  deps: AppDependencies,
  row: OpenFinanceSettingsRow,
): Promise<string | null> {
  const kept = await readWebhookAuthorization(deps, row);
  if (kept) return kept;
  const made =
    row.provider === 'belvo' && !row.webhookSecretCiphertext
      ? await sealWebhookAuthorization(
          deps,
          row.organizationId,
          row.integration,
          `Bearer ${await deriveSigningSecret(deps.config, `belvo-webhook:${row.organizationId}`)}`,
        )
      : await sealNewWebhookAuthorization(deps, row.organizationId, row.integration);
  const written = await deps.db
    .update(openFinanceSettings)
    .set({ webhookSecretCiphertext: made.ciphertext })
    .where(
      and(
        settingsOf(row.organizationId, row.integration),
        row.webhookSecretCiphertext
          ? eq(openFinanceSettings.webhookSecretCiphertext, row.webhookSecretCiphertext)
          : isNull(openFinanceSettings.webhookSecretCiphertext),
      ),
    )
    .returning();
  if (written.length > 0) return made.authorization;
  const [current] = await deps.db
    .select()
    .from(openFinanceSettings)
    .where(settingsOf(row.organizationId, row.integration));
  return current ? readWebhookAuthorization(deps, current) : null;
}

async function presentSettings(
  deps: AppDependencies,
  owner: SettingsOwner,
  integration: ConfigurableIntegration,
  row: OpenFinanceSettingsRow | undefined,
): Promise<OpenFinanceSettings> {
  const provider = aggregatorOfIntegration[integration];
  return {
    integration,
    provider: row ? provider : 'simulated',
    client_id: row?.clientId ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
    webhook_url: row
      ? `${deps.config.publicUrl}/api/open-banking/webhooks/${provider}/${encodeURIComponent(owner.organizationSlug)}/`
      : null,
    webhook_authorization: row ? await ensureWebhookAuthorization(deps, row) : null,
  };
}

/** Who answers each configurable integration for the organization: never the provider's secret (the webhook's header is the organization's to give the aggregator). */
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
  const where = settingsOf(organizationId, integration);
  if (input.provider === 'simulated') {
    await deps.db.delete(openFinanceSettings).where(where);
    return presentSettings(deps, owner, integration, undefined);
  }
  if (input.provider !== aggregatorOfIntegration[integration]) {
    failOnField('provider', openBankingMessages.providerOfOtherIntegration);
  }
  const clientId = input.client_id ?? '';
  const secret = input.client_secret ?? '';
  try {
    await createConfiguredConnector(deps.config, { provider: input.provider, clientId }, secret).listParticipants();
  } catch (error) {
    if (!(error instanceof OpenFinanceProviderError)) throw error;
    failOnField('client_secret', openBankingMessages.keysRefused);
  }
  // The same provider account keeps its webhook's header (its dashboard already sends it); another gets a new one.
  const [kept] = await deps.db.select().from(openFinanceSettings).where(where);
  const keepsHeader = kept?.provider === input.provider && kept.clientId === clientId;
  const values = {
    provider: input.provider,
    clientId,
    secretCiphertext: await sealOpenFinanceSecret(deps.config, organizationId, integration, secret),
    webhookSecretCiphertext: keepsHeader
      ? kept.webhookSecretCiphertext
      : (await sealNewWebhookAuthorization(deps, organizationId, integration)).ciphertext,
    updatedAt: new Date(),
  };
  const [row] = await deps.db
    .insert(openFinanceSettings)
    .values({ organizationId, integration, ...values })
    .onConflictDoUpdate({ target: [openFinanceSettings.organizationId, openFinanceSettings.integration], set: values })
    .returning();
  return presentSettings(deps, owner, integration, row);
}

/**
 * Replaces the header the provider must send with the organization's webhooks (one that leaked, or
 * a routine change): the old one is refused from now on, so the manager sets the new one at the provider.
 */
export async function replaceWebhookAuthorization(
  deps: AppDependencies,
  owner: SettingsOwner,
  integration: ConfigurableIntegration,
): Promise<OpenFinanceSettings> {
  const made = await sealNewWebhookAuthorization(deps, owner.organizationId, integration);
  const [row] = await deps.db
    .update(openFinanceSettings)
    .set({ webhookSecretCiphertext: made.ciphertext })
    .where(settingsOf(owner.organizationId, integration))
    .returning();
  if (!row) failNotFound(openBankingMessages.noKeysForWebhook);
  return presentSettings(deps, owner, integration, row);
}
