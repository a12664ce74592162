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

/**
 * Applies a partial change over what the user has (or the defaults) in one statement that writes
 * only the fields sent: two changes of different fields at once both stay.
 */
export async function saveNotificationSettings(
  db: Database,
  userId: number,
  change: NotificationSettingsChange,
): Promise<NotificationSettings> {
  const [saved] = await db
    .insert(notificationSettings)
    .values({
      userId,
      channels: change.channels ?? [...defaultNotificationSettings.channels],
      notificationTrigger: change.notificationTrigger ?? defaultNotificationSettings.notificationTrigger,
    })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: {
        ...(change.channels ? { channels: change.channels } : {}),
        ...(change.notificationTrigger ? { notificationTrigger: change.notificationTrigger } : {}),
        updatedAt: new Date(),
      },
    })
    .returning({
      channels: notificationSettings.channels,
      notificationTrigger: notificationSettings.notificationTrigger,
    });
  if (!saved) throw new Error('notification settings not saved');
  return saved;
}
