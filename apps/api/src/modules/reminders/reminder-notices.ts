import { findTodayInBrazil } from '@prumo/domain/br/date';
import { formatCents } from '@prumo/domain/money/cents';
import { convertDayToNumber, convertNumberToDay } from '@prumo/domain/reminders/bill-matching';
import { describeDueDay, findLastDayToRemind, findOccurrencesToRemind } from '@prumo/domain/reminders/reminder-notices';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { defineJob, type JobDefinition, type JobLog } from '../../jobs/define-job';
import { createQueuedMailer } from '../../jobs/email-delivery';
import type { JobRunner } from '../../jobs/job-runner';
import { buildClientOwnScope } from '../../lib/scope';
import { findPublicOrigin, sendBrandedEmail } from '../accounts/index';
import { findNotificationSettings } from '../notification-settings/index';
import { raiseNotification } from '../notifications/index';
import { findOrganizationById, type OrganizationWithFeatures } from '../organizations/index';
import { claimReminderNotice, findBillReminders, findRemindersToNotify, type ReminderToNotify } from './reminders.repo';
import { matchReminderPayments } from './reminders.service';

/** Occurrences are listed for three years from the first date (ADR 19): older first dates have none left. */
const occurrenceHorizonDays = 3 * 366;

/** Where the e-mail's button leads: Fluxo futuro, where reminders are shown, when the organization has it. */
function buildReminderLink(deps: AppDependencies, organization: OrganizationWithFeatures): string {
  const screen = organization.featureCodes.includes('future_flow') ? 'fluxo-futuro' : 'dashboard';
  return `${findPublicOrigin(deps)}/app/${organization.organization.slug}/${screen}`;
}

async function emailReminder(
  deps: AppDependencies,
  log: JobLog,
  organization: OrganizationWithFeatures,
  found: ReminderToNotify,
  occurrenceDate: string,
  today: string,
): Promise<void> {
  const { reminder } = found;
  const due = describeDueDay(occurrenceDate, today);
  const amount = reminder.amountCents ? `, no valor de ${formatCents(reminder.amountCents)}` : '';
  await sendBrandedEmail(deps, { log }, organization.organization, found.client, {
    subject: `Lembrete: ${reminder.title} vence ${due} — ${organization.organization.name}`,
    lead: `Sua conta "${reminder.title}" vence ${due}${amount}. Ainda não encontramos o pagamento no seu fluxo de caixa.`,
    action: 'Ver no Prumo',
    link: buildReminderLink(deps, organization),
    note: 'Você recebe este aviso porque o lembrete está ligado. Para não recebê-lo mais, desligue o aviso do lembrete ou o canal e-mail na tela Avisos e importações.',
  });
}

/**
 * Sends, by e-mail, each unpaid occurrence of an ACTIVE reminder with `user_reminder` on that falls
 * due from today to three days ahead, once: the record of each sending (`bill_reminder_notices`,
 * keyed by reminder, date and channel) is written in the transaction that queues the e-mail, so a
 * rerun or a second process sends nothing twice, and a failed queueing leaves nothing recorded.
 * A client whose notice settings leave out e-mail gets no e-mail, but every client gets the
 * notification in the app, once per occurrence. Answers how many e-mails were queued.
 */
export async function sendDueReminderNotices(
  deps: AppDependencies,
  jobs: JobRunner,
  log: JobLog,
  now: Date,
): Promise<number> {
  const today = findTodayInBrazil(now);
  const lastDay = findLastDayToRemind(today);
  const earliestFirstDate = convertNumberToDay(convertDayToNumber(lastDay) - occurrenceHorizonDays);
  const found = await findRemindersToNotify(deps.db, lastDay, earliestFirstDate);
  const queuing: AppDependencies = { ...deps, mailer: createQueuedMailer(deps.db, jobs) };
  const organizations = new Map<number, OrganizationWithFeatures | null>();
  let sent = 0;
  for (const clientUserId of new Set(found.map((item) => item.reminder.clientUserId))) {
    const ofClient = found.filter((item) => item.reminder.clientUserId === clientUserId);
    const first = ofClient[0] as ReminderToNotify;
    // E-mail only where the settings ask for it; the notification in the app is everyone's.
    const emails = (await findNotificationSettings(deps.db, clientUserId)).channels.includes('email');
    const organizationId = first.reminder.organizationId;
    if (!organizations.has(organizationId)) {
      organizations.set(organizationId, await findOrganizationById(deps.db, organizationId));
    }
    const organization = organizations.get(organizationId);
    if (!organization) continue;
    const scope = buildClientOwnScope(
      {
        organizationId: first.reminder.organizationId,
        organizationSlug: organization.organization.slug,
        clientUserId: first.reminder.clientUserId,
        features: organization.featureCodes,
      },
      now,
    );
    // Every reminder of the client, as their list reads them: a line pays one reminder only.
    const payments = await matchReminderPayments(deps, scope, await findBillReminders(deps.db, scope));
    for (const item of ofClient) {
      for (const occurrenceDate of findOccurrencesToRemind(payments.get(item.reminder.id) ?? [], today)) {
        const queued = await deps.db.transaction(async (transaction) => {
          const claimed =
            emails &&
            (await claimReminderNotice(transaction, {
              reminderId: item.reminder.id,
              occurrenceDate,
              channel: 'email',
            }));
          if (claimed) await emailReminder(queuing, log, organization, item, occurrenceDate, today);
          // Once per occurrence by its event key, however often the job runs.
          await raiseNotification(transaction, {
            userId: clientUserId,
            eventKey: `bill-reminder:${item.reminder.id}:${occurrenceDate}:due`,
            kind: 'notice',
            title: 'Conta a vencer',
            body: `Sua conta "${item.reminder.title}" vence ${describeDueDay(occurrenceDate, today)}.`,
            screen: organization.featureCodes.includes('future_flow') ? 'fluxo-futuro' : 'dashboard',
            // The reminder's e-mail above is this notification's.
            sentElsewhere: ['email'],
          });
          return claimed;
        });
        if (queued) sent += 1;
      }
    }
  }
  return sent;
}

const BillReminderNoticesSchema = z.object({});

/** Every morning at 8 in Brazil, when people read their e-mail before paying the day's bills. */
export const billReminderNoticesJob: JobDefinition<z.infer<typeof BillReminderNoticesSchema>> = defineJob({
  name: 'bill-reminder-notices',
  schema: BillReminderNoticesSchema,
  schedule: () => '0 8 * * *',
  retry: { limit: 3, delaySeconds: 300, backoff: false },
  async handle(_data, { deps, jobs, log }) {
    const sent = await sendDueReminderNotices(deps, jobs, log, new Date());
    log.info({ sent }, 'bill reminders sent');
  },
});
