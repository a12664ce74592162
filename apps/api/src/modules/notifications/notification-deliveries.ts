import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Transaction } from '../../db/database';
import { notificationDeliveries, notifications, users } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { defineJob, type JobDefinition, type JobLog } from '../../jobs/define-job';
import { findPublicOrigin, sendBrandedEmail } from '../accounts/index';
import { findOrganizationById } from '../organizations/index';
import { sendPushToUser } from '../push/index';
import type { DeliveryChannel } from './raise-notification';

/** Tries per delivery: the first, then retries after about 15 s, 30 s, 1 min… (two hours in all). */
export const maximumDeliveryAttempts = 9;
const firstRetrySeconds = 15;
const deliveriesPerRun = 50;

interface DeliveryContext {
  deps: AppDependencies;
  log: JobLog;
  transaction: Transaction;
  notification: typeof notifications.$inferSelect;
}

/** The notification's screen on Prumo's public origin (never a request's Host). */
function buildLink(deps: AppDependencies, slug: string, screen: string | null): string {
  return `${findPublicOrigin(deps)}/app/${slug}/${screen ?? 'notificacoes'}`;
}

/** How each channel sends; a sender that throws is tried again later (the delivery stays pending). */
const senders: Record<DeliveryChannel, (context: DeliveryContext) => Promise<void>> = {
  async email({ deps, log, transaction, notification }) {
    const [recipient] = await transaction
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, notification.userId));
    const found = await findOrganizationById(deps.db, notification.organizationId);
    if (!recipient || !found) return;
    const { organization } = found;
    await sendBrandedEmail(deps, { log }, organization, recipient, {
      subject: `${notification.title} — ${organization.name}`,
      lead: notification.body,
      action: 'Ver no Prumo',
      link: buildLink(deps, organization.slug, notification.link),
      note: 'Você pode escolher como receber avisos na tela Avisos e importações.',
    });
  },
  async push({ deps, notification }) {
    const found = await findOrganizationById(deps.db, notification.organizationId);
    if (!found) return;
    const { sent, failed } = await sendPushToUser(deps, notification.userId, {
      title: notification.title,
      body: notification.body,
      url: `/app/${found.organization.slug}/${notification.link ?? 'notificacoes'}`,
    });
    // Tried again only when no device took it: a retry goes to every device, and none gets it twice.
    if (sent === 0 && failed > 0) throw new Error(`push not taken by any of ${failed} device(s)`);
  },
};

/**
 * Sends each delivery due now once. The row is locked while its channel sends (another process
 * skips it) and marked sent in the same transaction, so a retry finds nothing left to send. A
 * failed try is counted and tried again later with a doubling delay, then left as failed.
 */
export async function deliverDueNotifications(deps: AppDependencies, log: JobLog, now: Date) {
  const due = await deps.db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.status, 'pending'), lte(notificationDeliveries.nextAttemptAt, now)))
    .orderBy(asc(notificationDeliveries.nextAttemptAt))
    .limit(deliveriesPerRun);
  let sent = 0;
  let failed = 0;
  for (const { id } of due) {
    try {
      const delivered = await deps.db.transaction(async (transaction) => {
        const [found] = await transaction
          .select({ delivery: notificationDeliveries, notification: notifications })
          .from(notificationDeliveries)
          .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
          .where(and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.status, 'pending')))
          .for('update', { of: notificationDeliveries, skipLocked: true });
        if (!found) return false;
        const send = senders[found.delivery.channel as DeliveryChannel];
        if (!send) return false;
        await send({ deps, log, transaction, notification: found.notification });
        await transaction
          .update(notificationDeliveries)
          .set({ status: 'sent', sentAt: now, attempts: sql`${notificationDeliveries.attempts} + 1` })
          .where(eq(notificationDeliveries.id, id));
        return true;
      });
      if (delivered) sent += 1;
    } catch (error) {
      failed += 1;
      log.error({ deliveryId: id, error: (error as Error).message }, 'notification not delivered');
      await deps.db
        .update(notificationDeliveries)
        .set({
          attempts: sql`${notificationDeliveries.attempts} + 1`,
          status: sql`case when ${notificationDeliveries.attempts} + 1 >= ${maximumDeliveryAttempts} then 'failed'::notification_delivery_status else 'pending'::notification_delivery_status end`,
          nextAttemptAt: sql`${now.toISOString()}::timestamptz + make_interval(secs => ${firstRetrySeconds} * power(2, ${notificationDeliveries.attempts}))`,
          lastError: (error as Error).message.slice(0, 500),
        })
        .where(eq(notificationDeliveries.id, id));
    }
  }
  return { sent, failed };
}

const NotificationDeliveriesSchema = z.object({});

/** Every minute: a notification's e-mail leaves within a minute of its event. */
export const notificationDeliveriesJob: JobDefinition<z.infer<typeof NotificationDeliveriesSchema>> = defineJob({
  name: 'notification-deliveries',
  schema: NotificationDeliveriesSchema,
  schedule: () => '* * * * *',
  retry: { limit: 1, delaySeconds: 30, backoff: false },
  expireInSeconds: 300,
  async handle(_data, { deps, log }) {
    const result = await deliverDueNotifications(deps, log, new Date());
    if (result.sent > 0 || result.failed > 0) log.info(result, 'notifications delivered');
  },
});
