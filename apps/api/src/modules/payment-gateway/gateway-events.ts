import type { CardGatewayProvider } from '@prumo/contract/payment-gateway';
import { z } from 'zod';
import type { CardCharge } from '../../adapters/card-gateway/card-gateway';
import { readCharge } from '../../adapters/card-gateway/pagarme-v5';
import type { Transaction } from '../../db/database';
import type { AppDependencies } from '../../dependencies';
import { defineJob, type JobDefinition, type JobLog } from '../../jobs/define-job';
import type { JobRunner } from '../../jobs/job-runner';
import { type GatewayEventRow, lockEvent, markEventProcessed } from './payment-gateway.repo';

/** A webhook event whose signature was checked, as its handler gets it. */
export interface GatewayEvent {
  /** Prumo's id for the event (its row). */
  id: string;
  provider: CardGatewayProvider;
  /** The gateway's id (`hook_…`): each is handled once. */
  eventId: string;
  /** `charge.paid`, `charge.payment_failed`, `charge.refunded`, `charge.canceled`… */
  type: string;
  /** The gateway account that sent it (`account.id`), when the event says. */
  accountId: string | null;
  occurredAt: Date | null;
  /** The gateway's object, as it sent it: for `charge.*` the charge (read it with `readEventCharge`). */
  data: unknown;
}

export interface GatewayEventContext {
  deps: AppDependencies;
  jobs: JobRunner;
  /** The job's log. */
  log: JobLog;
  /** The transaction that marks the event processed: writes made in it happen exactly when the event counts as handled. */
  transaction: Transaction;
}

/**
 * What a verified event changes in Prumo (the subscriptions module's handler). It runs in a job,
 * once per event id; throwing retries it later.
 */
export type GatewayEventHandler = (event: GatewayEvent, context: GatewayEventContext) => Promise<void>;

/** Until the subscriptions module provides its handler, an event is only marked processed. */
export const markGatewayEventOnly: GatewayEventHandler = async () => {};

/** A `charge.*` event's charge in the adapter's terms, or null for other events (or a body of another shape). */
export function readEventCharge(event: GatewayEvent): CardCharge | null {
  if (!event.type.startsWith('charge.')) return null;
  try {
    return readCharge(event.data);
  } catch {
    return null;
  }
}

function presentEvent(row: GatewayEventRow): GatewayEvent {
  return {
    id: row.id,
    provider: row.provider as CardGatewayProvider,
    eventId: row.eventId,
    type: row.type,
    accountId: row.accountId,
    occurredAt: row.occurredAt,
    data: row.data,
  };
}

const GatewayEventJobSchema = z.object({ eventRowId: z.uuid() });
export type GatewayEventJobData = z.infer<typeof GatewayEventJobSchema>;

/**
 * The job that applies a received event with `handleEvent`: the event row is locked, handled and
 * marked processed in one transaction, so two jobs for one event (a gateway's repeat sends a second
 * one while the first waits) apply it once. Retried with a growing delay while the handler throws.
 */
export function createGatewayEventJob(handleEvent: GatewayEventHandler): JobDefinition<GatewayEventJobData> {
  return defineJob({
    name: 'apply-gateway-event',
    schema: GatewayEventJobSchema,
    retry: { limit: 8, delaySeconds: 30, backoff: true },
    expireInSeconds: 5 * 60,
    async handle({ eventRowId }, { deps, jobs, log }) {
      const handled = await deps.db.transaction(async (transaction) => {
        const row = await lockEvent(transaction, eventRowId);
        if (!row || row.processedAt) return null;
        await handleEvent(presentEvent(row), { deps, jobs, log, transaction });
        await markEventProcessed(transaction, row.id, new Date());
        return row;
      });
      if (handled)
        log.info({ provider: handled.provider, event: handled.eventId, type: handled.type }, 'gateway event applied');
    },
  });
}
