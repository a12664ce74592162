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

function presentSettings(integration: string, row: OpenFinanceSettingsRow | undefined): OpenFinanceSettings {
  return {
    integration,
    provider: row ? 'belvo' : 'simulated',
    client_id: row?.clientId ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** Who answers each configurable integration for the organization; never a secret. */
export async function listOpenFinanceSettings(
  deps: AppDependencies,
  organizationId: number,
): Promise<{ results: OpenFinanceSettings[] }> {
  const rows = await deps.db
    .select()
    .from(openFinanceSettings)
    .where(eq(openFinanceSettings.organizationId, organizationId));
  return {
    results: configurableIntegrations.map((integration) =>
      presentSettings(
        integration,
        rows.find((row) => row.integration === integration),
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
  organizationId: number,
  integration: ConfigurableIntegration,
  input: OpenFinanceSettingsInput,
): Promise<OpenFinanceSettings> {
  const where = and(
    eq(openFinanceSettings.organizationId, organizationId),
    eq(openFinanceSettings.integration, integration),
  );
  if (input.provider === 'simulated') {
    await deps.db.delete(openFinanceSettings).where(where);
    return presentSettings(integration, undefined);
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
  return presentSettings(integration, row);
}
