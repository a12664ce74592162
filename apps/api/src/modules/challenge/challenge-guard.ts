import { challengeHeader } from '@prumo/contract/challenge';
import type { FastifyInstance } from 'fastify';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppDependencies } from '../../dependencies';
import { spendChallengePass } from './challenge.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public form a script could abuse: once the address has shown abuse, it needs a solved challenge. */
    challenge?: boolean;
  }
}

/**
 * What counts as abuse: more sends of the guarded public forms (any of them, any outcome) from one
 * address in 15 minutes than CHALLENGE_FREE_SENDS (3). A person registering or resetting a password
 * sends one or two.
 */
const windowSeconds = 15 * 60;

/**
 * Guards the public forms (registrations, organization registration, password reset, prospect
 * upload): the first sends from an address go through; beyond them each send needs a pass from
 * `POST siteverify/` in the X-Challenge header, or answers 400 `{"challenge": [...]}`, which the
 * form reads as "show the widget". The count lives in PostgreSQL, shared by every process.
 */
export function registerChallengeGuard(app: FastifyInstance, deps: AppDependencies) {
  const limiter = new RateLimiterPostgres({
    storeClient: deps.db.$client,
    storeType: 'pool',
    tableName: 'rate_limit_counts',
    tableCreated: true,
    keyPrefix: 'challenge-free',
    // rate-limiter-flexible wants at least one point: with 0 free sends the first send is refused below.
    points: Math.max(deps.config.challengeFreeSends, 1),
    duration: windowSeconds,
  });
  const headerName = challengeHeader.toLowerCase();
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.challenge) return;
    try {
      await limiter.consume(request.ip);
      if (deps.config.challengeFreeSends > 0) return;
    } catch (error) {
      // A spent allowance comes back as the store's state; a failure as an Error.
      if (!(error instanceof RateLimiterRes)) throw error;
    }
    const pass = request.headers[headerName];
    await spendChallengePass(deps, typeof pass === 'string' ? pass : undefined, request.ip);
  });
}
