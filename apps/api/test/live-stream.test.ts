import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuthToken } from '../src/modules/accounts/accounts.repo';
import { publishLiveEvent } from '../src/modules/live/index';
import { raiseNotification } from '../src/modules/notifications/index';
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
let baseUrl: string;
const openStreams: Response[] = [];

/** The real app on a real port: the stream is read over HTTP as a browser reads it. */
beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
  baseUrl = await context.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await Promise.all(openStreams.map((stream) => stream.body?.cancel().catch(() => undefined)));
});

async function openStream(user: TestUser): Promise<Response> {
  const issued = await call(context, 'POST', '/api/live/ticket/', { token: user.token });
  expect(issued.statusCode, issued.body).toBe(201);
  const stream = await fetch(`${baseUrl}/api/live/?ticket=${encodeURIComponent(issued.json().ticket)}`);
  openStreams.push(stream);
  return stream;
}

/** Reads `stream` until an event satisfies `wanted`, or fails after 10 s: answers every event read. */
async function readEventsUntil(stream: Response, wanted: (event: unknown) => boolean): Promise<unknown[]> {
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  const events: unknown[] = [];
  let buffered = '';
  const timer = setTimeout(() => void reader.cancel(), 10_000);
  try {
    while (!events.some(wanted)) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`the stream ended after ${JSON.stringify(events)}`);
      buffered += decoder.decode(value, { stream: true });
      const blocks = buffered.split('\n\n');
      buffered = blocks.pop() ?? '';
      for (const block of blocks) {
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6));
        if (data.length > 0) events.push(JSON.parse(data.join('\n')));
      }
    }
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
  return events;
}

const isNotifications = (event: unknown) => (event as { topic?: string }).topic === 'notifications';

describe('GET live/ over HTTP', () => {
  it('tells the client at once when her planner leaves her a notice, and tells nobody else', async () => {
    const clientStream = await openStream(organization.client);
    expect(clientStream.status).toBe(200);
    expect(clientStream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const strangerStream = await openStream(otherOrganization.client);

    const created = await call(context, 'POST', `/api/tasks/notification/?clientId=${organization.client.row.id}`, {
      token: organization.planner.token,
      payload: { title: 'Traga os extratos de novembro' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await readEventsUntil(clientStream, isNotifications)).toContainEqual({ topic: 'notifications' });
    const listed = await call(context, 'GET', '/api/notification/', { token: organization.client.token });
    expect(listed.json().results[0]).toMatchObject({ title: 'Novo aviso', body: 'Traga os extratos de novembro' });

    // The stranger's stream hears its own notification first: the client's never reached it.
    await context.database.db.transaction((transaction) =>
      raiseNotification(transaction, {
        userId: otherOrganization.client.row.id,
        eventKey: 'live:stranger',
        kind: 'notice',
        title: 'Conta a vencer',
        body: 'Sua conta "Luz" vence amanhã.',
      }),
    );
    expect(await readEventsUntil(strangerStream, isNotifications)).toEqual([{ topic: 'notifications' }]);
  });

  it('tells nothing of a notification whose transaction rolled back', async () => {
    const stream = await openStream(organization.client);
    await context.database.db
      .transaction(async (transaction) => {
        await raiseNotification(transaction, {
          userId: organization.client.row.id,
          eventKey: 'live:rolled-back',
          kind: 'notice',
          title: 'Conta a vencer',
          body: 'Nunca gravada.',
        });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    // A marker on another topic, sent after: had the rolled-back notice gone out, it would come first.
    await publishLiveEvent(context.database.db, { userIds: [organization.client.row.id], topic: 'tasks' });
    expect(await readEventsUntil(stream, () => true)).toEqual([{ topic: 'tasks' }]);
    const listed = await call(context, 'GET', '/api/notification/', { token: organization.client.token });
    expect(listed.json().results.map((row: { body: string }) => row.body)).not.toContain('Nunca gravada.');
  });

  it('opens a ticket once: the second try is refused', async () => {
    const issued = await call(context, 'POST', '/api/live/ticket/', { token: organization.client.token });
    const ticket = encodeURIComponent(issued.json().ticket);
    const first = await fetch(`${baseUrl}/api/live/?ticket=${ticket}`);
    openStreams.push(first);
    expect(first.status).toBe(200);
    // The stream carries the policy every answer does.
    expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(first.headers.get('x-frame-options')).toBe('DENY');
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    const second = await fetch(`${baseUrl}/api/live/?ticket=${ticket}`);
    expect(second.status).toBe(401);
    expect(((await second.json()) as { detail: string }).detail).toBe('Ticket inválido ou expirado. Peça outro.');
  });

  it('ends the stream within a beat once its session signs out', async () => {
    context.config.liveHeartbeatMilliseconds = 100;
    try {
      const session = await insertAuthToken(
        context.database.db,
        organization.client.row.id,
        new Date(Date.now() + 60 * 60 * 1000),
      );
      const issued = await call(context, 'POST', '/api/live/ticket/', { token: session });
      const stream = await fetch(`${baseUrl}/api/live/?ticket=${encodeURIComponent(issued.json().ticket)}`);
      openStreams.push(stream);
      expect(stream.status).toBe(200);
      const signedOut = await call(context, 'POST', '/api/rest-auth/logout/', { token: session });
      expect(signedOut.statusCode).toBe(200);
      const reader = stream.body!.getReader();
      const ended = (async () => {
        while (!(await reader.read()).done) {
          // Pings until the session is found gone.
        }
        return 'ended';
      })();
      const waited = new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000));
      expect(await Promise.race([ended, waited])).toBe('ended');
    } finally {
      context.config.liveHeartbeatMilliseconds = 25_000;
    }
  });
});
