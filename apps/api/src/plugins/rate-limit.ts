import type { FastifyInstance } from 'fastify';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/database';
import { fail } from '../lib/domain-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Calls that send e-mail or create things for visitors: at most this many per address in the window. */
    perAddressLimit?: number;
  }
}

const windowSeconds = 15 * 60;

export const rateLimitMessage = 'Muitas solicitações deste endereço. Aguarde alguns minutos e tente novamente.';

/**
 * Public calls that send e-mail (reset, access link, confirmation) or create accounts and
 * organizations are limited per address, so nobody can flood an inbox or the database. The count
 * lives in PostgreSQL (`rate_limit_counts`), so every Prumo process on the database shares it: a
 * window of 15 minutes opens at an address's first call. `scale` multiplies every limit (tests raise it).
 */
export function registerRateLimit(app: FastifyInstance, db: Database, options: { scale?: number } = {}): void {
  const scale = options.scale ?? 1;
  // One limiter per distinct limit: the store keeps one row per call and address either way.
  const limiters = new Map<number, RateLimiterPostgres>();
  const findLimiter = (points: number) => {
    let limiter = limiters.get(points);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        storeClient: db.$client,
        storeType: 'pool',
        tableName: 'rate_limit_counts',
        tableCreated: true,
        keyPrefix: 'per-address',
        points,
        duration: windowSeconds,
      });
      limiters.set(points, limiter);
    }
    return limiter;
  };
  app.addHook('onRequest', async (request) => {
    const limit = request.routeOptions.config.perAddressLimit;
    if (!limit) return;
    try {
      await findLimiter(limit * scale).consume(`${request.routeOptions.url}|${request.ip}`);
    } catch (error) {
      // The store answers a spent allowance with its state, and a failure with an Error.
      if (error instanceof RateLimiterRes) fail('tooMany', rateLimitMessage);
      throw error;
    }
  });
}
