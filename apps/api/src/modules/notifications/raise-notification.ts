import type { NotificationSettings } from '@prumo/domain/tasks/notification-settings';
import { and, eq, inArray } from 'drizzle-orm';
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
  const [id] = await raiseNotifications(db, [event]);
  return id ?? null;
}

/**
 * `raiseNotification` for several events at once (a client's insights of a morning, each told to
 * the client and the planner) in a few statements whatever their number: the ids in the events'
 * order, null where an event was raised already or its user is gone.
 */
export async function raiseNotifications(
  db: Executor,
  events: readonly NotificationEvent[],
): Promise<(number | null)[]> {
  if (events.length === 0) return [];
  const userIds = [...new Set(events.map((event) => event.userId))];
  const recipients = await db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(users)
    .where(inArray(users.id, userIds));
  const organizationOfUser = new Map(recipients.map((recipient) => [recipient.id, recipient.organizationId]));
  const told = events.filter((event) => organizationOfUser.has(event.userId));
  if (told.length === 0) return events.map(() => null);
  // The app's clock, not the database's: delivery times follow the same clock as the jobs that read them.
  const now = new Date();
  const created = await db
    .insert(notifications)
    .values(
      told.map((event) => ({
        organizationId: organizationOfUser.get(event.userId) as number,
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
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id, userId: notifications.userId, eventKey: notifications.eventKey });
  if (created.length === 0) return events.map(() => null);
  const createdId = new Map(created.map((row) => [`${row.userId}|${row.eventKey}`, row.id]));
  const deliveries: (typeof notificationDeliveries.$inferInsert)[] = [];
  const channelsOfUser = new Map<number, { settings: NotificationSettings; hasDevice: boolean }>();
  for (const event of told) {
    const id = createdId.get(`${event.userId}|${event.eventKey}`);
    if (id === undefined) continue;
    let user = channelsOfUser.get(event.userId);
    if (!user) {
      user = {
        settings: await findNotificationSettings(db, event.userId),
        hasDevice: await hasPushDevice(db, event.userId),
      };
      channelsOfUser.set(event.userId, user);
    }
    const covered = user.settings.notificationTrigger === 'all' || event.kind === 'notice';
    const chosen: Record<DeliveryChannel, boolean> = {
      email: user.settings.channels.includes('email'),
      push: user.hasDevice,
    };
    for (const channel of deliveryChannels) {
      if (covered && chosen[channel] && !event.sentElsewhere?.includes(channel)) {
        deliveries.push({ notificationId: id, channel, nextAttemptAt: now, createdAt: now });
      }
    }
  }
  if (deliveries.length > 0) await db.insert(notificationDeliveries).values(deliveries).onConflictDoNothing();
  await publishLiveEvent(db, { userIds: created.map((row) => row.userId), topic: 'notifications' });
  return events.map((event) => createdId.get(`${event.userId}|${event.eventKey}`) ?? null);
}

/** The planner who advises a client, if any: who hears of what the client does. */
export async function findPlannerOfClient(db: Executor, clientUserId: number): Promise<number | null> {
  const [profile] = await db
    .select({ plannerUserId: profiles.plannerUserId })
    .from(profiles)
    .where(and(eq(profiles.userId, clientUserId), eq(profiles.accessLevel, 'client')));
  return profile?.plannerUserId ?? null;
}
