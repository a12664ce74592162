/** The notification-settings module's public face: its routes, and each user's settings for whoever notifies them. */
export { findNotificationSettings } from './notification-settings.repo';
export { registerNotificationSettingsRoutes } from './notification-settings.routes';
