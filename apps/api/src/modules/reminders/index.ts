/** The reminders module's public face: the bill reminders' routes. */
export { registerReminderRoutes } from './reminders.routes';
