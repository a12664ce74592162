import type { z } from 'zod';
import type { AppConfig } from '../config';
import type { AppDependencies } from '../dependencies';
import type { JobRunner } from './job-runner';

/** Where a job writes what happened; never its data, which may carry secrets (an e-mail's links). */
export interface JobLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface JobContext {
  /** The app's dependencies; `deps.mailer` delivers for real (it does not queue). */
  deps: AppDependencies;
  jobId: string;
  /** 1 on the first try, 2 on the first retry… */
  attempt: number;
  processId: string;
  log: JobLog;
  /** The runner the job runs on: a job that sends e-mail queues it through here (createQueuedMailer). */
  jobs: JobRunner;
}

export interface JobRetryPolicy {
  /** Retries after the first try. */
  limit: number;
  delaySeconds: number;
  /** Doubles the delay at each retry (with some randomness, so retries of many jobs spread out). */
  backoff: boolean;
}

export interface JobDefinition<Data> {
  /** The queue's name: letters, digits, dashes. */
  name: string;
  schema: z.ZodType<Data>;
  retry: JobRetryPolicy;
  /** A try still running after this long is failed and retried. */
  expireInSeconds: number;
  /** The cron schedule (in America/Sao_Paulo time) on which the job is sent with `{}` as its data. */
  schedule?: (config: AppConfig) => string;
  debounce?: JobDebounce<Data>;
  /** Calls services, never HTTP; throws to be retried. */
  handle(data: Data, context: JobContext): Promise<void>;
}

/**
 * One run per window of `seconds` for the same key: the first send of a window runs now; later
 * sends in it make the next window's run, which starts as that window opens and sees everything
 * they changed. Each key's windows are shifted by a moment of its own, so keys do not all start
 * their runs in the same second.
 */
export interface JobDebounce<Data> {
  seconds: number;
  key: (data: Data) => string;
}

const defaultRetry: JobRetryPolicy = { limit: 3, delaySeconds: 30, backoff: true };

/**
 * A job any feature can send (`app.jobs.send(job, data)`) or schedule, once listed in
 * app-jobs.ts: its data is checked with `schema` when sent and again when run, so a handler only
 * ever sees data of its own shape.
 */
export function defineJob<Data>(definition: {
  name: string;
  schema: z.ZodType<Data>;
  retry?: JobRetryPolicy;
  expireInSeconds?: number;
  schedule?: (config: AppConfig) => string;
  debounce?: JobDebounce<Data>;
  handle(data: Data, context: JobContext): Promise<void>;
}): JobDefinition<Data> {
  return { retry: defaultRetry, expireInSeconds: 15 * 60, ...definition };
}
