/**
 * The notifications module's public face: how any module tells someone of an event
 * (`raiseNotification`, inside the event's transaction), the delivery job, and the bell's calls.
 */
export { deliverDueNotifications, notificationDeliveriesJob } from './notification-deliveries';
export { registerNotificationRoutes } from './notifications.routes';
export {
  findPlannerOfClient,
  type NotificationEvent,
  raiseNotification,
  raiseNotifications,
} from './raise-notification';
