import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Database, findPlannedOnceDatabase } from '../src/db/database';
import { createTestContext, type TestContext } from './helpers/test-app';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

async function readPlanCacheMode(db: Database) {
  const result = await db.execute<{ mode: string }>(sql`select current_setting('plan_cache_mode') as mode`);
  return result.rows[0]?.mode;
}

/** ADR 9: the busy screens' prepared reads are planned once; every other query as PostgreSQL chooses. */
describe('connections for prepared reads', () => {
  it('plan a prepared statement once, while the app’s other connections keep PostgreSQL’s choice', async () => {
    const database = context.database.db;
    expect(findPlannedOnceDatabase(database)).not.toBe(database);
    expect(await readPlanCacheMode(findPlannedOnceDatabase(database))).toBe('force_generic_plan');
    expect(await readPlanCacheMode(database)).toBe('auto');
  });
});
