import { readSignInTime } from '../../../lib/storage';
import { addPushToken, getWebPushKey, removePushToken } from './push-tokens';

/** The service worker the API serves at the root of the origin (it controls every page). */
export const pushServiceWorkerUrl = '/push-service-worker.js';
/**
 * The last token sent, with its user and sign-in: the server keeps a device for the session that
 * sent it, so a new sign-in sends it again.
 */
const sentTokenKey = 'pushTokenSent';

export function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const bytes = atob(base64);
  const result = new Uint8Array(new ArrayBuffer(bytes.length));
  for (let index = 0; index < bytes.length; index++) result[index] = bytes.charCodeAt(index);
  return result;
}

function readSentToken(): string | null {
  try {
    return window.localStorage.getItem(sentTokenKey);
  } catch {
    return null;
  }
}

function writeSentToken(value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(sentTokenKey);
    else window.localStorage.setItem(sentTokenKey, value);
  } catch {
    // Storage refused: the token is sent again next time, which is harmless.
  }
}

async function findSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.register(pushServiceWorkerUrl, { scope: '/' });
  await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  const { publicKey } = await getWebPushKey();
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: decodeBase64Url(publicKey),
  });
}

/**
 * With the browser's permission granted, makes sure the user's token for this device is on the
 * server: sent only when it, the user or the session changed since the last time.
 */
export async function syncPushToken(userId: number): Promise<boolean> {
  if (!isPushSupported() || Notification.permission !== 'granted') return false;
  const subscription = await findSubscription();
  if (!subscription) return false;
  const token = JSON.stringify(subscription.toJSON());
  const record = `${userId}:${readSignInTime() ?? ''}:${token}`;
  if (readSentToken() === record) return true;
  await addPushToken(token);
  writeSentToken(record);
  return true;
}

/** Asks the browser's permission, then registers this device. */
export async function enablePush(userId: number): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission === 'granted') await syncPushToken(userId);
  return permission;
}

/** This device stops receiving notifications: the subscription ends and the server forgets it. */
export async function disablePush(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    const token = JSON.stringify(subscription.toJSON());
    await subscription.unsubscribe();
    try {
      await removePushToken(token);
    } catch {
      // Already gone on the server (another user took the device, or it was reported gone).
    }
  }
  writeSentToken(null);
}

export async function isPushEnabledHere(): Promise<boolean> {
  if (!isPushSupported() || Notification.permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return Boolean(await registration?.pushManager.getSubscription());
}
