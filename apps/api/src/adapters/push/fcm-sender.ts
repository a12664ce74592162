import { readFileSync } from 'node:fs';
import type { PushMessage, PushOutcome, PushSender } from './push-sender';

/** The part of firebase-admin's Messaging Prumo uses (tests give a fake of their own). */
export interface FcmMessaging {
  send(message: {
    token: string;
    notification: { title: string; body: string };
    data: Record<string, string>;
    webpush?: { fcmOptions?: { link?: string } };
  }): Promise<string>;
}

/** FCM's codes for a token that will never work again: delete it. */
const goneCodes = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);

export function createFcmSender(messaging: FcmMessaging): PushSender {
  return {
    async send(token: string, message: PushMessage): Promise<PushOutcome> {
      try {
        await messaging.send({
          token,
          notification: { title: message.title, body: message.body },
          data: { url: message.url },
        });
        return 'sent';
      } catch (error) {
        const code =
          (error as { code?: unknown; errorInfo?: { code?: unknown } }).errorInfo?.code ??
          (error as { code?: unknown }).code;
        return typeof code === 'string' && goneCodes.has(code) ? 'gone' : 'failed';
      }
    },
  };
}

/** Makes Firebase's messaging for a service account (tests give a fake of their own). */
export type CreateFcmMessaging = (serviceAccount: string, appName: string) => Promise<FcmMessaging>;

/**
 * Firebase's messaging for a service account: its JSON, or the path of its file. One Firebase app
 * per name (the instance's, or an organization's), named so another library's default app is left
 * alone. Loaded only when configured: firebase-admin is large, and most instances use Web Push alone.
 */
export const createFirebaseMessaging: CreateFcmMessaging = async (serviceAccount, name) => {
  const { cert, getApps, initializeApp } = await import('firebase-admin/app');
  const { getMessaging } = await import('firebase-admin/messaging');
  const text = serviceAccount.trim().startsWith('{') ? serviceAccount : readFileSync(serviceAccount, 'utf8');
  const app =
    getApps().find((candidate) => candidate.name === name) ??
    initializeApp({ credential: cert(JSON.parse(text)) }, name);
  return getMessaging(app);
};
