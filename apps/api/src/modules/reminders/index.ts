/** The reminders module's public face: the bill reminders' routes and their list (the home page's next bills). */
export { registerReminderRoutes } from './reminders.routes';
export { listReminders } from './reminders.service';
