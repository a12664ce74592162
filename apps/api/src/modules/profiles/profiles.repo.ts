import { and, count, eq, inArray, isNotNull, isNull, type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/database';
import { authTokens, profiles, users } from '../../db/schema';
import type { PageQuery } from '../../lib/pagination';
import { buildReachableClientsWhere } from '../../lib/scope';
import type { Caller } from '../../plugins/authentication';

const plannerUsers = alias(users, 'planner_users');

export async function findSelf(db: Database, caller: Caller) {
  const [self] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, caller.userId), eq(users.organizationId, caller.organizationId)));
  return self ?? null;
}

/** The planner of the caller's client profile, if any. */
export async function findOwnPlanner(db: Database, caller: Caller) {
  const [planner] = await db
    .select({
      id: plannerUsers.id,
      firstName: plannerUsers.firstName,
      lastName: plannerUsers.lastName,
      email: plannerUsers.email,
      phone: plannerUsers.phone,
      profilePicture: plannerUsers.profilePicture,
    })
    .from(profiles)
    .innerJoin(plannerUsers, eq(plannerUsers.id, profiles.plannerUserId))
    .where(
      and(
        eq(profiles.userId, caller.userId),
        eq(profiles.accessLevel, 'client'),
        eq(plannerUsers.organizationId, caller.organizationId),
      ),
    );
  return planner ?? null;
}

export async function updateSelf(db: Database, caller: Caller, changes: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set(changes)
    .where(and(eq(users.id, caller.userId), eq(users.organizationId, caller.organizationId)));
}

/** How many profiles (with their users) answer a condition: a list's count beside its page. */
async function countProfiles(db: Database, condition: SQL): Promise<number> {
  const [total] = await db
    .select({ total: count() })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(condition);
  return total?.total ?? 0;
}

/**
 * A user with a planner profile in the caller's organization; with `accountsOnly`, not a manager
 * too (a manager's account is not deactivated from the team screen).
 */
function buildPlannerOfOrganizationWhere(caller: Caller, accountsOnly = false): SQL {
  return and(
    eq(users.organizationId, caller.organizationId),
    eq(profiles.accessLevel, 'planner'),
    accountsOnly
      ? sql`not exists (select 1 from profiles as manager_profiles where manager_profiles.user_id = ${users.id} and manager_profiles.access_level = 'manager')`
      : undefined,
  ) as SQL;
}

/** The organization's active planners, or the deactivated ones, with their book size and last access. */
export async function findPlanners(db: Database, caller: Caller, page: PageQuery, active: boolean) {
  const scope = and(
    buildPlannerOfOrganizationWhere(caller),
    active ? isNull(users.deactivatedAt) : isNotNull(users.deactivatedAt),
  ) as SQL;
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      profilePicture: users.profilePicture,
      lastLogin: users.lastLogin,
      deactivatedAt: users.deactivatedAt,
      clientsCount: sql<number>`(select count(*)::int from profiles as client_profiles where client_profiles.planner_user_id = ${users.id} and client_profiles.access_level = 'client')`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(scope)
    .orderBy(users.firstName, users.lastName, users.id)
    .limit(page.limit)
    .offset(page.offset);
  return { count: await countProfiles(db, scope), rows };
}

/**
 * One of the organization's planners, locked until the transaction ends: moving clients to them
 * and deactivating them wait for each other, so no client lands on a planner being deactivated.
 */
async function lockPlanner(transaction: Transaction, caller: Caller, plannerUserId: number, accountsOnly = false) {
  const [planner] = await transaction
    .select({ id: users.id, deactivatedAt: users.deactivatedAt })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, plannerUserId), buildPlannerOfOrganizationWhere(caller, accountsOnly)))
    .for('update', { of: users });
  return planner ?? null;
}

export type PlannerChange = { moved: number } | 'planner-not-found' | 'planner-inactive' | 'client-not-found';

/**
 * Moves these clients of the caller's reach to an active planner of the organization, all or none:
 * one client out of reach and nothing moves.
 */
export async function updateClientsPlanner(
  db: Database,
  caller: Caller,
  clientUserIds: readonly number[],
  plannerUserId: number,
): Promise<PlannerChange> {
  const wanted = [...new Set(clientUserIds)];
  const outcome = await db
    .transaction(async (transaction): Promise<PlannerChange> => {
      const planner = await lockPlanner(transaction, caller, plannerUserId);
      if (!planner) return 'planner-not-found';
      if (planner.deactivatedAt) return 'planner-inactive';
      const reachableClients = transaction
        .select({ id: users.id })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(and(inArray(users.id, wanted), buildReachableClientsWhere(caller)));
      const updated = await transaction
        .update(profiles)
        .set({ plannerUserId })
        .where(and(eq(profiles.accessLevel, 'client'), inArray(profiles.userId, reachableClients)))
        .returning({ id: profiles.id });
      if (updated.length !== wanted.length) {
        transaction.rollback();
      }
      return { moved: updated.length };
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return 'client-not-found' as const;
      throw error;
    });
  return outcome;
}

export type PlannerDeactivation = 'done' | 'not-found' | 'already-inactive' | { clientsLeft: number };

/** Deactivates a planner with no clients left and ends their sessions, in one transaction. */
export async function deactivatePlanner(
  db: Database,
  caller: Caller,
  plannerUserId: number,
): Promise<PlannerDeactivation> {
  return db.transaction(async (transaction) => {
    const planner = await lockPlanner(transaction, caller, plannerUserId, true);
    if (!planner) return 'not-found';
    if (planner.deactivatedAt) return 'already-inactive';
    const [book] = await transaction
      .select({ total: count() })
      .from(profiles)
      .where(and(eq(profiles.plannerUserId, plannerUserId), eq(profiles.accessLevel, 'client')));
    const clientsLeft = book?.total ?? 0;
    if (clientsLeft > 0) return { clientsLeft };
    await transaction.update(users).set({ deactivatedAt: sql`now()` }).where(eq(users.id, plannerUserId));
    await transaction.delete(authTokens).where(eq(authTokens.userId, plannerUserId));
    return 'done';
  });
}

export type PlannerReactivation = 'done' | 'not-found' | 'already-active';

/** A deactivated planner of the organization may sign in again, with an empty book. */
export async function reactivatePlanner(
  db: Database,
  caller: Caller,
  plannerUserId: number,
): Promise<PlannerReactivation> {
  return db.transaction(async (transaction) => {
    const planner = await lockPlanner(transaction, caller, plannerUserId, true);
    if (!planner) return 'not-found';
    if (!planner.deactivatedAt) return 'already-active';
    await transaction.update(users).set({ deactivatedAt: null }).where(eq(users.id, plannerUserId));
    return 'done';
  });
}
