import { chargeSettlementJob, webhookDeliveryJob } from '../adapters/card-gateway/sandbox/index';
import type { Mailer } from '../adapters/mailer';
import type { AppDependencies } from '../dependencies';
import { clientInsightsJob, insightsGenerationJob } from '../modules/insights/index';
import { notificationDeliveriesJob } from '../modules/notifications/index';
import { openBankingDailySyncJob, openBankingRevocationsJob, openBankingSyncJob } from '../modules/open-banking/index';
import { createGatewayEventJob } from '../modules/payment-gateway/index';
import { billReminderNoticesJob } from '../modules/reminders/index';
import {
  handleSubscriptionGatewayEvent,
  subscriptionChargesRecoveryJob,
  subscriptionRenewalsJob,
} from '../modules/subscriptions/index';
import { dailyCleanupJob } from './daily-cleanup';
import type { JobLog } from './define-job';
import { createQueuedMailer, emailDeliveryJob } from './email-delivery';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './job-runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends jobs; runs them too when this process works jobs (RUN_JOBS). */
    jobs: JobRunner;
  }
}

export type AppJobsOptions = Partial<Omit<JobRunnerOptions, 'deps' | 'log'>>;

export interface AppJobs {
  runner: JobRunner;
  /** What the modules send e-mail through: each message becomes a delivery job. */
  mailer: Mailer;
}

/**
 * The job that applies a card gateway's verified webhook events, built with what handles them (the
 * subscriptions module's handler). It is composed here because both the web process (whose
 * receiver queues it) and `npm run worker` run it.
 */
export const gatewayEventJob = createGatewayEventJob(handleSubscriptionGatewayEvent);

/** Every job Prumo runs: a later feature adds its own here. */
const appJobs = [
  emailDeliveryJob,
  dailyCleanupJob,
  billReminderNoticesJob,
  gatewayEventJob,
  chargeSettlementJob,
  webhookDeliveryJob,
  subscriptionRenewalsJob,
  subscriptionChargesRecoveryJob,
  notificationDeliveriesJob,
  insightsGenerationJob,
  clientInsightsJob,
  openBankingSyncJob,
  openBankingDailySyncJob,
  openBankingRevocationsJob,
];

/**
 * Prumo's jobs on `deps`' database: `deps.mailer` is how a message finally leaves (SMTP or the
 * .eml outbox). The web process and `npm run worker` both build them here, so both run the same
 * jobs.
 */
export function createAppJobs(deps: AppDependencies, log: JobLog, options: AppJobsOptions = {}): AppJobs {
  const runner = createJobRunner(appJobs, { deps, log, work: deps.config.runJobs, ...options });
  return { runner, mailer: createQueuedMailer(deps.db, runner) };
}
