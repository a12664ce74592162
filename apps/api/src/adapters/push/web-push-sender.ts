import webPush from 'web-push';
import { z } from 'zod';
import type { PushMessage, PushOutcome, PushSender } from './push-sender';

/** The push services of the browsers Prumo supports; a subscription elsewhere is refused. */
export const browserPushOrigins = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
] as const;
const windowsPushHost = /^[a-z0-9-]+\.notify\.windows\.com$/;

export const WebPushSubscriptionSchema = z.object({
  endpoint: z.string().url().max(1024),
  keys: z.object({ p256dh: z.string().min(1).max(256), auth: z.string().min(1).max(256) }),
});
export type WebPushSubscription = z.infer<typeof WebPushSubscriptionSchema>;

/** Whether Prumo may post to this subscription's address: a browser's service, or one configured. */
export function isKnownPushEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port) return false;
  return (browserPushOrigins as readonly string[]).includes(url.origin) || windowsPushHost.test(url.hostname);
}

/** A subscription as Prumo stores it: its three fields only, in one order, so equal ones compare equal. */
export function readWebPushSubscription(token: string): WebPushSubscription | null {
  try {
    const parsed = WebPushSubscriptionSchema.safeParse(JSON.parse(token));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeWebPushToken(subscription: WebPushSubscription): string {
  return JSON.stringify({
    endpoint: subscription.endpoint,
    keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
  });
}

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webPush.generateVAPIDKeys();
}

/**
 * Standard Web Push (RFC 8030 with VAPID and aes128gcm payloads): no outside account. web-push
 * encrypts and signs; the request goes out with fetch, so a time limit holds and the service's
 * answer is read here: 404 and 410 mean the subscription is gone.
 */
export function createWebPushSender(options: {
  vapid: VapidDetails;
  extraOrigins: readonly string[];
  timeoutMilliseconds?: number;
}): PushSender {
  return {
    async send(token: string, message: PushMessage): Promise<PushOutcome> {
      const subscription = readWebPushSubscription(token);
      if (!subscription) return 'gone';
      if (!isKnownPushEndpoint(subscription.endpoint, options.extraOrigins)) return 'failed';
      const request = webPush.generateRequestDetails(subscription, JSON.stringify(message), {
        vapidDetails: options.vapid,
        TTL: 24 * 60 * 60,
        contentEncoding: 'aes128gcm',
      });
      let response: Response;
      try {
        response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : null,
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMilliseconds ?? 10_000),
        });
        await response.arrayBuffer();
      } catch {
        return 'failed';
      }
      if (response.status === 404 || response.status === 410) return 'gone';
      return response.ok ? 'sent' : 'failed';
    },
  };
}
