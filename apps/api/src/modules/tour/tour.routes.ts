import { TourProgressSchema } from '@prumo/contract/help';
import { TourProgressChangeSchema } from '@prumo/domain/help/help';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDependencies } from '../../dependencies';
import { anyone, readCaller } from '../../plugins/access';
import { findTourProgress, resetTourProgress, saveTourProgress } from './tour.repo';

/** The first-sign-in tour's progress, kept per user: read, advance or finish, and reset. */
export function registerTourRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Tour'];
  const config = { access: { roles: anyone } };

  api.get(
    '/api/onboarding/tour/',
    { config, schema: { tags, response: { 200: TourProgressSchema } } },
    async (request) => findTourProgress(deps.db, readCaller(request).userId),
  );

  api.put(
    '/api/onboarding/tour/',
    { config, schema: { tags, body: TourProgressChangeSchema, response: { 200: TourProgressSchema } } },
    async (request) =>
      saveTourProgress(deps.db, readCaller(request).userId, {
        registerTour: request.body.register_tour,
        step: request.body.step,
      }),
  );

  api.post('/api/tour/', { config, schema: { tags, response: { 200: TourProgressSchema } } }, async (request) =>
    resetTourProgress(deps.db, readCaller(request).userId),
  );
}
