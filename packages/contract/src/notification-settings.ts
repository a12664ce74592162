import { notificationChannels, notificationTriggers } from '@prumo/domain/tasks/notification-settings';
import { z } from 'zod';

/** Where a user hears of new tasks and notices, and which of them (the defaults until they change them). */
export const NotificationSettingsSchema = z.object({
  channels: z.array(z.enum(notificationChannels)),
  notificationTrigger: z.enum(notificationTriggers),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
