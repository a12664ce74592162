import type { IntegrationConnector } from '@prumo/domain/open-banking/consent';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import { openFinanceSettings } from '../../db/schema';
import { createSecretBox } from '../../lib/secret-box';
import { createBelvoConnector } from './belvo-connector';
import { type OpenFinanceConnector, OpenFinanceProviderError } from './open-finance-connector';
import { createPluggyConnector } from './pluggy-connector';
import { createSimulatedConnector } from './simulated-connector';

export type OpenFinanceSettingsRow = typeof openFinanceSettings.$inferSelect;

/** A secret decrypts only on its own organization's and integration's row. */
function describeSecretContext(organizationId: number, integration: string): string {
  return `open_finance_settings:${organizationId}:${integration}`;
}

export async function sealOpenFinanceSecret(
  config: AppConfig,
  organizationId: number,
  integration: IntegrationConnector,
  secret: string,
): Promise<string> {
  return createSecretBox(config).encrypt(secret, describeSecretContext(organizationId, integration));
}

export async function findOpenFinanceSettings(
  db: Database,
  organizationId: number,
  integration: IntegrationConnector,
): Promise<OpenFinanceSettingsRow | null> {
  const [row] = await db
    .select()
    .from(openFinanceSettings)
    .where(
      and(eq(openFinanceSettings.organizationId, organizationId), eq(openFinanceSettings.integration, integration)),
    );
  return row ?? null;
}

/** The adapter for keys an organization configured (or is about to): its secret in clear, never kept so. */
export function createConfiguredConnector(
  config: AppConfig,
  settings: { provider: string; clientId: string },
  secret: string,
): OpenFinanceConnector {
  if (settings.provider === 'pluggy') {
    return createPluggyConnector({ baseUrl: config.pluggyApiUrl, clientId: settings.clientId, clientSecret: secret });
  }
  if (settings.provider !== 'belvo') throw new OpenFinanceProviderError(`No adapter for ${settings.provider}.`);
  return createBelvoConnector({
    baseUrl: config.belvoApiUrl,
    widgetUrl: config.belvoWidgetUrl,
    secretId: settings.clientId,
    secretPassword: secret,
    termsUrl: config.publicUrl,
  });
}

/**
 * The connector configured under an integration's name ('quanto' for Open Finance, 'bs2', 'belvo')
 * for the organization: the aggregator whose keys a manager set (ADR 47), else the simulated
 * institution (ADR 44).
 */
export async function resolveOpenFinanceConnector(
  deps: { db: Database; config: AppConfig },
  integration: IntegrationConnector,
  organizationId: number,
  /**
   * The provider (and its key id) a connection was made with: it keeps talking to that one. A
   * connection of the simulated institution stays there after a manager sets keys; one of an
   * aggregator whose keys were removed, or replaced by another provider's or another account's of
   * the same provider, fails (its sync says so) instead of being sent elsewhere, which would hand
   * its access to a third party or, the other account not knowing it, end it as revoked.
   */
  madeWith?: { provider: string; providerKeyId: string | null },
): Promise<OpenFinanceConnector> {
  const simulated = () => createSimulatedConnector({ db: deps.db, publicUrl: deps.config.publicUrl, integration });
  if (madeWith?.provider === 'simulated') return simulated();
  const settings = await findOpenFinanceSettings(deps.db, organizationId, integration);
  const sameKeys =
    settings?.provider === madeWith?.provider &&
    (madeWith?.providerKeyId == null || settings?.clientId === madeWith.providerKeyId);
  if (madeWith !== undefined && !sameKeys) {
    throw new OpenFinanceProviderError(`The keys of ${madeWith.provider} are no longer configured.`);
  }
  if (!settings) return simulated();
  let secret: string;
  try {
    secret = await createSecretBox(deps.config).decrypt(
      settings.secretCiphertext,
      describeSecretContext(organizationId, integration),
    );
  } catch {
    // Sealed under another key (ENCRYPTION_KEY changed): the provider cannot be reached until a manager sets the keys again.
    throw new OpenFinanceProviderError('The configured keys cannot be opened.');
  }
  return createConfiguredConnector(deps.config, settings, secret);
}
