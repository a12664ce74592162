import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { countSessionsServingPeople, waitWhilePeopleAreServed } from '../src/jobs/yield-to-people';
import { createTestContext, type TestContext } from './helpers/test-app';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

/** A session as a web process on another machine opens it, on the test's own database. */
async function connectAsAnotherProcess(): Promise<pg.Client> {
  const options = context.database.pool.options;
  const client = new pg.Client({ ...options, application_name: 'prumo web-2 4242' });
  await client.connect();
  return client;
}

describe('a background run waiting for people', () => {
  it("counts another process's session while it runs a query and just after", async () => {
    const web = await connectAsAnotherProcess();
    try {
      const page = web.query('select pg_sleep(0.5)');
      // The other session's query is under way once it shows as active; looked at a few times.
      let serving = 0;
      for (let look = 0; look < 20 && serving === 0; look++) {
        serving = await countSessionsServingPeople(context.database.db);
        if (serving === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(serving).toBeGreaterThanOrEqual(1);
      await page;
      // Finished a moment ago: people are still being served (a page makes several queries).
      expect(await countSessionsServingPeople(context.database.db, 60_000)).toBeGreaterThanOrEqual(1);
    } finally {
      await web.end();
    }
  });

  it('waits while people are served and goes on once nobody is', async () => {
    const counts = [3, 1, 0, 5];
    const waited = await waitWhilePeopleAreServed(async () => counts.shift() ?? 0, {
      stepMilliseconds: 10,
      maxMilliseconds: 1_000,
    });
    expect(waited).toBe(20);
    expect(counts).toEqual([5]);
  });

  it('goes on after the longest wait when the database never rests', async () => {
    let looks = 0;
    const waited = await waitWhilePeopleAreServed(
      async () => {
        looks += 1;
        return 2;
      },
      { stepMilliseconds: 10, maxMilliseconds: 50 },
    );
    expect(waited).toBe(50);
    expect(looks).toBe(5);
  });
});
