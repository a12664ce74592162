import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { countPeopleServedHere, waitWhilePeopleAreServed } from '../src/jobs/yield-to-people';
import { registerPeopleServed } from '../src/plugins/people-served';

/** A bare app whose calls end only when the test says so. */
async function buildHeldApp() {
  const app = Fastify();
  registerPeopleServed(app);
  const held: (() => void)[] = [];
  const hold = () => new Promise<void>((resolve) => held.push(resolve));
  app.get('/api/cash-flow/', async () => {
    await hold();
    return { ok: true };
  });
  app.get('/api/live/', async () => {
    await hold();
    return { ok: true };
  });
  await app.ready();
  return { app, held };
}

async function waitUntil(condition: () => boolean) {
  await expect.poll(condition, { timeout: 2_000, interval: 5 }).toBe(true);
}

describe("background runs give way to this process's own calls", () => {
  it('counts a call while it is served and just after, never the live stream', async () => {
    const { app, held } = await buildHeldApp();
    const idle = countPeopleServedHere(100, Date.now() + 1_000);
    const stream = app.inject({ method: 'GET', url: '/api/live/' });
    await waitUntil(() => held.length === 1);
    expect(countPeopleServedHere(100, Date.now() + 1_000)).toBe(idle);

    const page = app.inject({ method: 'GET', url: '/api/cash-flow/' });
    await waitUntil(() => held.length === 2);
    expect(countPeopleServedHere(100, Date.now() + 1_000)).toBe(idle + 1);

    held[1]?.();
    expect((await page).statusCode).toBe(200);
    // Just ended: still counted for a moment, then no longer.
    expect(countPeopleServedHere(100)).toBeGreaterThan(idle);
    expect(countPeopleServedHere(100, Date.now() + 1_000)).toBe(idle);
    held[0]?.();
    await stream;
    await app.close();
  });

  it('waits while a call is served, and goes on once it ends', async () => {
    const { app, held } = await buildHeldApp();
    const page = app.inject({ method: 'GET', url: '/api/cash-flow/' });
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
