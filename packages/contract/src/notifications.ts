import { liveTopics } from '@prumo/domain/notifications/notifications';
import { z } from 'zod';
import { buildPageSchema } from './common';

/** What a notification says and what it is about (`client_name` when it concerns one of a planner's clients). */
export const NotificationDataSchema = z.object({
  client_name: z.string().nullable(),
  insight_id: z.number().int().nullable(),
  generated_at: z.string().nullable(),
  additional_info: z.string().nullable(),
  /** Where following it leads inside the app, or null. */
  link: z.string().nullable(),
});

export const NotificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  timestamp: z.string(),
  read: z.boolean(),
  data: NotificationDataSchema,
});
export type Notification = z.infer<typeof NotificationSchema>;

/** A page of notifications, newest first, with how many are still unread (the bell's badge). */
export const NotificationPageSchema = buildPageSchema(NotificationSchema).extend({ unread: z.number().int() });
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/** POST notification/read-all/: how many unread notifications it marked read. */
export const NotificationsReadSchema = z.object({ marked: z.number().int() });
export type NotificationsRead = z.infer<typeof NotificationsReadSchema>;

/** POST live/ticket/: a single-use ticket that opens the live stream within `expires_in` seconds. */
export const LiveTicketSchema = z.object({ ticket: z.string(), expires_in: z.number().int() });
export type LiveTicket = z.infer<typeof LiveTicketSchema>;

/** One event on the live stream: which lists to read again, never what changed. */
export const LiveEventSchema = z.object({ topic: z.enum(liveTopics) });
export type LiveEvent = z.infer<typeof LiveEventSchema>;
