import { ErrorDetailSchema } from '@prumo/contract/common';
import { PlanSchema } from '@prumo/contract/plans';
import { validationMessages } from '@prumo/domain/account/messages';
import { NewPlanSchema, PlanChangesSchema } from '@prumo/domain/payments/plan-schemas';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { anyone, managersOnly, type RouteAccess, readCaller } from '../../plugins/access';
import { changePlan, createPlan, findPlan, findPlanByHashedId, listPlans, listPublicPlans } from './plans.service';

const HashedIdQuerySchema = z.object({
  hashedId: z
    .string({ error: validationMessages.required })
    .trim()
    .min(1, validationMessages.required)
    .max(64, validationMessages.valueInvalid),
});

export function registerPlanRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Planos'];
  const idParams = z.object({ id: DatabaseIdTextSchema });
  // Everyone signed in reads the plans (a client or planner only the active ones); managers of an
  // organization with the financial flag make and change them.
  const reading: RouteAccess = { roles: anyone };
  const managing: RouteAccess = { roles: managersOnly, flag: 'financial' };

  api.get(
    '/api/payment/plans/',
    { config: { access: reading }, schema: { tags, response: { 200: z.array(PlanSchema) } } },
    async (request) => listPlans(deps, readCaller(request)),
  );

  api.post(
    '/api/payment/plans/',
    { config: { access: managing }, schema: { tags, body: NewPlanSchema, response: { 201: PlanSchema } } },
    async (request, reply) => reply.status(201).send(await createPlan(deps, readCaller(request), request.body)),
  );

  api.get(
    '/api/payment/plans/find',
    {
      config: { access: reading },
      schema: { tags, querystring: HashedIdQuerySchema, response: { 200: PlanSchema, 404: ErrorDetailSchema } },
    },
    async (request) => findPlanByHashedId(deps, readCaller(request), request.query.hashedId),
  );

  api.get(
    '/api/payment/plans/:id/',
    { config: { access: reading }, schema: { tags, params: idParams, response: { 200: PlanSchema } } },
    async (request) => findPlan(deps, readCaller(request), request.params.id),
  );

  api.put(
    '/api/payment/plans/:id/',
    {
      config: { access: managing },
      schema: { tags, params: idParams, body: PlanChangesSchema, response: { 200: PlanSchema } },
    },
    async (request) => changePlan(deps, readCaller(request), request.params.id, request.body),
  );

  // The organization's active plans for visitors: its registration links may name one.
  api.get(
    '/api/payment/org/:org/plans/public/',
    {
      config: { access: { public: true } },
      schema: { tags, params: z.object({ org: z.string().max(100) }), response: { 200: z.array(PlanSchema) } },
    },
    async (request) => listPublicPlans(deps, request.params.org),
  );
}
