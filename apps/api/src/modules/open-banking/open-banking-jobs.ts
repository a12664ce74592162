import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/define-job';
import { countPeopleServed, waitWhilePeopleAreServed } from '../../jobs/yield-to-people';
import { findActiveConnectionIds } from './open-banking.repo';
import { retryPendingRevocations } from './open-banking.service';
import { syncConnection } from './open-banking-sync';

const ConnectionSchema = z.object({
  connectionId: z.number().int().positive(),
  /** Sent by the morning run: nobody waits for it, so it gives way to people being served. */
  daily: z.boolean().optional(),
});

/** How long a morning sync waits for people at most (1,000 connections under a load that never rests: 85 minutes). */
const dailySyncYield = { stepMilliseconds: 50, maxMilliseconds: 5_000 };

/**
 * One connection's sync: sent once the bank's consent comes back, when the client asks, and by the
 * daily run. A provider failure is retried later; what earlier accounts brought stays.
 */
export const openBankingSyncJob: JobDefinition<z.infer<typeof ConnectionSchema>> = defineJob({
  name: 'open-banking-sync',
  schema: ConnectionSchema,
  retry: { limit: 3, delaySeconds: 120, backoff: true },
  expireInSeconds: 15 * 60,
  async handle(data, { deps, log }) {
    const waitedMilliseconds = data.daily
      ? await waitWhilePeopleAreServed(() => countPeopleServed(deps.db), dailySyncYield)
      : 0;
    const started = Date.now();
    const outcome = await syncConnection(deps, data.connectionId);
    log.info(
      {
        connectionId: data.connectionId,
        ...(outcome ?? { skipped: true }),
        milliseconds: Date.now() - started,
        waitedMilliseconds,
      },
      'open banking connection synced',
    );
  },
});

/** Every morning (Brasília), a sync of every active connection, each a job of its own. */
const EveryConnectionSchema = z.object({});

export const openBankingDailySyncJob: JobDefinition<z.infer<typeof EveryConnectionSchema>> = defineJob({
  name: 'open-banking-daily-sync',
  schema: EveryConnectionSchema,
  schedule: () => '0 6 * * *',
  async handle(_data, { deps, jobs, log }) {
    const connectionIds = await findActiveConnectionIds(deps.db);
    for (const connectionId of connectionIds) await jobs.send(openBankingSyncJob, { connectionId, daily: true });
    log.info({ connections: connectionIds.length }, 'open banking syncs sent');
  },
});

/** Every hour, institutions not yet told of a consent revoked in Prumo are told again. */
export const openBankingRevocationsJob: JobDefinition<z.infer<typeof EveryConnectionSchema>> = defineJob({
  name: 'open-banking-revocations',
  schema: EveryConnectionSchema,
  schedule: () => '23 * * * *',
  async handle(_data, { deps, log }) {
    const result = await retryPendingRevocations(deps, new Date());
    if (result.told + result.pending + result.ended > 0) log.info(result, 'open banking revocations retried');
  },
});
