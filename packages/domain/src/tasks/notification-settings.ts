import { z } from 'zod';

/**
 * Notices settings (channels, notificationTrigger; ADR 5): where a user hears of new
 * tasks and notices, and which of them.
 */

/** in_app: the bell's count of new tasks; email: a message when someone else creates a task for you. */
export const notificationChannels = ['in_app', 'email'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** all: every task and notice; notices: only notices (tasks still show in the tasks screen). */
export const notificationTriggers = ['all', 'notices'] as const;
export type NotificationTrigger = (typeof notificationTriggers)[number];

export const notificationChannelLabels: Record<NotificationChannel, string> = {
  in_app: 'Na plataforma (sino de avisos)',
  email: 'Por e-mail',
};

export const notificationTriggerLabels: Record<NotificationTrigger, string> = {
  all: 'Todas as tarefas e avisos',
  notices: 'Somente avisos',
};

export const notificationSettingsMessages = {
  channelInvalid: 'Canal inválido: use in_app ou email.',
  channelsInvalid: 'Envie os canais como uma lista.',
  triggerInvalid: 'Opção inválida: use all ou notices.',
  saved: 'Preferências de avisos salvas',
} as const;

export const defaultNotificationSettings = {
  channels: ['in_app', 'email'] as NotificationChannel[],
  notificationTrigger: 'all' as NotificationTrigger,
};

/** PATCH notification_settings/: either field, or both; repeated channels count once. */
export const NotificationSettingsChangeSchema = z.object({
  channels: z
    .array(z.enum(notificationChannels, { error: notificationSettingsMessages.channelInvalid }), {
      error: notificationSettingsMessages.channelsInvalid,
    })
    .transform((channels) => notificationChannels.filter((channel) => channels.includes(channel)))
    .optional(),
  notificationTrigger: z.enum(notificationTriggers, { error: notificationSettingsMessages.triggerInvalid }).optional(),
});
export type NotificationSettingsChange = z.infer<typeof NotificationSettingsChangeSchema>;

export interface NotificationSettings {
  channels: NotificationChannel[];
  notificationTrigger: NotificationTrigger;
}

/** Whether a task (or, with isNotice, a notice) someone else created reaches the user by e-mail. */
export function shouldEmailNewTask(settings: NotificationSettings, isNotice: boolean): boolean {
  if (!settings.channels.includes('email')) return false;
  return settings.notificationTrigger === 'all' || isNotice;
}

/** Whether the bell counts a task: the in_app channel is on, and the trigger covers it. */
export function shouldCountInBell(settings: NotificationSettings, isNotice: boolean): boolean {
  if (!settings.channels.includes('in_app')) return false;
  return settings.notificationTrigger === 'all' || isNotice;
}
