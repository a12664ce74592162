import { and, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { profiles, users } from '../../db/schema';
import type { PageQuery } from '../../lib/pagination';
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

/**
 * Clients the caller may see: a planner their own, a manager (asking as manager) every client
 * of the organization. The scope is in the query, never checked after the fact.
 */
export async function findClients(db: Database, caller: Caller, asManager: boolean, page: PageQuery) {
  const scope = and(
    eq(users.organizationId, caller.organizationId),
    eq(profiles.accessLevel, 'client'),
    asManager ? undefined : eq(profiles.plannerUserId, caller.userId),
  );
  const [total] = await db
    .select({ total: count() })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(scope);
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
  return { count: total?.total ?? 0, rows };
}

export async function findPlanners(db: Database, caller: Caller, page: PageQuery) {
  const scope = and(eq(users.organizationId, caller.organizationId), eq(profiles.accessLevel, 'planner'));
  const [total] = await db
    .select({ total: count() })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(scope);
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
  return { count: total?.total ?? 0, rows };
}

/** Moves a client to a planner, both of the caller's organization; false when either is not. */
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
  const updated = await db
    .update(profiles)
    .set({ plannerUserId })
    .where(
      and(
        eq(profiles.userId, clientUserId),
        eq(profiles.accessLevel, 'client'),
        sql`${profiles.userId} in (select ${users.id} from ${users} where ${users.organizationId} = ${caller.organizationId})`,
      ),
    )
    .returning({ id: profiles.id });
  return updated.length > 0;
}
