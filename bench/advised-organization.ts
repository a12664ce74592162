/**
 * The organization the desk and indicators benches share: `clientCount` clients with
 * `linesPerClient` lines each over 36 months up to today, advised in turn by `plannerCount`
 * planners, with statuses, monthly import bundles and plannings, prospects, a plan of this month for
 * every client and subscriptions with their charges.
 */

import type { Database } from '@prumo/api/src/db/database';
import { organizationFeatures } from '@prumo/api/src/db/schema';
import { insertAuthToken, insertUserWithProfile } from '@prumo/api/src/modules/accounts/accounts.repo';
import { findCurrentMonth, shiftMonth } from '@prumo/domain/budget/target-month';
import type pg from 'pg';
import { createBenchOrganization, insertBenchLines } from './bench-organization';

export interface AdvisedOrganizationSize {
  clientCount: number;
  linesPerClient: number;
  plannerCount: number;
}

export async function createAdvisedOrganization(
  database: { db: Database; pool: pg.Pool },
  slug: string,
  { clientCount, linesPerClient, plannerCount }: AdvisedOrganizationSize,
  now = new Date(),
) {
  const { db, pool } = database;
  const currentMonth = findCurrentMonth(now);
  const startMonth = shiftMonth(currentMonth, -35);
  const lastDay = now.toISOString().slice(0, 10);
  const yearStart = shiftMonth(currentMonth, -11);
  const { organizationId, clients } = await createBenchOrganization(db, slug, clientCount);
  await db.insert(organizationFeatures).values({ organizationId, code: 'dashboard_indicators' });
  const person = (name: string) => ({
    organizationId,
    email: `${name}@${slug}.bench`,
    firstName: name,
    lastName: 'Bench',
    phone: '11987654321',
    cpf: null,
    passwordHash: 'unused',
    confirmed: true,
  });
  const manager = await insertUserWithProfile(db, person('gestor'), 'manager', null);
  const managerToken = await insertAuthToken(db, manager.id, new Date(Date.now() + 6 * 3_600_000));
  const plannerIds: number[] = [];
  for (let index = 0; index < plannerCount; index++) {
    plannerIds.push((await insertUserWithProfile(db, person(`planejador${index}`), 'planner', null)).id);
  }
  const clientIds = clients.map((client) => client.id);
  // Clients registered over the three years, each with a planner in turn.
  await pool.query(
    `update profiles p set planner_user_id = ($2::int[])[1 + (p.user_id % array_length($2::int[], 1))]
     where p.user_id = any($1::int[])`,
    [clientIds, plannerIds],
  );
  await pool.query(
    `update users set created_at = $2::date - (id % 1095) * interval '1 day' where id = any($1::int[])`,
    [clientIds, lastDay],
  );
  for (const clientId of clientIds) {
    await insertBenchLines(pool, organizationId, clientId, linesPerClient, { startMonth, lastDay });
  }
  // One client in 46 left and one in 46 paused, over the last year (23 does not divide the planners' turns, so every book has some).
  await pool.query(
    `insert into client_statuses (client_user_id, organization_id, status, changed_at)
     select id, $2, case when id % 46 = 0 then 'encerrado' else 'em_pausa' end, $3::date - (id % 365) * interval '1 day'
     from unnest($1::int[]) as id where id % 23 = 0`,
    [clientIds, organizationId, lastDay],
  );
  // An import a month for the last year, on a day of the client's.
  await pool.query(
    `insert into import_bundles (organization_id, client_user_id, created_at)
     select $2, id, $3::date + month * interval '1 month' + (id % 28) * interval '1 day'
     from unnest($1::int[]) as id, generate_series(0, 11) as month`,
    [clientIds, organizationId, yearStart],
  );
  // A planning a month for the last year, sent; the client accepted half of them.
  await pool.query(
    `insert into tasks (organization_id, client_user_id, type, status, title, start, "end", sent_at)
     select $2, id, 'budget-planning', case when (id + month) % 2 = 0 then 'done' else 'rejected' end::task_status,
       'Planejamento', ($3::date + month * interval '1 month')::date, ($3::date + month * interval '1 month')::date,
       $3::date + month * interval '1 month' + interval '3 days'
     from unnest($1::int[]) as id, generate_series(0, 11) as month`,
    [clientIds, organizationId, yearStart],
  );
  // This month's plan for every client: each expense category.
  await pool.query(
    `with months as (
       insert into budgets (organization_id, client_user_id, target_month, is_ideal)
       select $2, id, $3::date, false from unnest($1::int[]) as id returning id, client_user_id
     )
     insert into budget_items (budget_id, organization_id, client_user_id, category_id, amount_cents)
     select months.id, $2, months.client_user_id, categories.id, 60000
     from months cross join categories where categories.organization_id = $2 and categories.kind = 'expense'`,
    [clientIds, organizationId, currentMonth],
  );
  // Five prospects a month per planner, in every stage.
  await pool.query(
    `insert into prospects (organization_id, planner_user_id, name, stage, created_at)
     select $2, planner, 'Prospect', (array['novo','diagnostico','proposta','convertido','perdido'])[1 + (n % 5)]::prospect_stage,
       $3::date + (n % 12) * interval '1 month' + (n % 28) * interval '1 day'
     from unnest($1::int[]) as planner, generate_series(1, 60) as n`,
    [plannerIds, organizationId, yearStart],
  );
  // Half the clients subscribe to a service plan: three periods paid, and one renewal in ten failed.
  const plan = await pool.query<{ id: number }>(
    `insert into plans (organization_id, name, type, platform_amount_cents, service_amount_cents,
       recurrent_amount_cents, service_months, hashed_id)
     values ($1, 'Completo', 'service', 5000, 20000, 9900, 2, $2) returning id`,
    [organizationId, `${slug}-plan`],
  );
  await pool.query(
    `with subscribed as (
       insert into subscriptions (organization_id, client_user_id, plan_id, plan_type, platform_amount_cents,
         service_amount_cents, recurrent_amount_cents, service_months, status, billing, accepted_at)
       select $2, id, $3, 'service', 5000, 20000, 9900, 2, case when id % 10 = 0 then 'past_due' else 'active' end,
         'card', $4::date - interval '3 months'
       from unnest($1::int[]) as id where id % 2 = 0
       returning id, client_user_id, status
     )
     insert into subscription_charges (organization_id, client_user_id, subscription_id, kind, due_date, attempt,
       idempotency_key, provider, amount_cents, status, paid_at, created_at)
     select $2, s.client_user_id, s.id, 'renewal', $4::date - (3 - n) * interval '1 month', 1,
       'bench-' || s.id || '-' || n, 'sandbox', 25000,
       case when n = 3 and s.status = 'past_due' then 'failed' else 'paid' end,
       case when n = 3 and s.status = 'past_due' then null else $4::date - (3 - n) * interval '1 month' end,
       $4::date - (3 - n) * interval '1 month'
     from subscribed s, generate_series(0, 3) as n`,
    [clientIds, organizationId, plan.rows[0]?.id, lastDay],
  );
  // As autovacuum would after the imports: statistics, and the visibility map index-only reads rely on.
  await pool.query('vacuum analyze');
  const tokenExpiry = new Date(Date.now() + 6 * 3_600_000);
  return {
    organizationId,
    clientIds,
    clientTokens: clients.map((client) => client.token),
    plannerIds,
    managerToken,
    plannerTokens: await Promise.all(plannerIds.map((plannerId) => insertAuthToken(db, plannerId, tokenExpiry))),
    period: { startMonth, lastDay, yearStart },
  };
}
