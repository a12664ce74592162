import { z } from 'zod';

/** What the notification calls answer when they refuse, in pt-BR. */
export const notificationMessages = {
  notFound: 'Notificação não encontrada.',
  readInvalid: 'Informe read como verdadeiro (true) ou falso (false).',
  markInvalid: 'Envie read: true para marcar a notificação como lida.',
} as const;

/** PATCH notification/{id}/: read or unread again. */
export const NotificationReadChangeSchema = z.object({
  read: z.boolean({ error: notificationMessages.readInvalid }),
});
export type NotificationReadChange = z.infer<typeof NotificationReadChangeSchema>;

/** PATCH notifications/{id}/mark/: a planner's notification is only ever marked read. */
export const NotificationMarkSchema = z.object({
  read: z.literal(true, { error: notificationMessages.markInvalid }),
});

/** The live stream's topics: which lists a browser should read again. Never content. */
export const liveTopics = ['notifications', 'chat', 'planner-chat', 'tasks'] as const;
export type LiveTopic = (typeof liveTopics)[number];
