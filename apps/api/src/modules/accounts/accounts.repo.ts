import type { AccessLevel } from '@prumo/domain/auth/roles';
import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { authTokens, loginFailures, oneTimeTokens, organizations, profiles, users } from '../../db/schema';
import { createSecret, hashSecret } from '../../lib/secrets';
import { createInvitationToken, insertInvitation } from '../invitations/index';

export type UserRow = typeof users.$inferSelect;
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;
export type OneTimeTokenPurpose = (typeof oneTimeTokens.$inferInsert)['purpose'];

export async function findUserByEmail(db: Database, organizationId: number, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.email, email)));
  return user ?? null;
}

/** Every account holding the e-mail, with its organization (a person may hold one in several); at most `limit`. */
export async function findAccountsByEmailInAnyOrganization(db: Database, email: string, limit: number) {
  return db
    .select({ user: users, organization: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.email, email))
    .orderBy(users.id)
    .limit(limit);
}

/** The user, only within their organization (the caller's). */
export async function findUserById(db: Database, organizationId: number, userId: number): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  return user ?? null;
}

/**
 * Sets a user's e-mail (a followed change link: it proves the address too) and answers what it was;
 * a unique violation when another account took the address meanwhile.
 */
export async function updateUserEmail(
  db: Executor,
  userId: number,
  email: string,
): Promise<{ previousEmail: string; firstName: string; organizationId: number } | null> {
  const [previous] = await db
    .select({ email: users.email, firstName: users.firstName, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!previous) return null;
  await db.update(users).set({ email, confirmed: true }).where(eq(users.id, userId));
  return { previousEmail: previous.email, firstName: previous.firstName, organizationId: previous.organizationId };
}

/** Password hashes of the same e-mail in other organizations (to answer 'Organizacao incorreta'). */
export async function findPasswordHashesElsewhere(
  db: Database,
  email: string,
  organizationId: number | null,
): Promise<string[]> {
  const rows = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(
      organizationId === null
        ? eq(users.email, email)
        : and(eq(users.email, email), ne(users.organizationId, organizationId)),
    );
  return rows.map((row) => row.passwordHash);
}

/** Whether a manager deactivated this account (ADR 37): it then gets no new session. */
export async function isUserDeactivated(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.deactivatedAt != null;
}

export async function findPasswordHash(db: Database, userId: number): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

/**
 * Sets a user's password hash. `replacing`: only while the stored hash is still that one (a
 * rehash loses to a change made meanwhile); `confirming`: the change also proves the e-mail.
 */
export async function updatePasswordHash(
  db: Executor,
  userId: number,
  passwordHash: string,
  options: { replacing?: string; confirming?: boolean } = {},
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, ...(options.confirming ? { confirmed: true } : {}) })
    .where(and(eq(users.id, userId), options.replacing ? eq(users.passwordHash, options.replacing) : undefined));
}

/** Confirms the user's e-mail; answers the plan hash their sign-up link carried, if any. */
export async function markEmailConfirmed(db: Executor, userId: number): Promise<{ registeredPlanHash: string | null }> {
  const [row] = await db
    .update(users)
    .set({ confirmed: true })
    .where(eq(users.id, userId))
    .returning({ registeredPlanHash: users.registeredPlanHash });
  return { registeredPlanHash: row?.registeredPlanHash ?? null };
}

export async function findAccessLevels(db: Executor, userId: number): Promise<AccessLevel[]> {
  const rows = await db.select({ accessLevel: profiles.accessLevel }).from(profiles).where(eq(profiles.userId, userId));
  return rows.map((row) => row.accessLevel);
}

/**
 * The name and CPF of an account's holder in the organization, as a bank asks for them when a
 * consent is tied to a person; null when no such user.
 */
export async function findAccountHolder(
  db: Executor,
  organizationId: number,
  userId: number,
): Promise<{ name: string; cpf: string | null } | null> {
  const [holder] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, cpf: users.cpf })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  return holder ? { name: `${holder.firstName} ${holder.lastName}`.trim(), cpf: holder.cpf || null } : null;
}

export interface NewUser {
  organizationId: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  cpf: string | null;
  passwordHash: string;
  confirmed: boolean;
  registeredPlanHash?: string | null;
}

/**
 * A user and their profile; a client may come with their planner. A planner or manager gets their
 * standing client link (Persona.hash): a planner's makes clients of that planner.
 */
export async function insertUserWithProfile(
  db: Executor,
  user: NewUser,
  accessLevel: AccessLevel,
  plannerUserId: number | null,
): Promise<UserRow> {
  const [created] = await db
    .insert(users)
    .values({ ...user, invitationHash: createInvitationToken() })
    .returning();
  if (!created) throw new Error('user not created');
  await db.insert(profiles).values({
    userId: created.id,
    accessLevel,
    plannerUserId: accessLevel === 'client' ? plannerUserId : null,
  });
  if (accessLevel !== 'client') {
    await insertInvitation(db, {
      organizationId: created.organizationId,
      role: 'client',
      issuedByUserId: created.id,
      plannerUserId: accessLevel === 'planner' ? created.id : null,
      standing: true,
      expiresAt: null,
      token: created.invitationHash,
    });
  }
  return created;
}

export async function insertAuthToken(db: Executor, userId: number, expiresAt: Date): Promise<string> {
  const key = createSecret(30);
  await db.insert(authTokens).values({ userId, keyHash: hashSecret(key), expiresAt });
  return key;
}

export async function deleteAuthToken(db: Database, userId: number, key: string): Promise<void> {
  await db.delete(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.keyHash, hashSecret(key))));
}

/** Ends every session of a user but, optionally, one (after a password change or reset). */
export async function deleteAuthTokensOfUser(db: Executor, userId: number, keepKey?: string): Promise<void> {
  const condition = keepKey
    ? and(eq(authTokens.userId, userId), ne(authTokens.keyHash, hashSecret(keepKey)))
    : eq(authTokens.userId, userId);
  await db.delete(authTokens).where(condition);
}

export async function markSignedIn(db: Executor, userId: number): Promise<void> {
  await db.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, userId));
  // Old sessions of this user are dead weight once expired.
  await db.delete(authTokens).where(and(eq(authTokens.userId, userId), gt(sql`now()`, authTokens.expiresAt)));
}

export interface AttemptLimits {
  windowMinutes: number;
  /** Failures of one account from one address. */
  perAccountAndAddress: number;
  /** Failures from one address, whatever the account. */
  perAddress: number;
}

/**
 * Books one password check for this account from this address, or answers false when a limit is
 * reached. The booking is stored as a failure at once (a success deletes it): counting and
 * booking happen under a lock on the address, so parallel attempts queue and each sees the ones
 * before it. Every count involves the address, so that one lock covers them all.
 */
export async function reservePasswordAttempt(
  db: Database,
  accountKey: string,
  address: string,
  limits: AttemptLimits,
): Promise<boolean> {
  return db.transaction(async (transaction) => {
    await transaction.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`password-attempts:${address}`}, 0))`,
    );
    const since = sql`now() - make_interval(mins => ${limits.windowMinutes})`;
    const [row] = await transaction
      .select({
        account: sql<number>`count(*) filter (where ${loginFailures.accountKey} = ${accountKey})::int`,
        address: sql<number>`count(*)::int`,
      })
      .from(loginFailures)
      .where(and(eq(loginFailures.address, address), gt(loginFailures.failedAt, since)));
    if ((row?.account ?? 0) >= limits.perAccountAndAddress || (row?.address ?? 0) >= limits.perAddress) return false;
    await transaction.insert(loginFailures).values({ accountKey, address });
    return true;
  });
}

/** After a right password: this account's failures from this address are forgotten (others stay). */
export async function deleteLoginFailures(db: Database, accountKey: string, address: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.accountKey, accountKey), eq(loginFailures.address, address)));
}

/** `newEmail`: an `email_change` link's address, which becomes the user's when it is followed. */
export async function insertOneTimeToken(
  db: Executor,
  userId: number,
  purpose: OneTimeTokenPurpose,
  validForMinutes: number,
  newEmail: string | null = null,
): Promise<string> {
  const token = createSecret(24);
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: hashSecret(token),
    expiresAt: new Date(Date.now() + validForMinutes * 60_000),
    newEmail,
  });
  return token;
}

/** Links of this purpose made for the user within the last minutes, used or not (to throttle sending them). */
export async function countRecentOneTimeTokens(
  db: Database,
  userId: number,
  purpose: OneTimeTokenPurpose,
  withinMinutes: number,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        gt(oneTimeTokens.createdAt, sql`now() - make_interval(mins => ${withinMinutes})`),
      ),
    );
  return row?.count ?? 0;
}

/** Unused links of this purpose end (a newer one replaces them, or what they would change changed). */
export async function expireOneTimeTokens(db: Executor, userId: number, purpose: OneTimeTokenPurpose): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}

/**
 * Uses a one-time token atomically: the first caller gets the user (and the link's purpose, among
 * the ones accepted, and its new e-mail), every later one null.
 */
export async function consumeOneTimeToken(
  db: Executor,
  purpose: OneTimeTokenPurpose | OneTimeTokenPurpose[],
  token: string,
): Promise<{ userId: number; purpose: OneTimeTokenPurpose; newEmail: string | null } | null> {
  const [used] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashSecret(token)),
        Array.isArray(purpose) ? inArray(oneTimeTokens.purpose, purpose) : eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: oneTimeTokens.userId, purpose: oneTimeTokens.purpose, newEmail: oneTimeTokens.newEmail });
  return used ?? null;
}

export async function findUserOrganizationSlug(db: Database, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ slug: organizations.slug })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId));
  return row?.slug ?? null;
}

/**
 * How long a dead session or one-time link is kept: a session expired this recently still answers
 * "Sessão expirada" rather than "Token inválido".
 */
const deadTokenKeptMilliseconds = 7 * 24 * 60 * 60 * 1000;

/** Sessions and one-time links that expired (or, for links, were used) over a week ago. */
export async function removeDeadTokens(db: Database, now: Date): Promise<{ sessions: number; oneTimeTokens: number }> {
  const cutoff = new Date(now.getTime() - deadTokenKeptMilliseconds);
  const sessions = await db.delete(authTokens).where(lt(authTokens.expiresAt, cutoff));
  const links = await db
    .delete(oneTimeTokens)
    .where(or(lt(oneTimeTokens.expiresAt, cutoff), lt(oneTimeTokens.usedAt, cutoff)));
  return { sessions: sessions.rowCount ?? 0, oneTimeTokens: links.rowCount ?? 0 };
}
