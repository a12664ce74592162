import { ErrorDetailSchema } from '@prumo/contract/common';
import { InsightSchema, InsightSettingsSchema } from '@prumo/contract/insights';
import { InsightSettingsChangesSchema } from '@prumo/domain/insights/insight-settings';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { ClientQuerySchema } from '../../lib/scope';
import { anyone, plannersAndManagers, type RouteAccess, readClientScope, readReachScope } from '../../plugins/access';
import { BooleanTextSchema } from '../budget/index';
import { changeInsightSettings, listInsights, markInsightRead, readInsightSettings } from './insights.service';

export function registerInsightRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Insights'];
  // The client reads their own; a planner or manager the clients they reach, once the organization
  // has the insight toggle (the client's own view never needs it).
  const toggle = { toggle: 'insight', toggleFor: plannersAndManagers } as const;
  const listing: RouteAccess = { roles: anyone, ...toggle, reach: 'read' };
  const refused = { 403: ErrorDetailSchema, 404: ErrorDetailSchema };

  api.get(
    '/api/ia/insights/',
    {
      config: { access: listing },
      schema: {
        tags,
        querystring: ClientQuerySchema.extend({ unread: BooleanTextSchema.optional() }),
        response: { 200: z.array(InsightSchema), ...refused },
      },
    },
    async (request) => listInsights(deps, readReachScope(request), { unreadOnly: request.query.unread ?? false }),
  );

  api.patch(
    '/api/ia/insights/:id/mark_read/',
    {
      config: { access: listing },
      schema: {
        tags,
        params: z.object({ id: DatabaseIdTextSchema }),
        querystring: ClientQuerySchema,
        response: { 200: InsightSchema, ...refused },
      },
    },
    async (request) => markInsightRead(deps, readReachScope(request), request.params.id),
  );

  // The balance below which a projected month is told (Fluxo futuro shows and changes it).
  api.get(
    '/api/ia/insights/settings/',
    {
      config: { access: { roles: anyone, ...toggle, client: 'read' } },
      schema: { tags, querystring: ClientQuerySchema, response: { 200: InsightSettingsSchema, ...refused } },
    },
    async (request) => readInsightSettings(deps, readClientScope(request)),
  );

  api.put(
    '/api/ia/insights/settings/',
    {
      config: { access: { roles: anyone, ...toggle, client: 'write' } },
      schema: {
        tags,
        querystring: ClientQuerySchema,
        body: InsightSettingsChangesSchema,
        response: { 200: InsightSettingsSchema, ...refused },
      },
    },
    async (request) => changeInsightSettings(deps, readClientScope(request), request.body.low_balance_threshold),
  );
}
