import { helpMessages } from '@prumo/domain/help/help';
import { createFcmSender, createFirebaseMessaging } from '../../adapters/push/fcm-sender';
import type { PushMessage, PushSender } from '../../adapters/push/push-sender';
import {
  createWebPushSender,
  isKnownPushEndpoint,
  readWebPushSubscription,
  writeWebPushToken,
} from '../../adapters/push/web-push-sender';
import type { AppConfig } from '../../config';
import type { AppDependencies } from '../../dependencies';
import { fail, failInvalid, failNotFound } from '../../lib/domain-errors';
import { sessionMessages } from '../../plugins/authentication';
import { findOrganizationServiceAccount } from './push-settings';
import {
  deletePushToken,
  deletePushTokensById,
  findUserPushTokens,
  type PushTokenKind,
  savePushToken,
} from './push-tokens.repo';
import { findOrCreateVapidKeys } from './vapid-keys';

/** An FCM registration token's characters (Firebase's are about 160 of these). */
const fcmTokenPattern = /^[A-Za-z0-9_:-]{20,1024}$/;

/** Which kind a device's token is, in the form it is stored: a subscription's JSON is rewritten in one order. */
export function classifyPushToken(token: string, config: AppConfig): { kind: PushTokenKind; token: string } {
  if (token.startsWith('{')) {
    const subscription = readWebPushSubscription(token);
    if (!subscription) failInvalid(helpMessages.tokenTooLong);
    if (!isKnownPushEndpoint(subscription.endpoint, config.push.webPushExtraOrigins)) {
      failInvalid(helpMessages.pushEndpointNotAllowed);
    }
    return { kind: 'web_push', token: writeWebPushToken(subscription) };
  }
  if (!fcmTokenPattern.test(token)) failInvalid(helpMessages.tokenTooLong);
  return { kind: 'fcm', token };
}

/** Registers this device for the caller's session: it stops receiving when the session ends. */
export async function registerPushToken(deps: AppDependencies, userId: number, sessionKey: string, token: string) {
  const classified = classifyPushToken(token, deps.config);
  const saved = await savePushToken(deps.db, userId, sessionKey, classified.kind, classified.token);
  if (!saved) fail('unauthenticated', sessionMessages.invalid);
  return classified;
}

export async function removePushToken(deps: AppDependencies, userId: number, token: string): Promise<void> {
  let stored = token;
  try {
    stored = classifyPushToken(token, deps.config).token;
  } catch {
    // Not a token Prumo would store: it cannot be among the user's.
  }
  if (!(await deletePushToken(deps.db, userId, stored))) failNotFound(helpMessages.tokenNotFound);
}

/** A notification only ever opens one of Prumo's own pages: anything else opens the start page. */
export function readSameOriginPath(url: string): string {
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return '/';
  try {
    const parsed = new URL(url, 'http://prumo.invalid');
    return parsed.origin === 'http://prumo.invalid' ? `${parsed.pathname}${parsed.search}${parsed.hash}` : '/';
  } catch {
    return '/';
  }
}

interface PushSenders {
  webPush: PushSender;
  fcm: PushSender | null;
}

const sendersByConfig = new WeakMap<AppConfig, Promise<PushSenders>>();

/** The senders of this configuration, made once: Web Push always, FCM when a service account is set. */
function findPushSenders(deps: AppDependencies): Promise<PushSenders> {
  let senders = sendersByConfig.get(deps.config);
  if (!senders) {
    senders = (async () => {
      const vapid = await findOrCreateVapidKeys(deps.db, deps.config);
      const serviceAccount = deps.config.push.firebaseServiceAccount;
      return {
        webPush: createWebPushSender({
          vapid: { ...vapid, subject: deps.config.push.webPushSubject },
          extraOrigins: deps.config.push.webPushExtraOrigins,
        }),
        fcm: serviceAccount
          ? createFcmSender(await (deps.createFcmMessaging ?? createFirebaseMessaging)(serviceAccount, 'prumo-push'))
          : null,
      };
    })();
    senders.catch(() => sendersByConfig.delete(deps.config));
    sendersByConfig.set(deps.config, senders);
  }
  return senders;
}

/** Senders of organizations' own Firebase projects, by organization and settings version. */
const organizationFcmSenders = new Map<string, Promise<PushSender>>();

/** Where a user's FCM tokens go: their organization's Firebase project when it set one, else the instance's. */
async function findFcmSender(deps: AppDependencies, userId: number, instance: PushSender | null) {
  const own = await findOrganizationServiceAccount(deps, userId);
  if (!own) return instance;
  let sender = organizationFcmSenders.get(own.cacheKey);
  if (!sender) {
    sender = (deps.createFcmMessaging ?? createFirebaseMessaging)(
      own.serviceAccount,
      `prumo-push-${own.cacheKey}`,
    ).then(createFcmSender);
    sender.catch(() => organizationFcmSenders.delete(own.cacheKey));
    organizationFcmSenders.set(own.cacheKey, sender);
  }
  return sender;
}

/**
 * Sends a notification to every device of the user. Tokens the service reports gone are deleted;
 * FCM tokens go through the organization's Firebase project, or the instance's, and wait when neither is set. `url` must be a path of Prumo's.
 */
export async function sendPushToUser(
  deps: AppDependencies,
  userId: number,
  message: PushMessage,
): Promise<{ sent: number; removed: number; failed: number }> {
  const tokens = await findUserPushTokens(deps.db, userId);
  if (tokens.length === 0) return { sent: 0, removed: 0, failed: 0 };
  const senders = await findPushSenders(deps);
  // A Firebase project that cannot be opened (its key, or this process's ENCRYPTION_KEY) fails its
  // FCM tokens only: the user's browsers still get their Web Push.
  const fcm = tokens.some((row) => row.kind === 'fcm')
    ? await findFcmSender(deps, userId, senders.fcm).catch(() => null)
    : null;
  const safeMessage = { title: message.title, body: message.body, url: readSameOriginPath(message.url) };
  const outcomes = await Promise.all(
    tokens.map(async (row) => {
      const sender = row.kind === 'web_push' ? senders.webPush : fcm;
      return { id: row.id, outcome: sender ? await sender.send(row.token, safeMessage) : ('failed' as const) };
    }),
  );
  const gone = outcomes.filter((entry) => entry.outcome === 'gone').map((entry) => entry.id);
  return {
    sent: outcomes.filter((entry) => entry.outcome === 'sent').length,
    removed: await deletePushTokensById(deps.db, gone),
    failed: outcomes.filter((entry) => entry.outcome === 'failed').length,
  };
}
