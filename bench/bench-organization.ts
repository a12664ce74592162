import type { Database } from '@prumo/api/src/db/database';
import { organizations } from '@prumo/api/src/db/schema';
import { insertAuthToken, insertUserWithProfile } from '@prumo/api/src/modules/accounts/accounts.repo';
import { insertDefaultCategories } from '@prumo/api/src/modules/categories/categories.repo';
import type pg from 'pg';

/** An organization with `clientCount` clients, each signed in; the password is never used. */
export async function createBenchOrganization(db: Database, slug: string, clientCount: number) {
  const [organization] = await db
    .insert(organizations)
    .values({ slug, name: slug, corporateName: `${slug} Ltda.` })
    .returning();
  if (!organization) throw new Error('no organization');
  await insertDefaultCategories(db, organization.id);
  const clients: { id: number; token: string }[] = [];
  for (let index = 0; index < clientCount; index++) {
    const user = await insertUserWithProfile(
      db,
      {
        organizationId: organization.id,
        email: `cliente${index}@${slug}.bench`,
        firstName: 'Cliente',
        lastName: String(index),
        phone: '11987654321',
        cpf: null,
        passwordHash: 'unused',
        confirmed: true,
      },
      'client',
      null,
    );
    clients.push({ id: user.id, token: await insertAuthToken(db, user.id, new Date(Date.now() + 6 * 3_600_000)) });
  }
  return { organizationId: organization.id, clients };
}

/**
 * A client's lines from `startMonth` to `lastDay`, made by PostgreSQL itself, in a new account
 * whose balance is known (as a statement import leaves it): a fifth uncategorized, one in fifty
 * marked fixed.
 */
export async function insertBenchLines(
  pool: pg.Pool,
  organizationId: number,
  clientId: number,
  count: number,
  period: { startMonth: string; lastDay: string },
): Promise<void> {
  await pool.query(
    `with origin as (
       insert into origins (organization_id, client_user_id, kind, bank_code, branch, account_number, balance_cents, balance_date)
       values ($1, $2, 'bank_account', '341', '1234', '56789-0', 1234567, $5::date) returning id
     ), tree as (
       select array_agg(d.id order by d.id) as description_ids, array_agg(d.category_id order by d.id) as category_ids
       from descriptions d where d.organization_id = $1
     )
     insert into transactions (organization_id, client_user_id, origin_id, date, cash_date, amount_cents, name,
       merchant_key, category_id, description_id, categorized_by, created_from, identity_key, is_fixed)
     select $1, $2, origin.id, day, day, amount, merchant, merchant, category_id, description_id,
       case when category_id is null then null else 'rule'::categorized_by end, 'import', n, n % 50 = 0
     from origin, tree, generate_series(1, $3) as n,
       lateral (select ($5::date - (n % ($5::date - $4::date + 1))) as day,
                       case when n % 10 = 0 then 100000 + (n % 5000) * 10 else -((n * 7919) % 50000) - 100 end as amount,
                       'ESTABELECIMENTO ' || (n % 500) as merchant,
                       case when n % 5 = 0 then null else tree.category_ids[1 + n % array_length(tree.category_ids, 1)] end as category_id,
                       case when n % 5 = 0 then null else tree.description_ids[1 + n % array_length(tree.description_ids, 1)] end as description_id) as line`,
    [organizationId, clientId, count, period.startMonth, period.lastDay],
  );
}

/**
 * A full budget for `monthCount` months from `startMonth`: each month plans every expense category
 * and the income categories.
 */
export async function insertBenchBudget(
  pool: pg.Pool,
  organizationId: number,
  clientId: number,
  period: { startMonth: string; monthCount: number },
): Promise<void> {
  await pool.query(
    `with months as (
       insert into budgets (organization_id, client_user_id, target_month, is_ideal)
       select $1, $2, month::date, false
       from generate_series($3::date, $3::date + ($4::int - 1) * interval '1 month', interval '1 month') as month
       returning id
     )
     insert into budget_items (budget_id, organization_id, client_user_id, category_id, amount_cents)
     select months.id, $1, $2, categories.id, case when categories.kind = 'income' then 900000 else 50000 + categories.id * 100 end
     from months cross join categories
     where categories.organization_id = $1 and categories.kind in ('expense', 'income')`,
    [organizationId, clientId, period.startMonth, period.monthCount],
  );
}
