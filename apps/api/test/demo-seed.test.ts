import { findCurrentMonth, formatMonthWithSlash } from '@prumo/domain/budget/target-month';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { budgetItems, organizations, tasks, users } from '../src/db/schema';
import { demoOrganizations, demoPassword, seedMissingDemoOrganizations } from '../src/db/seed/demo';
import { insertDemoBudgetPlanning } from '../src/db/seed/demo-budget-planning';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let context: TestContext;

// 23:30 on the last day of this month in Brasília, already next month in UTC: the demo plans this
// month. Never before the real day: the database's own clock checks the sign-in tokens.
const plannedMonth = findCurrentMonth(new Date());
const [plannedYear, plannedMonthNumber] = plannedMonth.split('-').map(Number) as [number, number];
const frozenAt = new Date(Date.UTC(plannedYear, plannedMonthNumber, 1, 2, 30));
const plannedMonthEnd = new Date(Date.UTC(plannedYear, plannedMonthNumber, 0)).toISOString().slice(0, 10);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(frozenAt);
  context = await createTestContext();
});

afterAll(() => {
  vi.useRealTimers();
});

async function signIn(email: string, organization: string): Promise<string> {
  const response = await call(context, 'POST', '/api/rest-auth/login/', {
    payload: { email, password: demoPassword, organization },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().key;
}

describe('the demo seed', () => {
  // Each demo person's password is hashed at production cost: seconds each on a busy machine.
  it('gives the demo client this month’s budget, planned by their planner and waiting for them as a task', async () => {
    expect(await seedMissingDemoOrganizations(context.database.db)).toEqual(['demo', 'outra']);
    const token = await signIn('cliente@demo.com.br', 'demo');

    const budget = (await call(context, 'GET', '/api/budget/?asset=true', { token })).json();
    expect(budget).toMatchObject({
      target_month: plannedMonth,
      total_income: 950_000,
      total_expense: 538_990,
      total_asset_transfer: 100_000,
      result: 411_010,
    });
    expect(budget.income_items).toEqual([
      expect.objectContaining({ category_name: 'Renda', description_name: 'Salário', amount: 950_000 }),
    ]);

    const pending = (await call(context, 'GET', '/api/tasks/task/', { token })).json();
    expect(pending.count).toBe(1);
    expect(pending.results[0]).toMatchObject({
      type: 'budget-planning',
      status: 'pending',
      title: `Planejamento do orçamento de ${formatMonthWithSlash(plannedMonth)}`,
      start: plannedMonth,
      end: plannedMonthEnd,
      created_by_name: 'Paulo Planejador',
    });
    const planning = await call(context, 'GET', `/api/tasks/budget-planning/${pending.results[0].id}/`, { token });
    expect(planning.json()).toMatchObject({ target_month: plannedMonth, budget: budget.id });

    // The other demo client and organization start with nothing planned.
    const otherClient = await signIn('cliente2@demo.com.br', 'demo');
    expect((await call(context, 'GET', '/api/tasks/task/', { token: otherClient })).json().count).toBe(0);
    const outraClient = await signIn('cliente@outra.com.br', 'outra');
    expect((await call(context, 'GET', '/api/budget/', { token: outraClient })).json().total_expense).toBe(0);
  }, 60_000);

  it('adds nothing when run again', async () => {
    const { db } = context.database;
    await seedMissingDemoOrganizations(db);
    const [demo] = await db.select().from(organizations).where(eq(organizations.slug, 'demo'));
    if (!demo) throw new Error('the demo organization was not seeded');
    const idOf = async (email: string) => {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.organizationId, demo.id), eq(users.email, email)));
      if (!user) throw new Error(`${email} was not seeded`);
      return user.id;
    };
    const clientUserId = await idOf('cliente@demo.com.br');
    const plannerUserId = await idOf('planejador@demo.com.br');
    const count = async () => ({
      items: (await db.select().from(budgetItems).where(eq(budgetItems.clientUserId, clientUserId))).length,
      tasks: (await db.select().from(tasks).where(eq(tasks.clientUserId, clientUserId))).length,
    });
    const before = await count();
    expect(before).toEqual({ items: 7, tasks: 1 });

    expect(await seedMissingDemoOrganizations(db)).toEqual([]);
    const plan = demoOrganizations.find((organization) => organization.slug === 'demo')?.budgetPlanning;
    if (!plan) throw new Error('the demo organization plans nothing');
    const caller = {
      userId: plannerUserId,
      organizationId: demo.id,
      organizationSlug: demo.slug,
      role: 'planner' as const,
      features: [],
      tokenExpiresAt: new Date(),
    };
    await insertDemoBudgetPlanning(db, { organizationId: demo.id, clientUserId, caller }, plan, new Date());
    expect(await count()).toEqual(before);
  });
});
