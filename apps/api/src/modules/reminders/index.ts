/**
 * The reminders module's public face: the bill reminders' routes, their list (the home page's next
 * bills), and the daily job that sends them.
 */
export { billReminderNoticesJob } from './reminder-notices';
export { registerReminderRoutes } from './reminders.routes';
export { listReminders } from './reminders.service';
