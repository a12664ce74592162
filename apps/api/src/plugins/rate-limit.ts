import type { FastifyInstance } from 'fastify';
import { failWithDetail } from '../lib/http-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Calls that send e-mail or create things for visitors: at most this many per address in the window. */
    perAddressLimit?: number;
  }
}

const windowMilliseconds = 15 * 60 * 1000;

export const rateLimitMessage = 'Muitas solicitações deste endereço. Aguarde alguns minutos e tente novamente.';

/**
 * Public calls that send e-mail (reset, access link, confirmation) or create accounts and
 * organizations are limited per address, so nobody can flood an inbox or the database.
 * Kept in memory: Prumo runs as one process. `scale` multiplies every limit (tests raise it).
 */
export function registerRateLimit(app: FastifyInstance, options: { scale?: number } = {}): void {
  const scale = options.scale ?? 1;
  const hits = new Map<string, number[]>();
  app.addHook('onRequest', async (request) => {
    const limit = request.routeOptions.config.perAddressLimit;
    if (!limit) return;
    const now = Date.now();
    const key = `${request.routeOptions.url}|${request.ip}`;
    const recent = (hits.get(key) ?? []).filter((time) => now - time < windowMilliseconds);
    if (recent.length >= limit * scale) failWithDetail(429, rateLimitMessage);
    recent.push(now);
    hits.set(key, recent);
  });
  // Forget addresses that went quiet, so the map does not grow without end.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, times] of hits) if (times.every((time) => now - time >= windowMilliseconds)) hits.delete(key);
  }, windowMilliseconds);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
