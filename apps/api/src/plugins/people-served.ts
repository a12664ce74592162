import type { FastifyInstance, FastifyRequest } from 'fastify';
import { markPersonCallEnded, markPersonCallStarted } from '../jobs/yield-to-people';

/** Calls that stay open (the live stream) or that nobody waits on (the health check) are not people served. */
function isPersonCall(request: FastifyRequest): boolean {
  const url = request.url;
  return url.startsWith('/api/') && !url.startsWith('/api/live/') && !url.startsWith('/api/health/');
}

const counted = new WeakSet<FastifyRequest>();

/**
 * Counts the API calls this process is serving, so background runs in the same process give way to
 * them (jobs/yield-to-people.ts). Each call is counted once, whether it ends with an answer or is
 * dropped by the client.
 */
export function registerPeopleServed(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isPersonCall(request)) return;
    counted.add(request);
    markPersonCallStarted();
  });
  const end = async (request: FastifyRequest) => {
    if (counted.delete(request)) markPersonCallEnded();
  };
  app.addHook('onResponse', end);
  app.addHook('onRequestAbort', end);
}
