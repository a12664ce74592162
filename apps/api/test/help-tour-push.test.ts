import { createECDH, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { appRoutes } from '@prumo/domain/auth/routes';
import { featureToggles } from '@prumo/domain/organization/features';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFcmSender } from '../src/adapters/push/fcm-sender';
import type { AppDependencies } from '../src/dependencies';
import { insertAuthToken } from '../src/modules/accounts/accounts.repo';
import { deliverDueNotifications, raiseNotification } from '../src/modules/notifications/index';
import { sendPushToUser } from '../src/modules/push/index';
import { readSameOriginPath } from '../src/modules/push/push.service';
import { maximumPushDevicesPerUser } from '../src/modules/push/push-tokens.repo';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
  type TestUser,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;
let otherOrganization: TestOrganization;
let withoutHelp: TestOrganization;
const silentLog = { info: () => undefined, error: () => undefined };

/** A stand-in push service: answers each request with the next status given, and keeps what it received. */
interface FakePushService {
  origin: string;
  statuses: number[];
  /** Statuses for one device's address only, answered before `statuses`. */
  statusesByPath: Map<string, number[]>;
  received: { path: string; headers: IncomingMessage['headers']; bodyBytes: number }[];
  server: Server;
}
let pushService: FakePushService;

async function startFakePushService(): Promise<FakePushService> {
  const service: FakePushService = {
    origin: '',
    statuses: [],
    statusesByPath: new Map(),
    received: [],
    server: createServer(),
  };
  service.server.on('request', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      service.received.push({
        path: request.url ?? '',
        headers: request.headers,
        bodyBytes: Buffer.concat(chunks).length,
      });
      response.statusCode = service.statusesByPath.get(request.url ?? '')?.shift() ?? service.statuses.shift() ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
  service.origin = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
  return service;
}

/** A browser's subscription: real P-256 and auth keys, so web-push can encrypt for it. */
function buildSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

beforeAll(async () => {
  const webDistDir = await mkdtemp(path.join(os.tmpdir(), 'prumo-web-'));
  await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDistDir, 'push-service-worker.js'), 'self.addEventListener("push", () => {});');
  context = await createTestContext({ webDistDir });
  pushService = await startFakePushService();
  context.config.push.webPushExtraOrigins = [pushService.origin];
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
  withoutHelp = await createTestOrganization(context, { toggles: featureToggles.filter((code) => code !== 'help') });
});

afterAll(async () => {
  await new Promise((resolve) => pushService.server.close(resolve));
});

const videoArticle = {
  title: 'Como ler o seu início',
  markdown: 'Veja o **resumo** do mês.',
  videoSource: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&evil=1',
  videoDescription: 'Um passeio pela tela inicial.',
};

describe('help articles', () => {
  it('ships an article for every screen of the route table', async () => {
    for (const route of appRoutes) {
      const response = await call(context, 'GET', `/api/help/article/?slug=${route.name}`, {
        token: organization.client.token,
      });
      expect(response.statusCode, route.name).toBe(200);
      const [article] = response.json().articles;
      expect(article.title.length).toBeGreaterThan(2);
      expect(article.content).toContain('<p>');
      expect(article.custom).toBe(false);
    }
  });

  it('refuses an unknown screen and a missing slug', async () => {
    const unknown = await call(context, 'GET', '/api/help/article/?slug=nao-existe', {
      token: organization.client.token,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Not Found Page with this slug');
    const missing = await call(context, 'GET', '/api/help/article/', { token: organization.client.token });
    expect(missing.statusCode).toBe(400);
  });

  it('answers 403 to every help call when the organization has help off', async () => {
    const token = withoutHelp.manager.token;
    expect((await call(context, 'GET', '/api/help/article/?slug=dashboard', { token })).statusCode).toBe(403);
    expect((await call(context, 'GET', '/api/help/onboarding/?autoplay=true', { token })).statusCode).toBe(403);
    const preference = await call(context, 'POST', '/api/help/user-preference/', {
      token,
      payload: { articleId: 'dashboard' },
    });
    expect(preference.statusCode).toBe(403);
    const edit = await call(context, 'PUT', '/api/help/articles/dashboard/', { token, payload: videoArticle });
    expect(edit.statusCode).toBe(403);
  });

  it("lets a manager replace a screen's article and video for their organization only", async () => {
    const saved = await call(context, 'PUT', '/api/help/articles/dashboard/', {
      token: organization.manager.token,
      payload: videoArticle,
    });
    expect(saved.statusCode).toBe(200);
    // Rebuilt from the video's id: nothing else the manager typed stays in the address.
    expect(saved.json().videoSource).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');

    const seen = await call(context, 'GET', '/api/help/article/?slug=dashboard', { token: organization.client.token });
    expect(seen.json().articles[0]).toMatchObject({
      title: 'Como ler o seu início',
      content: '<p>Veja o <strong>resumo</strong> do mês.</p>\n',
      videoSource: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      custom: true,
    });

    // Another organization's manager changes their own article, never this one.
    const other = await call(context, 'PUT', '/api/help/articles/dashboard/', {
      token: otherOrganization.manager.token,
      payload: { ...videoArticle, title: 'Outro título', videoSource: 'https://player.vimeo.com/video/76979871' },
    });
    expect(other.json().videoSource).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    await call(context, 'DELETE', '/api/help/articles/dashboard/', { token: otherOrganization.manager.token });
    const still = await call(context, 'GET', '/api/help/article/?slug=dashboard', { token: organization.client.token });
    expect(still.json().articles[0].title).toBe('Como ler o seu início');
    const otherSees = await call(context, 'GET', '/api/help/article/?slug=dashboard', {
      token: otherOrganization.client.token,
    });
    expect(otherSees.json().articles[0]).toMatchObject({ title: 'Início', custom: false, videoSource: null });
  });

  it('keeps clients and planners from editing articles', async () => {
    for (const user of [organization.client, organization.planner]) {
      const edit = await call(context, 'PUT', '/api/help/articles/meu-caixa/', {
        token: user.token,
        payload: videoArticle,
      });
      expect(edit.statusCode).toBe(403);
      const restore = await call(context, 'DELETE', '/api/help/articles/dashboard/', { token: user.token });
      expect(restore.statusCode).toBe(403);
      expect((await call(context, 'GET', '/api/help/articles/', { token: user.token })).statusCode).toBe(403);
    }
  });

  it('takes videos from youtube-nocookie.com and player.vimeo.com only', async () => {
    for (const videoSource of [
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'javascript:alert(1)',
      'https://player.vimeo.com.evil.test/video/1',
      'https://vimeo.com/76979871',
    ]) {
      const response = await call(context, 'PUT', '/api/help/articles/meu-caixa/', {
        token: organization.manager.token,
        payload: { ...videoArticle, videoSource },
      });
      expect(response.statusCode, videoSource).toBe(400);
      expect(JSON.stringify(response.json())).toContain('Use um vídeo do YouTube sem cookies');
    }
    const tooLong = await call(context, 'PUT', '/api/help/articles/meu-caixa/', {
      token: organization.manager.token,
      payload: { ...videoArticle, videoDescription: 'x'.repeat(1001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json())).toContain('A descrição do vídeo pode ter até 1000 caracteres.');
  });

  it('renders Markdown that cannot run script', async () => {
    const hostile = [
      '# Olá',
      '<script>alert(document.cookie)</script>',
      '[clique](javascript:alert(1))',
      '<a href="JaVaScRiPt:alert(1)">outro</a>',
      '<img src="x" onerror="alert(1)">',
      '<p onclick="alert(1)" style="color:red">texto</p>',
      '<iframe src="https://evil.test"></iframe>',
      '[site](https://prumo.test/ajuda)',
    ].join('\n\n');
    const saved = await call(context, 'PUT', '/api/help/articles/arquivo/', {
      token: organization.manager.token,
      payload: { title: 'Arquivos', markdown: hostile },
    });
    expect(saved.statusCode).toBe(200);
    const response = await call(context, 'GET', '/api/help/article/?slug=arquivo', {
      token: organization.client.token,
    });
    const content: string = response.json().articles[0].content;
    expect(content).not.toMatch(/<script/i);
    // The Markdown link stays text (markdown-it refuses the address); the HTML one loses its href.
    expect(content).not.toMatch(/<a[^>]*javascript:/i);
    expect(content).toContain('<p>[clique](javascript:alert(1))</p>');
    expect(content).toContain('<a target="_blank" rel="noopener noreferrer nofollow">outro</a>');
    expect(content).not.toMatch(/onerror|onclick/i);
    expect(content).not.toMatch(/<iframe|style=/i);
    expect(content).toContain('<h1>Olá</h1>');
    expect(content).toContain('<p>texto</p>');
    expect(content).toContain('href="https://prumo.test/ajuda"');
  });
});

describe('help videos and "Não exibir novamente"', () => {
  it('autoplays a video until the user hides it, for that user only', async () => {
    await call(context, 'PUT', '/api/help/articles/dashboard/', {
      token: organization.manager.token,
      payload: videoArticle,
    });
    const before = await call(context, 'GET', '/api/help/onboarding/?autoplay=true', {
      token: organization.client.token,
    });
    expect(before.json()).toContainEqual({
      id: 'dashboard',
      title: 'Como ler o seu início',
      description: 'Um passeio pela tela inicial.',
      videoSource: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      autoplay: true,
    });

    const hidden = await call(context, 'POST', '/api/help/user-preference/', {
      token: organization.client.token,
      payload: { articleId: 'dashboard' },
    });
    expect(hidden.statusCode).toBe(201);
    const after = await call(context, 'GET', '/api/help/onboarding/?autoplay=true', {
      token: organization.client.token,
    });
    expect(after.json().map((video: { id: string }) => video.id)).not.toContain('dashboard');
    const all = await call(context, 'GET', '/api/help/onboarding/', { token: organization.client.token });
    expect(all.json()).toContainEqual(expect.objectContaining({ id: 'dashboard', autoplay: false }));
    const planner = await call(context, 'GET', '/api/help/onboarding/?autoplay=true', {
      token: organization.planner.token,
    });
    expect(planner.json()).toContainEqual(expect.objectContaining({ id: 'dashboard', autoplay: true }));
  });

  it('refuses a preference without an article or for an unknown one', async () => {
    const empty = await call(context, 'POST', '/api/help/user-preference/', {
      token: organization.client.token,
      payload: { articleId: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Informe o artigo (articleId).');
    const unknown = await call(context, 'POST', '/api/help/user-preference/', {
      token: organization.client.token,
      payload: { articleId: 'nada' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('guided tour', () => {
  it('keeps each user progress and restarts it on reset', async () => {
    const token = organization.client.token;
    expect((await call(context, 'GET', '/api/onboarding/tour/', { token })).json()).toEqual({
      register_tour: false,
      step: 0,
    });
    const step = await call(context, 'PUT', '/api/onboarding/tour/', {
      token,
      payload: { register_tour: false, step: 2 },
    });
    expect(step.json()).toEqual({ register_tour: false, step: 2 });
    const done = await call(context, 'PUT', '/api/onboarding/tour/', { token, payload: { register_tour: true } });
    expect(done.json()).toEqual({ register_tour: true, step: 2 });
    // A late step (the browser sends the last step and the finish at once) does not undo the finish.
    const late = await call(context, 'PUT', '/api/onboarding/tour/', {
      token,
      payload: { register_tour: false, step: 3 },
    });
    expect(late.json()).toEqual({ register_tour: true, step: 3 });
    expect((await call(context, 'GET', '/api/onboarding/tour/', { token: organization.planner.token })).json()).toEqual(
      {
        register_tour: false,
        step: 0,
      },
    );
    const reset = await call(context, 'POST', '/api/tour/', { token });
    expect(reset.statusCode).toBe(200);
    expect((await call(context, 'GET', '/api/onboarding/tour/', { token })).json()).toEqual({
      register_tour: false,
      step: 0,
    });
  });

  it('refuses bad progress and anonymous calls', async () => {
    const token = organization.client.token;
    expect((await call(context, 'PUT', '/api/onboarding/tour/', { token, payload: {} })).statusCode).toBe(400);
    const negative = await call(context, 'PUT', '/api/onboarding/tour/', {
      token,
      payload: { register_tour: false, step: -1 },
    });
    expect(negative.statusCode).toBe(400);
    expect(JSON.stringify(negative.json())).toContain('Passo inválido.');
    expect((await call(context, 'POST', '/api/tour/')).statusCode).toBe(401);
  });
});

/** What sendPushToUser reads: the database and the configuration (the other dependencies are unused). */
function buildDeps(): AppDependencies {
  return {
    db: context.database.db,
    mailer: { send: async () => {} },
    storage: undefined as never,
    cepLookup: undefined as never,
    config: context.config,
  };
}

const fcmToken = `fcm-device-${'a'.repeat(40)}:APA91b`;

async function countTokens(token: string): Promise<{ user_id: number }[]> {
  const result = await context.database.db.execute(sql`select user_id from push_tokens where token = ${token}`);
  return result.rows as { user_id: number }[];
}

describe('push tokens', () => {
  it('refuses an empty or malformed token in pt-BR', async () => {
    const empty = await call(context, 'POST', '/api/firebase/fcm/add-token', {
      token: organization.client.token,
      payload: { token: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Informe o token do dispositivo.');
    const odd = await call(context, 'POST', '/api/firebase/fcm/add-token', {
      token: organization.client.token,
      payload: { token: 'tem espaço <script>' },
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().detail).toBe('Token do dispositivo inválido.');
    // Longer than any real token: refused before it reaches the unique index (whose rows have a size limit).
    for (const token of ['a'.repeat(1500), 'a'.repeat(5000)]) {
      const long = await call(context, 'POST', '/api/firebase/fcm/add-token', {
        token: organization.client.token,
        payload: { token },
      });
      expect(long.statusCode).toBe(400);
      expect(JSON.stringify(long.json())).toContain('Token do dispositivo inválido.');
    }
  });

  it('refuses a subscription whose address is no known push service', async () => {
    for (const endpoint of ['http://127.0.0.1:5432/x', 'https://evil.test/push', 'https://fcm.googleapis.com:8443/x']) {
      const response = await call(context, 'POST', '/api/firebase/fcm/add-token', {
        token: organization.client.token,
        payload: { token: JSON.stringify(buildSubscription(endpoint)) },
      });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().detail).toBe('Serviço de notificações do navegador não reconhecido.');
    }
  });

  it('moves a token to whoever registered it last; only its owner removes it', async () => {
    const first = await call(context, 'POST', '/api/firebase/fcm/add-token', {
      token: organization.client.token,
      payload: { token: fcmToken },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ token: fcmToken, kind: 'fcm' });
    expect(await countTokens(fcmToken)).toEqual([{ user_id: organization.client.row.id }]);

    await call(context, 'POST', '/api/firebase/fcm/add-token', {
      token: otherOrganization.client.token,
      payload: { token: fcmToken },
    });
    expect(await countTokens(fcmToken)).toEqual([{ user_id: otherOrganization.client.row.id }]);

    const notTheirs = await call(context, 'DELETE', '/api/firebase/fcm/remove-token', {
      token: organization.client.token,
      payload: { token: fcmToken },
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(await countTokens(fcmToken)).toHaveLength(1);

    const removed = await call(context, 'DELETE', '/api/firebase/fcm/remove-token', {
      token: otherOrganization.client.token,
      payload: { token: fcmToken },
    });
    expect(removed.statusCode).toBe(204);
    expect(await countTokens(fcmToken)).toHaveLength(0);
    const emptyRemove = await call(context, 'DELETE', '/api/firebase/fcm/remove-token', {
      token: otherOrganization.client.token,
      payload: { token: '' },
    });
    expect(emptyRemove.statusCode).toBe(400);
  });

  it('gives browsers one VAPID public key, the same on every call', async () => {
    const first = await call(context, 'GET', '/api/push/web-push-key/', { token: organization.client.token });
    const second = await call(context, 'GET', '/api/push/web-push-key/', { token: organization.planner.token });
    expect(first.json().publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(second.json().publicKey).toBe(first.json().publicKey);
    const stored = await context.database.db.execute(sql`select private_key_ciphertext from push_vapid_keys`);
    expect(JSON.stringify(stored.rows)).not.toContain(first.json().publicKey.slice(0, 20));
  });
});

describe('sending push notifications', () => {
  it('sends to each Web Push device, signed and encrypted, and deletes those the service reports gone', async () => {
    const user = organization.planner;
    const kept = buildSubscription(`${pushService.origin}/push/kept`);
    const gone = buildSubscription(`${pushService.origin}/push/gone`);
    for (const subscription of [kept, gone]) {
      const response = await call(context, 'POST', '/api/firebase/fcm/add-token', {
        token: user.token,
        payload: { token: JSON.stringify(subscription) },
      });
      expect(response.json().kind).toBe('web_push');
    }
    pushService.received.length = 0;
    pushService.statuses = [201, 410];
    // The first request answers 201, the second 410: which one is which depends on the order sent.
    const result = await sendPushToUser(buildDeps(), user.row.id, {
      title: 'Nova tarefa',
      body: 'Seu planejador enviou uma tarefa.',
      url: '/app/x/tarefas-e-avisos',
    });
    expect(result).toEqual({ sent: 1, removed: 1, failed: 0 });
    expect(pushService.received).toHaveLength(2);
    for (const request of pushService.received) {
      expect(request.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(request.headers.ttl).toBe('86400');
      expect(request.bodyBytes).toBeGreaterThan(0);
    }
    const left = await context.database.db.execute(sql`select token from push_tokens where user_id = ${user.row.id}`);
    expect(left.rows).toHaveLength(1);

    pushService.statuses = [404];
    expect(await sendPushToUser(buildDeps(), user.row.id, { title: 'a', body: 'b', url: '/' })).toEqual({
      sent: 0,
      removed: 1,
      failed: 0,
    });
    expect(await sendPushToUser(buildDeps(), user.row.id, { title: 'a', body: 'b', url: '/' })).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
  });

  it('keeps a token when the service fails for another reason', async () => {
    const user = organization.loneClient;
    await call(context, 'POST', '/api/firebase/fcm/add-token', {
      token: user.token,
      payload: { token: JSON.stringify(buildSubscription(`${pushService.origin}/push/busy`)) },
    });
    pushService.statuses = [503];
    const deps = buildDeps();
    expect(await sendPushToUser(deps, user.row.id, { title: 'a', body: 'b', url: '/' })).toEqual({
      sent: 0,
      removed: 0,
      failed: 1,
    });
    const left = await context.database.db.execute(sql`select 1 from push_tokens where user_id = ${user.row.id}`);
    expect(left.rows).toHaveLength(1);
  });

  it('keeps a device only while the session that registered it lasts', async () => {
    const { db } = context.database;
    const user = organization.manager;
    const signIn = () => insertAuthToken(db, user.row.id, new Date(Date.now() + 60 * 60 * 1000));
    const devicesOf = async () =>
      (await db.execute<{ token: string }>(sql`select token from push_tokens where user_id = ${user.row.id}`)).rows;
    const register = async (session: string, endpoint: string) => {
      const response = await call(context, 'POST', '/api/firebase/fcm/add-token', {
        token: session,
        payload: { token: JSON.stringify(buildSubscription(`${pushService.origin}/push/${endpoint}`)) },
      });
      expect(response.statusCode).toBe(201);
    };

    // Signing out takes the device with it: a shared computer stops showing the user's notices.
    const laptop = await signIn();
    await register(laptop, 'laptop');
    expect(await devicesOf()).toHaveLength(1);
    const signedOut = await call(context, 'POST', '/api/rest-auth/logout/', { token: laptop });
    expect(signedOut.statusCode).toBe(200);
    expect(await devicesOf()).toEqual([]);

    // A session that ran out is pushed to no more, even before its row is cleaned up.
    const phone = await signIn();
    await register(phone, 'phone');
    pushService.statuses = [201];
    expect(await sendPushToUser(buildDeps(), user.row.id, { title: 'a', body: 'b', url: '/' })).toEqual({
      sent: 1,
      removed: 0,
      failed: 0,
    });
    await db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 minute' where id = (select auth_token_id from push_tokens where user_id = ${user.row.id})`,
    );
    expect(await sendPushToUser(buildDeps(), user.row.id, { title: 'a', body: 'b', url: '/' })).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
  });

  it("keeps a user's newest devices only", async () => {
    const { db } = context.database;
    const user = otherOrganization.manager;
    const session = await insertAuthToken(db, user.row.id, new Date(Date.now() + 60 * 60 * 1000));
    const tokens = Array.from(
      { length: maximumPushDevicesPerUser + 2 },
      (_, index) => `fcm-device-${index}-${'x'.repeat(30)}`,
    );
    for (const token of tokens) {
      const response = await call(context, 'POST', '/api/firebase/fcm/add-token', {
        token: session,
        payload: { token },
      });
      expect(response.statusCode).toBe(201);
    }
    const kept = await db.execute<{ token: string }>(sql`select token from push_tokens where user_id = ${user.row.id}`);
    expect(kept.rows.map((row) => row.token).sort()).toEqual(tokens.slice(2).sort());
  });

  it('gives a notification a push delivery only for a user with a device', async () => {
    const withDevice = otherOrganization.client;
    await call(context, 'POST', '/api/firebase/fcm/add-token', {
      token: withDevice.token,
      payload: { token: JSON.stringify(buildSubscription(`${pushService.origin}/push/phone`)) },
    });
    const channelsOf = async (user: typeof withDevice) => {
      const notificationId = await raiseNotification(context.database.db, {
        userId: user.row.id,
        eventKey: 'push-test:1',
        kind: 'notice',
        title: 'Conta a vencer',
        body: 'Sua conta vence amanhã.',
      });
      const rows = await context.database.db.execute<{ channel: string }>(
        sql`select channel from notification_deliveries where notification_id = ${notificationId} order by channel`,
      );
      return rows.rows.map((row) => row.channel);
    };
    expect(await channelsOf(withDevice)).toEqual(['email', 'push']);
    expect(await channelsOf(otherOrganization.planner)).toEqual(['email']);
  });

  it("delivers a notification's push once: a try no device took is retried, a sent one never again", async () => {
    const client = (await createTestOrganization(context)).client;
    await call(context, 'POST', '/api/firebase/fcm/add-token', {
      token: client.token,
      payload: { token: JSON.stringify(buildSubscription(`${pushService.origin}/push/once`)) },
    });
    const notificationId = await raiseNotification(context.database.db, {
      userId: client.row.id,
      eventKey: 'push-once:1',
      kind: 'notice',
      title: 'Conta a vencer',
      body: 'Sua conta "Luz" vence amanhã.',
    });
    const pushDelivery = async () => {
      const rows = await context.database.db.execute<{ status: string; attempts: number }>(
        sql`select status, attempts from notification_deliveries where notification_id = ${notificationId} and channel = 'push'`,
      );
      return rows.rows;
    };
    const pushesReceived = () => pushService.received.filter((request) => request.path === '/push/once').length;
    pushService.received.length = 0;
    // The push service is down on the first try (500): nothing is marked sent, the try is counted.
    pushService.statusesByPath.set('/push/once', [500]);
    // Each run sends the 50 deliveries due longest: other tests' deliveries may be due before this one.
    const deliverUntil = async (at: Date, done: (rows: { status: string; attempts: number }[]) => boolean) => {
      for (let run = 0; run < 40 && !done(await pushDelivery()); run += 1) {
        await deliverDueNotifications(buildDeps(), silentLog, at);
      }
    };
    const now = new Date();
    await deliverUntil(now, (rows) => (rows[0]?.attempts ?? 0) > 0);
    expect(pushesReceived()).toBe(1);
    expect(await pushDelivery()).toEqual([{ status: 'pending', attempts: 1 }]);
    // Its retry, once due, reaches the device; later runs send nothing more.
    const later = new Date(now.getTime() + 16_000);
    await deliverUntil(later, (rows) => rows[0]?.status === 'sent');
    for (let run = 0; run < 3; run += 1) await deliverDueNotifications(buildDeps(), silentLog, later);
    expect(pushesReceived()).toBe(2);
    expect(pushService.received.at(-1)?.headers['content-encoding']).toBe('aes128gcm');
    expect(await pushDelivery()).toEqual([{ status: 'sent', attempts: 2 }]);
  });

  it('opens only paths of Prumo', () => {
    expect(readSameOriginPath('/app/demo/dashboard?x=1')).toBe('/app/demo/dashboard?x=1');
    expect(readSameOriginPath('https://evil.test/')).toBe('/');
    expect(readSameOriginPath('//evil.test/')).toBe('/');
    expect(readSameOriginPath('/\\evil.test')).toBe('/');
    expect(readSameOriginPath('javascript:alert(1)')).toBe('/');
  });
});

describe('FCM adapter', () => {
  function fakeMessaging(error?: { code: string }) {
    const sent: unknown[] = [];
    return {
      sent,
      messaging: {
        async send(message: unknown) {
          if (error) throw Object.assign(new Error(error.code), { errorInfo: error, code: error.code });
          sent.push(message);
          return 'projects/p/messages/1';
        },
      },
    };
  }

  it('sends the notification with its url, and reports an unregistered token as gone', async () => {
    const ok = fakeMessaging();
    expect(await createFcmSender(ok.messaging).send('token-1', { title: 't', body: 'b', url: '/app' })).toBe('sent');
    expect(ok.sent).toEqual([{ token: 'token-1', notification: { title: 't', body: 'b' }, data: { url: '/app' } }]);
    const gone = fakeMessaging({ code: 'messaging/registration-token-not-registered' });
    expect(await createFcmSender(gone.messaging).send('token-1', { title: 't', body: 'b', url: '/' })).toBe('gone');
    const down = fakeMessaging({ code: 'messaging/internal-error' });
    expect(await createFcmSender(down.messaging).send('token-1', { title: 't', body: 'b', url: '/' })).toBe('failed');
  });
});

describe("an organization's own Firebase project", () => {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const serviceAccount = {
    type: 'service_account',
    project_id: 'prumo-app-escritorio',
    private_key_id: 'abc123',
    private_key: privateKey,
    client_email: 'firebase-adminsdk@prumo-app-escritorio.iam.gserviceaccount.com',
  };
  const putSettings = (user: TestUser, payload: object) =>
    call(context, 'PUT', '/api/push/settings/', { token: user.token, payload });

  it('keeps a manager’s service account sealed, answers only its project and e-mail, and drops it on web_push', async () => {
    const target = await createTestOrganization(context);
    const initial = await call(context, 'GET', '/api/push/settings/', { token: target.manager.token });
    expect(initial.json()).toEqual({ provider: 'web_push', project_id: null, client_email: null, updated_at: null });

    const saved = await putSettings(target.manager, {
      provider: 'fcm',
      service_account: JSON.stringify(serviceAccount),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      provider: 'fcm',
      project_id: 'prumo-app-escritorio',
      client_email: serviceAccount.client_email,
    });
    expect(saved.body).not.toContain('PRIVATE KEY');
    const stored = await context.database.db.execute<{ service_account_ciphertext: string }>(
      sql`select service_account_ciphertext from push_settings where organization_id = ${target.id}`,
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]?.service_account_ciphertext).not.toContain('PRIVATE KEY');
    expect(stored.rows[0]?.service_account_ciphertext).not.toContain('prumo-app-escritorio');

    const dropped = await putSettings(target.manager, { provider: 'web_push' });
    expect(dropped.json()).toMatchObject({ provider: 'web_push', project_id: null });
    const left = await context.database.db.execute(
      sql`select 1 from push_settings where organization_id = ${target.id}`,
    );
    expect(left.rows).toHaveLength(0);
  });

  it('refuses what is not a service account, or a key that does not read, in pt-BR, storing nothing', async () => {
    const target = await createTestOrganization(context);
    const cases: [object, string][] = [
      [{ provider: 'fcm' }, 'Cole o JSON da conta de serviço do Firebase.'],
      [
        { provider: 'fcm', service_account: '{"type":"user"}' },
        expect.stringMatching(/^Conta de serviço inválida/) as never,
      ],
      [
        { provider: 'fcm', service_account: 'não é json' },
        expect.stringMatching(/^Conta de serviço inválida/) as never,
      ],
      [
        {
          provider: 'fcm',
          service_account: JSON.stringify({
            ...serviceAccount,
            private_key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n',
          }),
        },
        'A chave privada da conta de serviço não pôde ser lida.',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await putSettings(target.manager, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ service_account: [message] });
    }
    // A key Firebase cannot sign with (an EC key reads as a key, but is not RSA).
    const { privateKey: ecKey } = generateKeyPairSync('ec', {
      namedCurve: 'prime256v1',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const ec = await putSettings(target.manager, {
      provider: 'fcm',
      service_account: JSON.stringify({ ...serviceAccount, private_key: ecKey }),
    });
    expect(ec.statusCode).toBe(400);
    expect(ec.json()).toEqual({ service_account: ['A chave privada da conta de serviço não pôde ser lida.'] });
    const wrongProvider = await putSettings(target.manager, { provider: 'onesignal' });
    expect(wrongProvider.json()).toEqual({ provider: ['Opção inválida: use web_push ou fcm.'] });
    const stored = await context.database.db.execute(
      sql`select 1 from push_settings where organization_id = ${target.id}`,
    );
    expect(stored.rows).toHaveLength(0);
  });

  it('is for managers only', async () => {
    for (const user of [organization.client, organization.planner]) {
      expect((await call(context, 'GET', '/api/push/settings/', { token: user.token })).statusCode).toBe(403);
      const changed = await putSettings(user, { provider: 'fcm', service_account: JSON.stringify(serviceAccount) });
      expect(changed.statusCode).toBe(403);
    }
    const stored = await context.database.db.execute(
      sql`select 1 from push_settings where organization_id = ${organization.id}`,
    );
    expect(stored.rows).toHaveLength(0);
  });

  it("sends its users' FCM tokens through its project, and no other organization's", async () => {
    const withFirebase = await createTestOrganization(context);
    const withoutFirebase = await createTestOrganization(context);
    await putSettings(withFirebase.manager, { provider: 'fcm', service_account: JSON.stringify(serviceAccount) });
    const made: { projectId: string; appName: string }[] = [];
    const sent: { token: string }[] = [];
    const deps: AppDependencies = {
      ...buildDeps(),
      createFcmMessaging: async (account, appName) => {
        made.push({ projectId: JSON.parse(account).project_id, appName });
        return {
          async send(message) {
            sent.push({ token: message.token });
            return 'projects/prumo-app-escritorio/messages/1';
          },
        };
      },
    };
    const fcmToken = (name: string) => `${name}:APA91b${'x'.repeat(140)}`;
    for (const [user, name] of [
      [withFirebase.client, 'com-firebase'],
      [withoutFirebase.client, 'sem-firebase'],
    ] as const) {
      const added = await call(context, 'POST', '/api/firebase/fcm/add-token', {
        token: user.token,
        payload: { token: fcmToken(name) },
      });
      expect(added.json().kind).toBe('fcm');
    }
    const message = { title: 'Conta a vencer', body: 'Sua conta vence amanhã.', url: '/' };
    expect(await sendPushToUser(deps, withFirebase.client.row.id, message)).toEqual({ sent: 1, removed: 0, failed: 0 });
    expect(made).toEqual([{ projectId: 'prumo-app-escritorio', appName: expect.stringMatching(/^prumo-push-/) }]);
    expect(sent).toEqual([{ token: fcmToken('com-firebase') }]);
    // The other organization set no project, nor did the instance: its token waits.
    expect(await sendPushToUser(deps, withoutFirebase.client.row.id, message)).toEqual({
      sent: 0,
      removed: 0,
      failed: 1,
    });
    expect(sent).toHaveLength(1);

    // A project that cannot be opened fails its FCM tokens only: the same user's browser still gets Web Push.
    await call(context, 'POST', '/api/firebase/fcm/add-token', {
      token: withFirebase.client.token,
      payload: { token: JSON.stringify(buildSubscription(`${pushService.origin}/push/beside-fcm`)) },
    });
    await putSettings(withFirebase.manager, { provider: 'fcm', service_account: JSON.stringify(serviceAccount) });
    const broken: AppDependencies = {
      ...buildDeps(),
      createFcmMessaging: async () => Promise.reject(new Error('Failed to parse private key')),
    };
    expect(await sendPushToUser(broken, withFirebase.client.row.id, message)).toEqual({
      sent: 1,
      removed: 0,
      failed: 1,
    });
  });
});

describe('service worker and frames', () => {
  it('serves the push service worker for the whole origin, always revalidated', async () => {
    const response = await call(context, 'GET', '/push-service-worker.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['service-worker-allowed']).toBe('/');
  });

  it('lets only the two privacy-friendly video players into frames', async () => {
    const response = await call(context, 'GET', '/');
    const policy = String(response.headers['content-security-policy']);
    const frameSources = /frame-src ([^;]+)/.exec(policy)?.[1]?.trim().split(/\s+/);
    expect(frameSources).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
