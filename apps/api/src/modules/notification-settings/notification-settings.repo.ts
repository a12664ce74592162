import {
  defaultNotificationSettings,
  type NotificationSettings,
  type NotificationSettingsChange,
} from '@prumo/domain/tasks/notification-settings';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { notificationSettings } from '../../db/schema';

type Executor = Database | Transaction;

/** The user's settings, or the defaults when they never changed them. */
export async function findNotificationSettings(db: Executor, userId: number): Promise<NotificationSettings> {
  const [row] = await db
    .select({ channels: notificationSettings.channels, notificationTrigger: notificationSettings.notificationTrigger })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? { ...defaultNotificationSettings, channels: [...defaultNotificationSettings.channels] };
}

/** Applies a partial change over what the user has (or the defaults), in one transaction. */
export async function saveNotificationSettings(
  db: Database,
  userId: number,
  change: NotificationSettingsChange,
): Promise<NotificationSettings> {
  return db.transaction(async (transaction) => {
    const current = await findNotificationSettings(transaction, userId);
    const next = {
      channels: change.channels ?? current.channels,
      notificationTrigger: change.notificationTrigger ?? current.notificationTrigger,
    };
    await transaction
      .insert(notificationSettings)
      .values({ userId, ...next })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...next, updatedAt: new Date() } });
    return next;
  });
}
