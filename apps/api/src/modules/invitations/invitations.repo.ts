import type { AccessLevel } from '@prumo/domain/auth/roles';
import { and, count, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { invitations, profiles, users } from '../../db/schema';
import type { PageQuery } from '../../lib/pagination';
import { buildManagedInvitationsWhere } from '../../lib/scope';
import { createSecret } from '../../lib/secrets';
import type { Caller } from '../../plugins/authentication';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;
export type InvitationRow = typeof invitations.$inferSelect;

/** 18 random bytes (144 bits): an invitation token cannot be guessed. */
export function createInvitationToken(): string {
  return createSecret(18);
}

export interface NewInvitation {
  organizationId: number;
  role: AccessLevel;
  issuedByUserId: number;
  plannerUserId: number | null;
  standing?: boolean;
  expiresAt: Date | null;
  token?: string;
}

export async function insertInvitation(db: Executor, invitation: NewInvitation): Promise<InvitationRow> {
  const [created] = await db
    .insert(invitations)
    .values({ ...invitation, token: invitation.token ?? createInvitationToken() })
    .returning();
  if (!created) throw new Error('invitation not created');
  return created;
}

const isUsable = () =>
  and(isNull(invitations.revokedAt), or(isNull(invitations.expiresAt), gt(invitations.expiresAt, sql`now()`)));

/**
 * The invitation of this token in this organization (looked up, never compared in code), whether it
 * can still be used, and the issuer with their current profiles.
 */
export async function findInvitationByToken(db: Database, organizationId: number, token: string) {
  const [found] = await db
    .select({
      id: invitations.id,
      role: invitations.role,
      plannerUserId: invitations.plannerUserId,
      used: sql<boolean>`${invitations.usedAt} is not null`,
      usable: sql<boolean>`${isUsable()}`,
      issuerFirstName: users.firstName,
      issuerLastName: users.lastName,
      issuerDeactivated: sql<boolean>`${users.deactivatedAt} is not null`,
      issuerLevels: sql<
        AccessLevel[]
      >`array(select ${profiles.accessLevel}::text from ${profiles} where ${profiles.userId} = ${users.id})`,
    })
    .from(invitations)
    .innerJoin(users, and(eq(users.id, invitations.issuedByUserId), eq(users.organizationId, organizationId)))
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.token, token)));
  return found ?? null;
}

/** The managed links, narrowed to one role or one id when asked. */
export interface InvitationFilter {
  role?: AccessLevel;
  id?: number;
}

function buildInvitationsWhere(caller: Caller, filter: InvitationFilter): SQL {
  return and(
    buildManagedInvitationsWhere(caller),
    filter.role ? eq(invitations.role, filter.role) : undefined,
    filter.id === undefined ? undefined : eq(invitations.id, filter.id),
  ) as SQL;
}

/**
 * Marks a single-use link used by this user, in the registration's transaction. One statement decides,
 * so of two registrations racing on one link only one gets the row; false for the other.
 */
export async function claimInvitation(db: Executor, id: number, userId: number): Promise<boolean> {
  const claimed = await db
    .update(invitations)
    .set({ usedAt: sql`now()`, usedByUserId: userId })
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt), isUsable()))
    .returning({ id: invitations.id });
  return claimed.length === 1;
}

const issuers = alias(users, 'issuers');
const planners = alias(users, 'invitation_planners');
const registrants = alias(users, 'invitation_registrants');

/** The links not revoked, newest first (expired and used ones too, so their expiry and registrant show). */
export async function findInvitations(db: Database, caller: Caller, filter: InvitationFilter, page: PageQuery) {
  const condition = and(buildInvitationsWhere(caller, filter), isNull(invitations.revokedAt));
  const [total] = await db.select({ total: count() }).from(invitations).where(condition);
  const rows = await db
    .select({
      invitation: invitations,
      issuer: { id: issuers.id, firstName: issuers.firstName, lastName: issuers.lastName },
      planner: { id: planners.id, firstName: planners.firstName, lastName: planners.lastName },
      usedBy: { id: registrants.id, firstName: registrants.firstName, lastName: registrants.lastName },
      // A deactivated issuer's links register nobody (ADR 37): they show as expired.
      expired: sql<boolean>`(coalesce(${invitations.expiresAt} <= now(), false) or ${issuers.deactivatedAt} is not null)`,
    })
    .from(invitations)
    .innerJoin(issuers, eq(issuers.id, invitations.issuedByUserId))
    .leftJoin(planners, eq(planners.id, invitations.plannerUserId))
    .leftJoin(registrants, eq(registrants.id, invitations.usedByUserId))
    .where(condition)
    .orderBy(desc(invitations.standing), desc(invitations.createdAt), desc(invitations.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.total ?? 0, rows };
}

export type ListedInvitation = Awaited<ReturnType<typeof findInvitations>>['rows'][number];

/**
 * Revokes a link the caller manages; null when there is none (or it was revoked already).
 * A standing client link is replaced at once by a new one, so Persona.hash keeps working.
 */
export async function revokeInvitation(db: Database, caller: Caller, id: number) {
  return db.transaction(async (transaction) => {
    const [revoked] = await transaction
      .update(invitations)
      .set({ revokedAt: sql`now()` })
      .where(and(buildInvitationsWhere(caller, { id }), isNull(invitations.revokedAt)))
      .returning();
    if (!revoked) return null;
    if (revoked.standing) {
      const replacement = await insertInvitation(transaction, {
        organizationId: revoked.organizationId,
        role: revoked.role,
        issuedByUserId: revoked.issuedByUserId,
        plannerUserId: revoked.plannerUserId,
        standing: true,
        expiresAt: null,
      });
      await transaction
        .update(users)
        .set({ invitationHash: replacement.token })
        .where(eq(users.id, revoked.issuedByUserId));
    }
    return revoked;
  });
}
