import { MyPerformanceSchema } from '@prumo/contract/performance';
import { findCurrentMonth } from '@prumo/domain/budget/target-month';
import { resolvePerformanceRange } from '@prumo/domain/performance/performance-figures';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { failOnField } from '../../lib/domain-errors';
import { ClientQuerySchema } from '../../lib/scope';
import { anyone, type RouteAccess, readClientScope } from '../../plugins/access';
import { readMyPerformance } from './performance.service';

const PeriodQuerySchema = ClientQuerySchema.extend({
  start: z.string().max(20).optional(),
  end: z.string().max(20).optional(),
});

export function registerPerformanceRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Closed (403) while the organization has Meu desempenho off; a manager reads their clients'.
  const reading: RouteAccess = { roles: anyone, client: 'read', toggle: 'my_performance_client' };

  api.get(
    '/api/my-performance/',
    {
      config: { access: reading },
      schema: { tags: ['Meu desempenho'], querystring: PeriodQuerySchema, response: { 200: MyPerformanceSchema } },
    },
    async (request) => {
      const now = new Date();
      const range = resolvePerformanceRange(request.query, now);
      if (!range.ok) failOnField(range.field, range.message);
      const { startMonth, endMonth } = range;
      return readMyPerformance(deps, readClientScope(request), {
        startMonth,
        endMonth,
        currentMonth: findCurrentMonth(now),
      });
    },
  );
}
