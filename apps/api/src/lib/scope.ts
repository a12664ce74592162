import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import { and, count, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database, Transaction } from '../db/database';
import { invitations, plans, profiles, prospects, tasks, users } from '../db/schema';
import type { Caller } from '../plugins/authentication';
import { failInvalid, failNotAllowed, failNotFound } from './domain-errors';

/**
 * Who may see and change which clients' rows. Every repository builds its `where` from these
 * functions, inside the query itself: rows outside the caller's reach are never fetched.
 *
 * - A client acts on their own data only; a `client`/`clientId` they send is ignored.
 * - A planner acts on the clients whose profile names them as planner.
 * - A manager reads every client of the organization and changes none of their money.
 * - A client never sees a task or planning their planner has not sent yet (a draft).
 * - Prospects, invitation links and plans follow the same lines (their rules are at the end).
 */
export interface Scope {
  caller: Caller;
  organizationId: number;
  /**
   * The one client the call is about, or null when it spans every client the caller may act for.
   * Only the functions below set it, after checking that the client is within the caller's reach.
   */
  clientUserId: number | null;
}

/** A scope about one client: the client themself, or the client a planner or manager named. */
export interface ClientScope extends Scope {
  clientUserId: number;
}

/** Whether a call only reads a client's data or changes it. */
export type ClientAccess = 'read' | 'write';

export const ClientQuerySchema = z.object({
  clientId: DatabaseIdTextSchema.optional(),
  client: DatabaseIdTextSchema.optional(),
});

export const scopeMessages = {
  clientNotFound: 'Não encontramos o usuário informado!',
  clientRequired: 'Informe o cliente (clientId).',
};

/** The caller's whole reach: a client's own data, or every client a planner or manager may act for. */
export function buildCallerScope(caller: Caller): Scope {
  return {
    caller,
    organizationId: caller.organizationId,
    clientUserId: caller.role === 'client' ? caller.userId : null,
  };
}

/** A client as a job knows them: enough to read and write their data as they would. */
export interface ClientOfJob {
  organizationId: number;
  organizationSlug: string;
  clientUserId: number;
  /** The organization's feature codes. */
  features: readonly string[];
}

/** A job acts on a client's money as the client would: their own data, nothing else. */
export function buildClientOwnScope(client: ClientOfJob, now: Date): ClientScope {
  return {
    organizationId: client.organizationId,
    clientUserId: client.clientUserId,
    caller: {
      userId: client.clientUserId,
      organizationId: client.organizationId,
      organizationSlug: client.organizationSlug,
      role: 'client',
      features: client.features,
      tokenExpiresAt: now,
    },
  };
}

/** The client a query string names (`clientId`, or the older `client`), if any. */
export function readNamedClientId(query: unknown): number | null {
  const parsed = ClientQuerySchema.safeParse(query ?? {});
  return parsed.success ? (parsed.data.clientId ?? parsed.data.client ?? null) : null;
}

/**
 * Condition on `profiles` joined to `users` for the client profiles this caller may act for.
 * `ownClientsOnly`: a manager working as a planner reaches the clients they advise themselves.
 */
export function buildReachableClientsWhere(caller: Caller, options: { ownClientsOnly?: boolean } = {}): SQL {
  const clientsOfOrganization = and(
    eq(users.organizationId, caller.organizationId),
    eq(profiles.accessLevel, 'client'),
  ) as SQL;
  if (caller.role === 'manager' && !options.ownClientsOnly) return clientsOfOrganization;
  if (caller.role === 'manager' || caller.role === 'planner') {
    return and(clientsOfOrganization, eq(profiles.plannerUserId, caller.userId)) as SQL;
  }
  return and(clientsOfOrganization, eq(users.id, caller.userId)) as SQL;
}

/**
 * The scope of a call about one client: the caller themself when a client calls; otherwise the
 * client the query names, which must be within the caller's reach (else 404).
 */
export async function resolveClientScope(
  db: Database,
  caller: Caller,
  query: unknown,
  access: ClientAccess,
): Promise<ClientScope> {
  if (caller.role === 'client') {
    return { caller, organizationId: caller.organizationId, clientUserId: caller.userId };
  }
  const clientUserId = readNamedClientId(query);
  if (clientUserId === null) failInvalid(scopeMessages.clientRequired);
  return resolveNamedClientScope(db, caller, clientUserId, access);
}

/**
 * A client a planner (their own) or a manager (any of the organization) names by id, else 404.
 * A manager reading is fine; a manager changing a client's data gets 403 once the client is found.
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
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, clientUserId), buildReachableClientsWhere(caller)));
  if (!client) failNotFound(scopeMessages.clientNotFound);
  if (caller.role === 'manager' && access === 'write') failNotAllowed();
  return { caller, organizationId: caller.organizationId, clientUserId };
}

/**
 * The scope of a call that may name one client or none: a client's own data; a planner's or
 * manager's whole reach, narrowed to the client the query names (which must be within it, else 404).
 */
export async function resolveReachScope(
  db: Database,
  caller: Caller,
  query: unknown,
  access: ClientAccess,
): Promise<Scope> {
  const clientUserId = caller.role === 'client' ? null : readNamedClientId(query);
  if (clientUserId === null) return buildCallerScope(caller);
  return resolveNamedClientScope(db, caller, clientUserId, access);
}

/** A table whose rows belong to one client of one organization. */
export interface ClientOwnedTable {
  organizationId: PgColumn;
  clientUserId: PgColumn;
}

/** The rows of a client-owned table within the scope: its one client, or every client the caller may act for. */
export function buildClientOwnedWhere(table: ClientOwnedTable, scope: Scope): SQL {
  const inOrganization = eq(table.organizationId, scope.organizationId);
  // A scope's one client was checked against the caller's reach when the scope was made.
  if (scope.clientUserId !== null) return and(inOrganization, eq(table.clientUserId, scope.clientUserId)) as SQL;
  const { caller } = scope;
  if (caller.role === 'manager') return inOrganization;
  if (caller.role === 'client') return and(inOrganization, eq(table.clientUserId, caller.userId)) as SQL;
  return and(
    inOrganization,
    inArray(
      table.clientUserId,
      sql`(select ${profiles.userId} from ${profiles} where ${profiles.plannerUserId} = ${caller.userId} and ${profiles.accessLevel} = 'client')`,
    ),
  ) as SQL;
}

/** Tasks (plannings included) the scope may see: a client never sees a draft their planner has not sent. */
export function buildVisibleTasksWhere(scope: Scope): SQL {
  return and(
    buildClientOwnedWhere(tasks, scope),
    scope.caller.role === 'client' ? isNotNull(tasks.sentAt) : undefined,
  ) as SQL;
}

/** Budget plannings the scope may see: the visible tasks of that type, drafts only to advisers. */
export function buildVisiblePlanningsWhere(scope: Scope): SQL {
  return and(buildVisibleTasksWhere(scope), eq(tasks.type, 'budget-planning')) as SQL;
}

/**
 * How many rows of a client-owned table the scope's client has, their user row held until the
 * transaction ends: two creations at once count in turn, so a per-client cap cannot be passed.
 */
export async function countRowsHoldingClient(
  transaction: Transaction,
  table: PgTable & ClientOwnedTable,
  scope: ClientScope,
): Promise<number> {
  await transaction.select({ id: users.id }).from(users).where(eq(users.id, scope.clientUserId)).for('no key update');
  const [row] = await transaction.select({ total: count() }).from(table).where(buildClientOwnedWhere(table, scope));
  return row?.total ?? 0;
}

/**
 * The prospects a caller reaches: a planner their own, a manager the whole organization's. Rows
 * of other organizations are never fetched (another organization's id answers 404).
 */
export function buildReachableProspectsWhere(caller: Caller): SQL {
  const ofOrganization = eq(prospects.organizationId, caller.organizationId);
  if (caller.role === 'manager') return ofOrganization;
  if (caller.role === 'planner') return and(ofOrganization, eq(prospects.plannerUserId, caller.userId)) as SQL;
  return sql`false`;
}

/** Which links a caller manages: a manager every link of the organization, a planner their own client links. */
export function buildManagedInvitationsWhere(caller: Caller): SQL {
  const ofOrganization = eq(invitations.organizationId, caller.organizationId);
  if (caller.role === 'manager') return ofOrganization;
  if (caller.role === 'planner') {
    return and(ofOrganization, eq(invitations.issuedByUserId, caller.userId), eq(invitations.role, 'client')) as SQL;
  }
  return sql`false`;
}

/** The plans a caller may read: a manager every plan of the organization, anyone else its active ones. */
export function buildVisiblePlansWhere(caller: Caller): SQL {
  return and(
    eq(plans.organizationId, caller.organizationId),
    caller.role === 'manager' ? undefined : eq(plans.isActive, true),
  ) as SQL;
}
