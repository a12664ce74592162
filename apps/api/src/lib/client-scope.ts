import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/database';
import { profiles, users } from '../db/schema';
import { type Caller, requireCaller } from '../plugins/authentication';
import { failWithDetail, permissionDenied } from './http-errors';

/** Whose money a call is about: the client themself, or a client their planner (or manager) names. */
export interface ClientScope {
  organizationId: number;
  clientUserId: number;
  caller: Caller;
}

export const ClientQuerySchema = z.object({
  clientId: DatabaseIdTextSchema.optional(),
  client: DatabaseIdTextSchema.optional(),
});

const clientNotFound = 'Não encontramos o usuário informado!';
export const clientRequired = 'Informe o cliente (clientId).';

/** Whether a call only reads a client's data or changes it. */
export type ClientAccess = 'read' | 'write';

/** A call's access by its method: GET and HEAD read, every other method writes. */
function findAccessOfRequest(request: FastifyRequest): ClientAccess {
  return request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
}

/**
 * product §6: a client's own `client`/`clientId` is ignored (their data only); a planner must name
 * one of their clients, a manager any client of the organization. Checked in one scoped query.
 * A manager only reads a client's data (ADR 13): their writes are 403 `Sem permissão`.
 */
export async function resolveClientScope(db: Database, request: FastifyRequest): Promise<ClientScope> {
  const caller = requireCaller(request);
  if (caller.role === 'client') {
    return { organizationId: caller.organizationId, clientUserId: caller.userId, caller };
  }
  const query = ClientQuerySchema.safeParse(request.query ?? {});
  const clientUserId = query.success ? (query.data.clientId ?? query.data.client) : undefined;
  if (!clientUserId) failWithDetail(400, clientRequired);
  return resolveNamedClientScope(db, caller, clientUserId, findAccessOfRequest(request));
}

/**
 * A client a planner (their own) or a manager (any of the organization) names by id, else 404.
 * Writing, a manager gets 403 once the client is found: they see the client, they do not plan.
 */
export async function resolveNamedClientScope(
  db: Database,
  caller: Caller,
  clientUserId: number,
  access: ClientAccess,
): Promise<ClientScope> {
  const [client] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, and(eq(profiles.userId, users.id), eq(profiles.accessLevel, 'client')))
    .where(
      and(
        eq(users.id, clientUserId),
        eq(users.organizationId, caller.organizationId),
        caller.role === 'manager' ? sql`true` : eq(profiles.plannerUserId, caller.userId),
      ),
    );
  if (!client) failWithDetail(404, clientNotFound);
  if (caller.role === 'manager' && access === 'write') failWithDetail(403, permissionDenied);
  return { organizationId: caller.organizationId, clientUserId, caller };
}
