import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { findOpenFinanceSettings } from '../../adapters/open-finance/resolve-connector';
import type { AppDependencies } from '../../dependencies';
import { fail } from '../../lib/domain-errors';
import { findOrganizationBySlug } from '../organizations/index';
import { markLinkSyncWaiting } from './open-banking.repo';
import { ensureWebhookAuthorization } from './open-banking-settings';

export const webhookRefusedMessage = 'Webhook não autorizado.';

/** What Prumo reads of Belvo's webhook: which link has news. The rest (type, code, data) is not needed to sync it. */
const BelvoWebhookSchema = z.looseObject({
  webhook_type: z.string().max(80).nullish(),
  webhook_code: z.string().max(120).nullish(),
  link_id: z.string().min(1).max(200).nullish(),
});

/** What Prumo reads of Pluggy's: which item has news (item/updated, transactions/created…). */
const PluggyWebhookSchema = z.looseObject({
  event: z.string().max(80).nullish(),
  itemId: z.string().min(1).max(200).nullish(),
});

/** Each aggregator's webhook: the integration its keys are kept under, and the link or item it names. */
const webhookReaders = {
  belvo: { integration: 'belvo', readLink: (body: unknown) => BelvoWebhookSchema.safeParse(body).data?.link_id },
  pluggy: { integration: 'quanto', readLink: (body: unknown) => PluggyWebhookSchema.safeParse(body).data?.itemId },
} as const;
export type WebhookProvider = keyof typeof webhookReaders;
export const webhookProviders = Object.keys(webhookReaders) as WebhookProvider[];

/** Compares two texts in a time that does not depend on where they differ. */
function matchesText(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * An aggregator's webhook for one organization, checked against the random Authorization header
 * kept for it (only where the organization configured that aggregator). News of a link or item (new
 * transactions or accounts, a consent about to expire, credentials no longer valid) asks its
 * connection for a sync, which brings the news or ends the connection: the connection to queue, or
 * null when none waits for it.
 */
export async function receiveAggregatorWebhook(
  deps: AppDependencies,
  provider: WebhookProvider,
  slug: string,
  authorization: string | undefined,
  body: unknown,
): Promise<number | null> {
  const reader = webhookReaders[provider];
  const organization = (await findOrganizationBySlug(deps.db, slug))?.organization;
  const settings = organization ? await findOpenFinanceSettings(deps.db, organization.id, reader.integration) : null;
  const expected = settings?.provider === provider ? await ensureWebhookAuthorization(deps, settings) : null;
  if (!organization || !expected || !authorization || !matchesText(authorization, expected)) {
    fail('unauthenticated', webhookRefusedMessage);
  }
  const linkId = reader.readLink(body);
  if (!linkId) return null;
  const connection = await markLinkSyncWaiting(deps.db, organization.id, provider, linkId);
  return connection?.id ?? null;
}
