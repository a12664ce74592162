import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { notificationDeliveries, notifications, profiles, users } from '../../db/schema';
import { publishLiveEvent } from '../live/index';
import { findNotificationSettings } from '../notification-settings/index';
import { hasPushDevice } from '../push/index';

type Executor = Database | Transaction;

/**
 * The channels a notification is sent on beyond the app, each with a sender in
 * notification-deliveries.ts: e-mail where the settings choose it, push to the devices the user
 * switched push on for (registering a device is that choice).
 */
export const deliveryChannels = ['email', 'push'] as const;
export type DeliveryChannel = (typeof deliveryChannels)[number];

export interface NotificationEvent {
  /** Who is told. */
  userId: number;
  /** Names the event once for this user (`task:123:assigned`): raising it again adds nothing. */
  eventKey: string;
  /** `task`: a task given to the client; `notice`: anything else (the `notices` trigger keeps only these). */
  kind: 'task' | 'notice';
  title: string;
  body: string;
  /** The screen it leads to, below the organization's app root (`tarefas-e-avisos`). */
  screen?: string | null;
  /** The client it is about, when someone else (their planner) is told. */
  clientUserId?: number | null;
  insightId?: number | null;
  generatedAt?: Date | null;
  additionalInfo?: string | null;
  /** Channels the event's own module already covers (the task and bill-reminder e-mails): not sent again. */
  sentElsewhere?: readonly DeliveryChannel[];
}

/**
 * Records a notification for the event inside the event's own transaction: it exists exactly when
 * the event does, once per user and event key (a unique index, so a retry or a race adds nothing).
 * The in-app row is always written; a delivery row per other channel the user's settings ask for
 * is worked by the `notification-deliveries` job. The user's open streams are told at commit.
 * Answers the new notification's id, or null when the event was raised already.
 */
export async function raiseNotification(db: Executor, event: NotificationEvent): Promise<number | null> {
  const [recipient] = await db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, event.userId));
  if (!recipient) return null;
  // The app's clock, not the database's: delivery times follow the same clock as the jobs that read them.
  const now = new Date();
  const [created] = await db
    .insert(notifications)
    .values({
      organizationId: recipient.organizationId,
      userId: event.userId,
      clientUserId: event.clientUserId ?? null,
      eventKey: event.eventKey,
      kind: event.kind,
      title: event.title,
      body: event.body,
      link: event.screen ?? null,
      insightId: event.insightId ?? null,
      generatedAt: event.generatedAt ?? null,
      additionalInfo: event.additionalInfo ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (!created) return null;
  const settings = await findNotificationSettings(db, event.userId);
  const covered = settings.notificationTrigger === 'all' || event.kind === 'notice';
  const chosen: Record<DeliveryChannel, boolean> = {
    email: settings.channels.includes('email'),
    push: covered && (await hasPushDevice(db, event.userId)),
  };
  const channels = deliveryChannels.filter(
    (channel) => covered && chosen[channel] && !event.sentElsewhere?.includes(channel),
  );
  if (channels.length > 0) {
    await db
      .insert(notificationDeliveries)
      .values(channels.map((channel) => ({ notificationId: created.id, channel, nextAttemptAt: now, createdAt: now })))
      .onConflictDoNothing();
  }
  await publishLiveEvent(db, { userIds: [event.userId], topic: 'notifications' });
  return created.id;
}

/** The planner who advises a client, if any: who hears of what the client does. */
export async function findPlannerOfClient(db: Executor, clientUserId: number): Promise<number | null> {
  const [profile] = await db
    .select({ plannerUserId: profiles.plannerUserId })
    .from(profiles)
    .where(and(eq(profiles.userId, clientUserId), eq(profiles.accessLevel, 'client')));
  return profile?.plannerUserId ?? null;
}
