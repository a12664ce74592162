import type { PushTokenAnswer, WebPushKey } from '@prumo/contract/help';
import { requestApi } from '../../../lib/api-client';

/** GET push/web-push-key/: the public key browsers subscribe with (VAPID). */
export function getWebPushKey(): Promise<WebPushKey> {
  return requestApi<WebPushKey>('push/web-push-key/', { silent: true });
}

/** POST firebase/fcm/add-token: this device's token for the signed-in user. */
export function addPushToken(token: string): Promise<PushTokenAnswer> {
  return requestApi('firebase/fcm/add-token', { method: 'POST', body: { token }, silent: true });
}

/** DELETE firebase/fcm/remove-token: this device stops receiving the user's notifications. */
export function removePushToken(token: string): Promise<null> {
  return requestApi('firebase/fcm/remove-token', { method: 'DELETE', body: { token }, silent: true });
}
