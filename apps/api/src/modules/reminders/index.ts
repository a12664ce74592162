/** The reminders module's public face: the bill reminders' routes, and the daily job that sends them. */
export { billReminderNoticesJob } from './reminder-notices';
export { registerReminderRoutes } from './reminders.routes';
