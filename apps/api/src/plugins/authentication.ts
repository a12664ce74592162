import { type AccessLevel, findPrimaryRole, hasRoleAtLeast, type Role } from '@prumo/domain/auth/roles';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { authTokens, organizations, profiles, users } from '../db/schema';
import { failWithDetail, permissionDenied } from '../lib/http-errors';
import { hashSecret } from '../lib/secrets';

/** Who is calling: every repository builds its `where` from this. */
export interface Caller {
  userId: number;
  organizationId: number;
  organizationSlug: string;
  role: Role;
  tokenExpiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** A call for visitors (sign-in, registration…): a stale key is ignored there, not refused. */
    public?: boolean;
  }
}

export const sessionMessages = {
  missing: 'As credenciais de autenticação não foram fornecidas.',
  invalid: 'Token inválido.',
  expired: 'Sessão expirada. Faça login novamente.',
};

/** The session lookup runs on every call: prepared once per connection, planned once. */
function prepareCallerLookup(db: Database) {
  return db
    .select({
      userId: users.id,
      organizationId: users.organizationId,
      organizationSlug: organizations.slug,
      expiresAt: authTokens.expiresAt,
      levels: sql<
        AccessLevel[]
      >`array(select ${profiles.accessLevel}::text from ${profiles} where ${profiles.userId} = ${users.id})`,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(authTokens.keyHash, sql.placeholder('keyHash')))
    .prepare('find_caller_by_key');
}

const callerLookups = new WeakMap<Database, ReturnType<typeof prepareCallerLookup>>();

async function findCallerByKey(db: Database, key: string): Promise<Caller | 'expired' | null> {
  let lookup = callerLookups.get(db);
  if (!lookup) {
    lookup = prepareCallerLookup(db);
    callerLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ keyHash: hashSecret(key) });
  if (!row) return null;
  if (row.expiresAt.getTime() <= Date.now()) return 'expired';
  return {
    userId: row.userId,
    organizationId: row.organizationId,
    organizationSlug: row.organizationSlug,
    role: findPrimaryRole(row.levels),
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
 * except on public calls, where it is ignored. Role checks follow in the handlers (requireCaller).
 */
export function registerAuthentication(app: FastifyInstance, db: Database): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    // Unknown addresses answer 404, and the OpenAPI pages are for anyone.
    if (!request.url.startsWith('/api/') || !request.routeOptions.url || request.url.startsWith('/api/docs')) return;
    const isPublic = request.routeOptions.config.public === true;
    const key = readTokenKey(request);
    if (key === null) {
      if (!isPublic) failWithDetail(401, sessionMessages.missing);
      return;
    }
    const caller = key ? await findCallerByKey(db, key) : null;
    if (isPublic && (caller === null || caller === 'expired')) return;
    if (caller === 'expired') failWithDetail(401, sessionMessages.expired);
    if (!caller) failWithDetail(401, sessionMessages.invalid);
    request.caller = caller;
  });
}

/** The caller of a call that needs a session, at least of `minimumRole`. */
export function requireCaller(request: FastifyRequest, minimumRole: AccessLevel = 'client'): Caller {
  const caller = request.caller;
  if (!caller) failWithDetail(401, sessionMessages.missing);
  if (!hasRoleAtLeast(caller.role, minimumRole)) failWithDetail(403, permissionDenied);
  return caller;
}
