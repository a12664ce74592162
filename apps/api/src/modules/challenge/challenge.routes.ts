import { ChallengePassSchema, ChallengeWidgetSchema } from '@prumo/contract/challenge';
import { ErrorDetailSchema } from '@prumo/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChallengeProvider } from '../../adapters/challenge/challenge';
import type { AppDependencies } from '../../dependencies';
import { verifyChallengeSolution } from './challenge.service';

const required = 'Esse campo é obrigatório.';

export function registerChallengeRoutes(app: FastifyInstance, deps: AppDependencies, provider: ChallengeProvider) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Autenticação e conta'];

  // The widget's settings: a fresh signed puzzle (embedded) or the service's site key.
  api.get(
    '/api/siteverify/',
    {
      config: { access: { public: true }, perAddressLimit: 60 },
      schema: { tags, response: { 200: ChallengeWidgetSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return provider.describe();
    },
  );

  api.post(
    '/api/siteverify/',
    {
      config: { access: { public: true }, perAddressLimit: 30 },
      schema: {
        tags,
        body: z.object({ solution: z.string({ error: required }).min(1, required).max(20_000) }),
        response: { 200: ChallengePassSchema, 503: ErrorDetailSchema },
      },
    },
    async (request) => {
      const pass = await verifyChallengeSolution(deps, provider, request.body.solution, request.ip);
      return { success: true as const, token: pass.token, expires_at: pass.expiresAt.toISOString() };
    },
  );
}
