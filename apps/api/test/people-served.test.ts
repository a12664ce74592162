import { connect } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { countPeopleServedHere, waitWhilePeopleAreServed } from '../src/jobs/yield-to-people';
import type { Caller } from '../src/plugins/authentication';
import { registerPeopleServed } from '../src/plugins/people-served';

/** A bare app whose calls end only when the test says so; a Token header stands for a signed-in caller. */
async function buildHeldApp() {
  const app = Fastify();
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    if (request.headers.authorization) request.caller = { userId: 1 } as Caller;
  });
  registerPeopleServed(app);
  const held: (() => void)[] = [];
  const hold = () => new Promise<void>((resolve) => held.push(resolve));
  for (const url of ['/api/cash-flow/', '/api/live/']) {
    app.get(url, async () => {
      await hold();
      return { ok: true };
    });
  }
  app.put('/api/push/settings/', async () => {
    await hold();
    return { ok: true };
  });
  await app.ready();
  return { app, held };
}

const signedIn = { authorization: 'Token x' };
/** Counted now, leaving out the moment after a call ended. */
const countInFlight = () => countPeopleServedHere(100, performance.now() + 1_000);

async function waitUntil(condition: () => boolean) {
  await expect.poll(condition, { timeout: 2_000, interval: 5 }).toBe(true);
}

describe("background runs give way to this process's own calls", () => {
  it('forgets a call ended long ago even when the wall clock stands still', async () => {
    const { app, held } = await buildHeldApp();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-20T13:00:00Z'));
      const page = app.inject({ method: 'GET', url: '/api/cash-flow/', headers: signedIn });
      await waitUntil(() => held.length === 1);
      held[0]?.();
      await page;
      // A frozen Date would keep it "just ended" for ever; the monotonic clock lets it go.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(countPeopleServedHere(100)).toBe(countInFlight());
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });

  it("counts a signed-in person's call while it is served and just after, never the live stream or an anonymous call", async () => {
    const { app, held } = await buildHeldApp();
    const idle = countInFlight();
    const stream = app.inject({ method: 'GET', url: '/api/live/', headers: signedIn });
    const anonymous = app.inject({ method: 'GET', url: '/api/cash-flow/' });
    await waitUntil(() => held.length === 2);
    expect(countInFlight()).toBe(idle);

    const page = app.inject({ method: 'GET', url: '/api/cash-flow/', headers: signedIn });
    await waitUntil(() => held.length === 3);
    expect(countInFlight()).toBe(idle + 1);

    held[2]?.();
    expect((await page).statusCode).toBe(200);
    // Just ended: still counted for a moment, then no longer.
    expect(countPeopleServedHere(100)).toBeGreaterThan(idle);
    expect(countInFlight()).toBe(idle);
    for (const release of held.slice(0, 2)) release();
    await Promise.all([stream, anonymous]);
    await app.close();
  });

  it('ends the count of a call whose connection closed after its body was sent', async () => {
    const { app, held } = await buildHeldApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const idle = countInFlight();
    const body = '{"provider":"web_push"}';
    const socket = connect(Number(new URL(address).port), '127.0.0.1');
    socket.write(
      `PUT /api/push/settings/ HTTP/1.1\r\nHost: x\r\nAuthorization: Token x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    await waitUntil(() => held.length === 1);
    expect(countInFlight()).toBe(idle + 1);
    socket.destroy();
    await waitUntil(() => countInFlight() === idle);
    held[0]?.();
    await app.close();
  });

  it('waits while a call is served, and goes on once it ends', async () => {
    const { app, held } = await buildHeldApp();
    const page = app.inject({ method: 'GET', url: '/api/cash-flow/', headers: signedIn });
    await waitUntil(() => held.length === 1);
    setTimeout(() => held[0]?.(), 150);
    const waited = await waitWhilePeopleAreServed(async () => countPeopleServedHere(20), {
      stepMilliseconds: 10,
      maxMilliseconds: 2_000,
    });
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(2_000);
    await page;
    await app.close();
  });
});
