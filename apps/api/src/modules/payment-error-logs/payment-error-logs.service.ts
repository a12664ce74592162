import { removeCardData } from '@prumo/domain/payments/card-data-redaction';
import type { AppDependencies } from '../../dependencies';
import type { Caller } from '../../plugins/authentication';
import { deletePaymentErrorLogsBefore, insertPaymentErrorLog } from './payment-error-logs.repo';

/** How long support can read a report: long enough to answer a complaint, no longer. */
export const paymentErrorLogRetentionDays = 90;

export interface PaymentErrorReport {
  type: string;
  error?: unknown;
  request?: unknown;
}

/** A report as stored and logged: card data removed from every part. */
export interface CleanPaymentErrorReport {
  id: number;
  type: string;
  error: unknown;
  request: unknown;
}

/**
 * Stores what the web app reports about a failed payment under the caller's organization and user.
 * Card data is removed before anything is written, so no card number or security code ever
 * reaches the table (nor the log line the route writes from the answer).
 */
export async function recordPaymentError(
  deps: Pick<AppDependencies, 'db'>,
  caller: Caller,
  report: PaymentErrorReport,
): Promise<CleanPaymentErrorReport> {
  const clean = {
    type: String(removeCardData(report.type)),
    error: removeCardData(report.error ?? null),
    request: report.request === undefined ? null : removeCardData(report.request),
  };
  const row = await insertPaymentErrorLog(deps.db, {
    organizationId: caller.organizationId,
    userId: caller.userId,
    ...clean,
  });
  return { id: row.id, ...clean };
}

/** The reports older than the retention, removed (the daily cleanup). */
export async function removeOldPaymentErrorLogs(db: AppDependencies['db'], now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - paymentErrorLogRetentionDays * 24 * 60 * 60 * 1000);
  return deletePaymentErrorLogsBefore(db, cutoff);
}
