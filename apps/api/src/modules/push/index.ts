/** Push notifications' public face: the device routes, and sending to a user's devices. */
export { registerPushRoutes } from './push.routes';
export { sendPushToUser } from './push.service';
export { hasPushDevice } from './push-tokens.repo';
export { ensureVapidKeys } from './vapid-keys';
