import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';

export const databaseUnavailableMessage = 'Banco de dados indisponível.';

/** A load balancer asks every few seconds: a database slower than this counts as down. */
const databaseAnswerMilliseconds = 2_000;

async function checkDatabaseAnswers(deps: AppDependencies): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeLimit = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), databaseAnswerMilliseconds);
  });
  const answer = deps.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answer, timeLimit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers and orchestrators: a process answers 200 only while its database answers, so
 * traffic leaves a process that lost it. Open to anyone, and quiet in the log.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: AppDependencies): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health/',
    {
      config: { access: { public: true } },
      logLevel: 'warn',
      schema: {
        tags: ['Operação'],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ detail: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      if (await checkDatabaseAnswers(deps)) return { status: 'ok' as const };
      return reply.status(503).send({ detail: databaseUnavailableMessage });
    },
  );
}
