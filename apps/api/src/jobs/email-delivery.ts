import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Mailer } from '../adapters/mailer';
import type { Database } from '../db/database';
import { outgoingEmails } from '../db/schema';
import { defineJob, type JobDefinition } from './define-job';
import type { JobRunner } from './job-runner';

const EmailDeliverySchema = z.object({ messageId: z.uuid() });
type EmailDelivery = z.infer<typeof EmailDeliverySchema>;

/**
 * Delivers one queued e-mail through the app's transport (SMTP or the .eml outbox). A failing transport is
 * retried with a growing delay (about 15 s, 30 s, 1 min… for two hours in all). The message is
 * locked while it is sent and deleted in the same transaction, so a retry, or a second process,
 * finds nothing left to send once one delivery went through.
 */
export const emailDeliveryJob: JobDefinition<EmailDelivery> = defineJob({
  name: 'send-email',
  schema: EmailDeliverySchema,
  retry: { limit: 8, delaySeconds: 15, backoff: true },
  expireInSeconds: 120,
  async handle({ messageId }, { deps, log }) {
    const delivered = await deps.db.transaction(async (transaction) => {
      // NOWAIT: while another try still holds the message, this one fails and comes back later.
      const [message] = await transaction
        .select()
        .from(outgoingEmails)
        .where(eq(outgoingEmails.id, messageId))
        .for('update', { noWait: true });
      if (!message) return null;
      await deps.mailer.send({
        fromName: message.fromName,
        to: message.recipient,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
      });
      await transaction.delete(outgoingEmails).where(eq(outgoingEmails.id, messageId));
      return message;
    });
    // Never the body: it carries live sign-in and reset links.
    if (delivered) log.info({ to: delivered.recipient, subject: delivered.subject }, 'e-mail delivered');
  },
});

/**
 * The mailer the services call: it keeps the message and queues its delivery, so a slow or
 * failing mail server never holds up or fails the request that wrote it.
 */
export function createQueuedMailer(db: Database, jobs: JobRunner): Mailer {
  return {
    async send(message) {
      const messageId = randomUUID();
      await db.insert(outgoingEmails).values({
        id: messageId,
        recipient: message.to,
        fromName: message.fromName,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
      });
      await jobs.send(emailDeliveryJob, { messageId }, { id: messageId });
    },
  };
}

/** A message still here a day later outlived all its retries: its links have expired too. */
export async function removeUndeliveredEmails(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const removed = await db.delete(outgoingEmails).where(lt(outgoingEmails.createdAt, cutoff));
  return removed.rowCount ?? 0;
}
