import { BadRequestSchema, DetailSchema, ErrorDetailSchema } from '@prumo/contract/common';
import { ClientStatusAnswerSchema } from '@prumo/contract/desks';
import {
  ClientPageSchema,
  PersonaPlannerSchema,
  PersonaSchema,
  PlannerChangeAnswerSchema,
  PlannerPageSchema,
} from '@prumo/contract/profiles';
import {
  type ClientAttentionFilter,
  type ClientOrdering,
  clientAttentionFilters,
  clientOrderings,
  invalidAttentionMessage,
  invalidOrderingMessage,
} from '@prumo/domain/clients/client-attention';
import { ClientStatusSchema } from '@prumo/domain/clients/client-status';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { PageQuerySchema } from '../../lib/pagination';
import { ClientQuerySchema } from '../../lib/scope';
import { anyone, managersOnly, plannersAndManagers, readCaller, readClientScope } from '../../plugins/access';
import {
  changeClientStatus,
  changeClientsPlanner,
  deactivateCallerPlanner,
  editProfile,
  findCallerPlanner,
  findPersona,
  listClients,
  listPlanners,
  markPlannerAccess,
  reactivateCallerPlanner,
} from './profiles.service';

/** A person's id the call cannot do without: missing is 'Este campo é obrigatório', anything else wrong 'Valor inválido'. */
const RequiredIdSchema = z
  .unknown()
  .refine((value) => value !== undefined && value !== null && value !== '', 'Este campo é obrigatório')
  .pipe(DatabaseIdTextSchema);

/** Most clients one call moves: a whole book of a large firm fits; a runaway list does not. */
const maximumClientsMoved = 1000;

/** `clients` (several) or `client` (one), and the `planner` they all go to. */
const PlannerChangeBodySchema = z
  .object({
    client: DatabaseIdTextSchema.optional(),
    clients: z
      .array(DatabaseIdTextSchema, { error: 'Informe os clientes como uma lista.' })
      .max(maximumClientsMoved, `Mova no máximo ${maximumClientsMoved} clientes por vez.`)
      .optional(),
    planner: RequiredIdSchema,
  })
  .transform((body, context) => {
    const clients = [...(body.clients ?? []), ...(body.client === undefined ? [] : [body.client])];
    if (clients.length === 0) {
      context.addIssue({ code: 'custom', path: ['clients'], message: 'Escolha ao menos um cliente.' });
      return z.NEVER;
    }
    return { clients, planner: body.planner };
  });

/** `ordering`: a figure's name, `-` before it for the largest first. */
const OrderingSchema = z
  .string()
  .refine((text) => (clientOrderings as readonly string[]).includes(text.replace(/^-/, '')), invalidOrderingMessage)
  .transform((text) => ({ by: text.replace(/^-/, '') as ClientOrdering, descending: text.startsWith('-') }));

/** `attention`: the filters, comma-separated; each must hold. */
const AttentionSchema = z
  .string()
  .max(200, invalidAttentionMessage)
  .transform((text) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .refine(
    (parts) => parts.every((part) => (clientAttentionFilters as readonly string[]).includes(part)),
    invalidAttentionMessage,
  )
  .transform((parts) => parts as ClientAttentionFilter[]);

export function registerProfileRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Perfis'];

  api.get(
    '/api/me/',
    { config: { access: { roles: anyone } }, schema: { tags, response: { 200: PersonaSchema } } },
    async (request) => findPersona(deps, readCaller(request)),
  );

  api.post(
    '/api/profiles/edit/',
    // JSON or multipart (with a picture): the service reads and checks the fields itself.
    {
      config: { access: { roles: anyone } },
      schema: { tags, response: { 200: PersonaSchema, 400: BadRequestSchema } },
    },
    async (request) => editProfile(deps, readCaller(request), request),
  );

  api.get(
    '/api/profiles/clients/',
    {
      config: { access: { roles: plannersAndManagers } },
      schema: {
        tags,
        querystring: PageQuerySchema.extend({
          profile: z.string().optional(),
          plan: DatabaseIdTextSchema.optional(),
          planner: DatabaseIdTextSchema.optional(),
          client: DatabaseIdTextSchema.optional(),
          isActive: z.enum(['true', 'false'], { error: 'Use true ou false.' }).optional(),
          search: z.string().trim().max(100, 'Limite de 100 excedido').optional(),
          ordering: OrderingSchema.optional(),
          attention: AttentionSchema.optional(),
        }),
        response: { 200: ClientPageSchema },
      },
    },
    async (request) => {
      const { profile, plan, planner, client, isActive, search, ordering, attention, ...page } = request.query;
      return listClients(
        deps,
        readCaller(request),
        request,
        profile === 'manager',
        page,
        {
          planId: plan,
          plannerUserId: planner,
          clientUserId: client,
          isActive: isActive === undefined ? undefined : isActive === 'true',
          search: search || undefined,
          attention,
        },
        ordering,
      );
    },
  );

  // The planner's standing with a client (ADR 33): their own client's, or any of the organization's for a manager.
  // The spec names it without the closing slash; both answer.
  for (const address of ['/api/profiles/customer-manager', '/api/profiles/customer-manager/']) {
    api.put(
      address,
      {
        config: { access: { roles: plannersAndManagers, client: 'read' } },
        schema: {
          tags,
          querystring: ClientQuerySchema,
          body: z.object({ status: ClientStatusSchema }),
          response: { 200: ClientStatusAnswerSchema },
        },
      },
      async (request) => changeClientStatus(deps, readClientScope(request), request.body.status),
    );
  }

  // The web's client view calls it on opening: the opening goes to the client's access log (ADR 34).
  api.post(
    '/api/profiles/clients/:id/mark-planner-access/',
    {
      config: { access: { roles: plannersAndManagers } },
      schema: { tags, params: z.object({ id: DatabaseIdTextSchema }), response: { 200: DetailSchema } },
    },
    async (request) => markPlannerAccess(deps, readCaller(request), request.params.id),
  );

  // A client reads their own planner; a manager lists the organization's planners (the deactivated ones with isActive=false).
  api.get(
    '/api/profiles/planner/',
    {
      config: { access: { roles: ['client', 'manager'] } },
      schema: {
        tags,
        querystring: PageQuerySchema.extend({
          isActive: z.enum(['true', 'false'], { error: 'Use true ou false.' }).optional(),
        }),
        response: { 200: z.union([PersonaPlannerSchema, PlannerPageSchema]), 404: ErrorDetailSchema },
      },
    },
    async (request) => {
      const caller = readCaller(request);
      if (caller.role === 'client') return findCallerPlanner(deps, caller);
      const { isActive, ...page } = request.query;
      return listPlanners(deps, caller, request, page, isActive !== 'false');
    },
  );

  // Several clients move at once (`clients`), or one (`client`): all of them or none (ADR 37).
  api.put(
    '/api/profiles/clients/change-planner/',
    {
      config: { access: { roles: managersOnly } },
      schema: {
        tags,
        querystring: z.object({ profile: z.string().optional() }),
        body: PlannerChangeBodySchema,
        response: { 200: PlannerChangeAnswerSchema, 400: BadRequestSchema, 404: ErrorDetailSchema },
      },
    },
    async (request) => changeClientsPlanner(deps, readCaller(request), request.body.clients, request.body.planner),
  );

  // A planner's deactivation (only with an empty book) and its undoing (ADR 37).
  api.post(
    '/api/profiles/planner/:id/deactivate/',
    {
      config: { access: { roles: managersOnly } },
      schema: {
        tags,
        params: z.object({ id: DatabaseIdTextSchema }),
        response: { 200: DetailSchema, 400: BadRequestSchema, 404: ErrorDetailSchema },
      },
    },
    async (request) => deactivateCallerPlanner(deps, readCaller(request), request.params.id),
  );

  api.post(
    '/api/profiles/planner/:id/reactivate/',
    {
      config: { access: { roles: managersOnly } },
      schema: {
        tags,
        params: z.object({ id: DatabaseIdTextSchema }),
        response: { 200: DetailSchema, 400: BadRequestSchema, 404: ErrorDetailSchema },
      },
    },
    async (request) => reactivateCallerPlanner(deps, readCaller(request), request.params.id),
  );
}
