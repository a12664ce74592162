import { type AccessLevel, findPrimaryRole, type Role } from '@prumo/domain/auth/roles';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Database, findPlannedOnceDatabase } from '../db/database';
import { authTokens, organizationFeatures, organizations, profiles, users } from '../db/schema';
import { fail } from '../lib/domain-errors';
import { hashSecret } from '../lib/secrets';
import { isPublicRoute } from './access';

/** Who is calling: every repository builds its `where` from this. */
export interface Caller {
  userId: number;
  organizationId: number;
  organizationSlug: string;
  role: Role;
  /** The organization's flags and toggles that are on, read with the session. */
  features: readonly string[];
  tokenExpiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export const sessionMessages = {
  missing: 'As credenciais de autenticação não foram fornecidas.',
  invalid: 'Token inválido.',
  expired: 'Sessão expirada. Faça login novamente.',
};

/** The session lookup runs on every call: prepared once per connection, planned once (ADR 9). */
function prepareCallerLookup(db: Database) {
  return (
    db
      .select({
        userId: users.id,
        organizationId: users.organizationId,
        organizationSlug: organizations.slug,
        expiresAt: authTokens.expiresAt,
        levels: sql<
          AccessLevel[]
        >`array(select ${profiles.accessLevel}::text from ${profiles} where ${profiles.userId} = ${users.id})`,
        features: sql<
          string[]
        >`array(select ${organizationFeatures.code} from ${organizationFeatures} where ${organizationFeatures.organizationId} = ${users.organizationId})`,
      })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      // A deactivated account has no session (ADR 37), whatever token is left.
      .where(and(eq(authTokens.keyHash, sql.placeholder('keyHash')), isNull(users.deactivatedAt)))
      .prepare('find_caller_by_key')
  );
}

const callerLookups = new WeakMap<Database, ReturnType<typeof prepareCallerLookup>>();

type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareCallerLookup>['execute']>>[number];

/**
 * Sessions found in the last few seconds, by key hash. A screen's calls come in bursts, and for the
 * busiest ones (a cash-flow page) this lookup is one of two queries. Signing out and password
 * changes forget the user's sessions at once in this process; a revocation made by another process
 * on the same database takes effect within `sessionReuseMilliseconds`. Expiry is checked on every
 * call, cached or not. Unknown keys are never kept, so made-up keys cannot fill it.
 */
const sessionReuseMilliseconds = 3_000;
const maximumRememberedSessions = 10_000;
const rememberedSessions = new WeakMap<Database, Map<string, { row: SessionRow; foundAt: number }>>();

function findRememberedSessions(db: Database) {
  let sessions = rememberedSessions.get(db);
  if (!sessions) {
    sessions = new Map();
    rememberedSessions.set(db, sessions);
  }
  return sessions;
}

/** After sign-out or a password change or reset: the user's sessions are looked up afresh. */
export function forgetSessionsOfUser(db: Database, userId: number): void {
  const sessions = findRememberedSessions(db);
  for (const [keyHash, session] of sessions) if (session.row.userId === userId) sessions.delete(keyHash);
}

async function findSessionRow(db: Database, keyHash: string): Promise<SessionRow | undefined> {
  const sessions = findRememberedSessions(db);
  const remembered = sessions.get(keyHash);
  if (remembered && Date.now() - remembered.foundAt < sessionReuseMilliseconds) return remembered.row;
  let lookup = callerLookups.get(db);
  if (!lookup) {
    lookup = prepareCallerLookup(findPlannedOnceDatabase(db));
    callerLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ keyHash });
  sessions.delete(keyHash);
  if (row) {
    sessions.set(keyHash, { row, foundAt: Date.now() });
    if (sessions.size > maximumRememberedSessions) {
      const oldest = sessions.keys().next().value;
      if (oldest !== undefined) sessions.delete(oldest);
    }
  }
  return row;
}

async function findCallerByKey(db: Database, key: string): Promise<Caller | 'expired' | null> {
  const row = await findSessionRow(db, hashSecret(key));
  if (!row) return null;
  if (row.expiresAt.getTime() <= Date.now()) return 'expired';
  return {
    userId: row.userId,
    organizationId: row.organizationId,
    organizationSlug: row.organizationSlug,
    role: findPrimaryRole(row.levels),
    features: row.features,
    tokenExpiresAt: row.expiresAt,
  };
}

export function readTokenKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Token\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? '';
}

/**
 * Reads `Authorization: Token <key>` on every API call, before the input is validated (as Django
 * REST does): calls need a valid key unless marked public; a wrong or expired key is refused at once,
 * except on public calls, where it is ignored. The route's declared access is checked next (plugins/access.ts).
 */
export function registerAuthentication(app: FastifyInstance, db: Database): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    // Unknown addresses answer 404, and the OpenAPI pages are for anyone.
    if (!request.url.startsWith('/api/') || !request.routeOptions.url || request.url.startsWith('/api/docs')) return;
    const isPublic = isPublicRoute(request);
    const key = readTokenKey(request);
    if (key === null) {
      if (!isPublic) fail('unauthenticated', sessionMessages.missing);
      return;
    }
    const caller = key ? await findCallerByKey(db, key) : null;
    if (isPublic && (caller === null || caller === 'expired')) return;
    if (caller === 'expired') fail('unauthenticated', sessionMessages.expired);
    if (!caller) fail('unauthenticated', sessionMessages.invalid);
    request.caller = caller;
  });
}
