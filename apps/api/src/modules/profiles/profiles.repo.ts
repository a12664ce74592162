import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { profiles, users } from '../../db/schema';
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
 * Clients the caller may see: a planner their own; a manager every client of the organization, or
 * only those they advise themselves when listing as a planner (`ownClientsOnly`).
 */
export async function findClients(db: Database, caller: Caller, ownClientsOnly: boolean, page: PageQuery) {
  const scope = buildReachableClientsWhere(caller, { ownClientsOnly });
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      profilePicture: users.profilePicture,
      lastLogin: users.lastLogin,
      registeredPlanHash: users.registeredPlanHash,
      plannerId: plannerUsers.id,
      plannerFirstName: plannerUsers.firstName,
      plannerLastName: plannerUsers.lastName,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(plannerUsers, eq(plannerUsers.id, profiles.plannerUserId))
    .where(scope)
    .orderBy(users.firstName, users.lastName, users.id)
    .limit(page.limit)
    .offset(page.offset);
  return { count: await countProfiles(db, scope), rows };
}

export async function findPlanners(db: Database, caller: Caller, page: PageQuery) {
  const scope = and(eq(users.organizationId, caller.organizationId), eq(profiles.accessLevel, 'planner')) as SQL;
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      profilePicture: users.profilePicture,
      lastLogin: users.lastLogin,
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

/** Moves a client the caller may act for to a planner of their organization; false when either is not. */
export async function updateClientPlanner(
  db: Database,
  caller: Caller,
  clientUserId: number,
  plannerUserId: number,
): Promise<boolean> {
  const [planner] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, and(eq(profiles.userId, users.id), eq(profiles.accessLevel, 'planner')))
    .where(and(eq(users.id, plannerUserId), eq(users.organizationId, caller.organizationId)));
  if (!planner) return false;
  const reachableClient = db
    .select({ id: users.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(users.id, clientUserId), buildReachableClientsWhere(caller)));
  const updated = await db
    .update(profiles)
    .set({ plannerUserId })
    .where(and(eq(profiles.accessLevel, 'client'), inArray(profiles.userId, reachableClient)))
    .returning({ id: profiles.id });
  return updated.length > 0;
}
