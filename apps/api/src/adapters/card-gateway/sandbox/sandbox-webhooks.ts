import { z } from 'zod';
import type { AppConfig } from '../../../config';
import type { Database, Transaction } from '../../../db/database';
import { defineJob, type JobDefinition } from '../../../jobs/define-job';
import type { JobRunner } from '../../../jobs/job-runner';
import { signatureHeaderName, signWebhookBody } from '../webhook-signature';
import { findAccountById, findDelivery, insertDelivery, recordDeliveryAttempt } from './sandbox.repo';
import { createGatewayId } from './sandbox-errors';
import { findSigningKey } from './sandbox-signing-keys';

/** Where a sandbox account's webhooks go: its own address, else Prumo's receiver. */
export function findWebhookUrl(config: AppConfig, accountWebhookUrl: string | null): string {
  return accountWebhookUrl ?? config.sandboxWebhookUrl ?? `${config.publicUrl}/api/payment/webhooks/sandbox/`;
}

/**
 * Writes a webhook for the account in the transaction that made the change it tells, with the exact
 * body its signature will cover: `{id: "hook_…", account, type, created_at, data}`. Send its job
 * after the transaction commits (sendWebhookDeliveries).
 */
export async function queueWebhook(
  transaction: Transaction,
  accountId: string,
  type: string,
  data: unknown,
): Promise<string> {
  const id = createGatewayId('hook');
  const body = JSON.stringify({
    id,
    account: { id: accountId, name: 'Prumo Sandbox' },
    type,
    created_at: new Date().toISOString(),
    data,
  });
  await insertDelivery(transaction, { id, accountId, type, body });
  return id;
}

export async function sendWebhookDeliveries(jobs: JobRunner, deliveryIds: string[]): Promise<void> {
  for (const deliveryId of deliveryIds) await jobs.send(webhookDeliveryJob, { deliveryId });
}

const deliveryTimeoutMilliseconds = 10_000;

/** Tries one delivery: a 2xx is the receiver's acknowledgement; anything else throws, and the job retries. */
async function deliverWebhook(db: Database, config: AppConfig, deliveryId: string): Promise<'delivered' | 'gone'> {
  const delivery = await findDelivery(db, deliveryId);
  if (!delivery || delivery.deliveredAt) return 'gone';
  const account = await findAccountById(db, delivery.accountId);
  if (!account) return 'gone';
  const key = await findSigningKey(db, config);
  let status: number | null = null;
  try {
    const response = await fetch(findWebhookUrl(config, account.webhookUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [signatureHeaderName]: signWebhookBody(delivery.body, key.kid, key.privateKey),
        'user-agent': 'Prumo-Sandbox-Gateway/1.0',
      },
      body: delivery.body,
      signal: AbortSignal.timeout(deliveryTimeoutMilliseconds),
      redirect: 'manual',
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    await recordDeliveryAttempt(db, deliveryId, { status: null, delivered: false, now: new Date() });
    throw new Error(`webhook ${deliveryId} not delivered: ${(error as Error).name}`);
  }
  const delivered = status >= 200 && status < 300;
  await recordDeliveryAttempt(db, deliveryId, { status, delivered, now: new Date() });
  if (!delivered) throw new Error(`webhook ${deliveryId} answered ${status}`);
  return 'delivered';
}

const WebhookDeliverySchema = z.object({ deliveryId: z.string().startsWith('hook_') });

/**
 * Sends one sandbox webhook until the receiver answers 2xx: retried with a doubling delay from 10 s
 * (about 10 s, 20 s, 40 s… for some 11 hours in all), as a real gateway keeps trying a receiver that is down.
 */
export const webhookDeliveryJob: JobDefinition<z.infer<typeof WebhookDeliverySchema>> = defineJob({
  name: 'sandbox-gateway-webhook',
  schema: WebhookDeliverySchema,
  retry: { limit: 12, delaySeconds: 10, backoff: true },
  expireInSeconds: 60,
  async handle({ deliveryId }, { deps, log }) {
    const outcome = await deliverWebhook(deps.db, deps.config, deliveryId);
    if (outcome === 'delivered') log.info({ webhook: deliveryId }, 'sandbox webhook delivered');
  },
});
