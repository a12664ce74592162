import { z } from 'zod';
import type { Database } from '../../../db/database';
import { defineJob, type JobDefinition } from '../../../jobs/define-job';
import type { JobRunner } from '../../../jobs/job-runner';
import { findChargeById, findChargeParts, updateCharge } from './sandbox.repo';
import { acquirerAnswers } from './sandbox-cards';
import { presentCharge } from './sandbox-presenters';
import { queueWebhook, sendWebhookDeliveries } from './sandbox-webhooks';

/**
 * A `processing` charge of a test card that settles later (4000000000000036 paid, …044 failed)
 * becomes what its card says, and its webhook goes out. A charge canceled meanwhile stays canceled.
 */
export async function settleCharge(db: Database, jobs: JobRunner, chargeId: string): Promise<void> {
  const deliveries = await db.transaction(async (transaction) => {
    const charge = await findChargeById(transaction, chargeId, { lock: true });
    if (charge?.status !== 'processing' || !charge.settlesTo) return [];
    const now = new Date();
    const paid = charge.settlesTo === 'paid';
    const answer = paid ? acquirerAnswers.approved : acquirerAnswers.notAuthorized;
    const settled = await updateCharge(transaction, charge.id, {
      status: paid ? 'paid' : 'failed',
      settlesTo: null,
      transactionStatus: answer.transactionStatus,
      acquirerMessage: answer.message,
      acquirerReturnCode: answer.returnCode,
      ...(paid && { paidAt: now }),
      updatedAt: now,
    });
    const data = presentCharge(await findChargeParts(transaction, settled));
    return [await queueWebhook(transaction, charge.accountId, paid ? 'charge.paid' : 'charge.payment_failed', data)];
  });
  await sendWebhookDeliveries(jobs, deliveries);
}

const ChargeSettlementSchema = z.object({ chargeId: z.string().startsWith('ch_') });

/** Sent with the configured delay (SANDBOX_GATEWAY_SETTLE_SECONDS) when a charge starts processing. */
export const chargeSettlementJob: JobDefinition<z.infer<typeof ChargeSettlementSchema>> = defineJob({
  name: 'sandbox-gateway-settle-charge',
  schema: ChargeSettlementSchema,
  retry: { limit: 5, delaySeconds: 5, backoff: true },
  expireInSeconds: 60,
  async handle({ chargeId }, { deps, jobs }) {
    await settleCharge(deps.db, jobs, chargeId);
  },
});
