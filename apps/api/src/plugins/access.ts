import { BadRequestSchema, ErrorDetailSchema } from '@prumo/contract/common';
import type { AccessLevel } from '@prumo/domain/auth/roles';
import type { FeatureToggle, OrganizationFlag } from '@prumo/domain/organization/features';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Database } from '../db/database';
import { fail, failNotAllowed } from '../lib/domain-errors';
import { type ClientAccess, type ClientScope, resolveClientScope, resolveReachScope, type Scope } from '../lib/scope';
import { type Caller, sessionMessages } from './authentication';

/**
 * Who may call a route, declared beside it and enforced here before the handler runs:
 * - `public`: visitors too (a stale key is ignored, not refused);
 * - `roles`: the roles that may call it, with the same names as the web app's route table;
 * - `toggle` / `flag`: the organization feature it needs (off: 403); `toggleFor`: the roles the
 *   toggle binds, when not every role (a client's own insights never need the planners' toggle);
 * - `client`: the call is about one client's data — a client's own; a planner or manager names
 *   `clientId` (`client` too), checked against their reach; `write` refuses managers (they read only);
 * - `reach`: the call may name one client or none — a client's own data; a planner's or manager's
 *   whole reach, narrowed to the client `clientId` names (checked the same way).
 */
export type RouteAccess =
  | { public: true }
  | {
      roles: readonly AccessLevel[];
      toggle?: FeatureToggle;
      toggleFor?: readonly AccessLevel[];
      flag?: OrganizationFlag;
      client?: ClientAccess;
      reach?: ClientAccess;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    clientScope: ClientScope | null;
    reachScope: Scope | null;
  }
}

export const anyone: readonly AccessLevel[] = ['client', 'planner', 'manager'];
export const plannersAndManagers: readonly AccessLevel[] = ['planner', 'manager'];
export const managersOnly: readonly AccessLevel[] = ['manager'];
export const clientsAndPlanners: readonly AccessLevel[] = ['client', 'planner'];

/** Each app's declarations by "METHOD /path" (a test matches them with the OpenAPI document). */
export const declaredAccess = new WeakMap<FastifyInstance, Map<string, RouteAccess>>();

/** The API's routes, which declare their access and describe their answers (not the docs' own). */
export function isApiRoute(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/** The declaration a request's route carries (undefined outside the API). */
export function findRouteAccess(request: FastifyRequest): RouteAccess | undefined {
  return request.routeOptions.config.access;
}

/** Whether a route is open to visitors: authentication then ignores a stale key instead of refusing it. */
export function isPublicRoute(request: FastifyRequest): boolean {
  const access = findRouteAccess(request);
  return access !== undefined && 'public' in access;
}

/**
 * Checks each API route's declaration before the handler: the caller's role and the organization's
 * toggles and flags (read with the session) first, then — after the input is validated — the client
 * the call is about, whose scope the handler reads with `readClientScope`.
 */
export function registerAccess(app: FastifyInstance, db: Database): void {
  const declarations = new Map<string, RouteAccess>();
  declaredAccess.set(app, declarations);
  app.decorateRequest('clientScope', null);
  app.decorateRequest('reachScope', null);

  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = route.config?.access;
    // Refused at start-up: a route nobody declared would otherwise be open to any signed-in caller.
    if (!access) throw new Error(`${methods.join(', ')} ${route.url} declares no access (config.access)`);
    if (route.schema) describeRefusals(route.schema, access, route.config?.perAddressLimit !== undefined);
    for (const method of methods) declarations.set(`${method} ${route.url}`, access);
  });

  app.addHook('onRequest', async (request) => {
    const access = findRouteAccess(request);
    if (!access || 'public' in access) return;
    const caller = request.caller;
    if (!caller) fail('unauthenticated', sessionMessages.missing);
    if (!(access.roles as readonly string[]).includes(caller.role)) failNotAllowed();
    const toggleBinds = !access.toggleFor || (access.toggleFor as readonly string[]).includes(caller.role);
    if (access.toggle && toggleBinds && !caller.features.includes(access.toggle)) failNotAllowed();
    if (access.flag && !caller.features.includes(access.flag)) failNotAllowed();
  });

  app.addHook('preHandler', async (request) => {
    const access = findRouteAccess(request);
    if (!access || 'public' in access || !request.caller) return;
    if (access.client) request.clientScope = await resolveClientScope(db, request.caller, request.query, access.client);
    if (access.reach) request.reachScope = await resolveReachScope(db, request.caller, request.query, access.reach);
  });
}

type RouteSchema = NonNullable<RouteOptions['schema']>;

/**
 * Adds to a route's answers the refusals its declaration implies, so the OpenAPI document lists
 * every code a call really answers: 400 (its input), 401 (no session), 403 (a role, toggle or flag;
 * a manager writing a client's data), 404 (a client or id out of reach), 429 (a per-address limit).
 * A route that describes one of these itself keeps its own.
 */
function describeRefusals(schema: RouteSchema, access: RouteAccess, isLimited: boolean): void {
  const response = (schema.response ?? {}) as Record<string, unknown>;
  const refusals: Record<number, unknown> = {};
  const hasInput = Boolean(schema.body || schema.querystring || schema.params);
  const signedIn = !('public' in access);
  const namesClient = signedIn && Boolean(access.client || access.reach);
  if (hasInput || namesClient) refusals[400] = BadRequestSchema;
  if (signedIn) {
    refusals[401] = ErrorDetailSchema;
    const restricted = access.roles.length < anyone.length || access.toggle || access.flag || access.client === 'write';
    if (restricted) refusals[403] = ErrorDetailSchema;
    if (namesClient || schema.params) refusals[404] = ErrorDetailSchema;
  } else if (schema.params) {
    refusals[404] = ErrorDetailSchema;
  }
  if (isLimited) refusals[429] = ErrorDetailSchema;
  for (const [code, refusal] of Object.entries(refusals)) if (!(code in response)) response[code] = refusal;
  schema.response = response;
}

/** The caller of a route that is not public (the access hook has checked who they are). */
export function readCaller(request: FastifyRequest): Caller {
  if (!request.caller) fail('unauthenticated', sessionMessages.missing);
  return request.caller;
}

/** The client a route declared with `client` is about, resolved by the access hook. */
export function readClientScope(request: FastifyRequest): ClientScope {
  if (!request.clientScope) {
    throw new Error(`${request.method} ${request.routeOptions.url} reads a client scope it does not declare`);
  }
  return request.clientScope;
}

/** The reach a route declared with `reach` acts on (one named client, or the caller's whole reach). */
export function readReachScope(request: FastifyRequest): Scope {
  if (!request.reachScope) {
    throw new Error(`${request.method} ${request.routeOptions.url} reads a reach it does not declare`);
  }
  return request.reachScope;
}
