import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { markPersonCallEnded, markPersonCallStarted } from '../jobs/yield-to-people';

/** Calls that stay open (the live stream) or that nobody waits on (the health check) are not people served. */
function isPersonCall(request: FastifyRequest): boolean {
  const url = request.url;
  return url.startsWith('/api/') && !url.startsWith('/api/live/') && !url.startsWith('/api/health/');
}

const counted = new WeakSet<FastifyRequest>();

function endCall(request: FastifyRequest): void {
  if (counted.delete(request)) markPersonCallEnded();
}

/**
 * Counts the signed-in people's API calls this process is serving, so background runs in the same
 * process give way to them (jobs/yield-to-people.ts). Counted once the caller is known (anonymous
 * calls cannot hold background work back), and ended once: with the answer, or when the connection
 * closes first (a body fully read, then the tab closed: Node reports no abort and no answer ends).
 */
export function registerPeopleServed(app: FastifyInstance): void {
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.caller || !isPersonCall(request) || counted.has(request)) return;
    counted.add(request);
    markPersonCallStarted();
    reply.raw.once('close', () => endCall(request));
  });
  app.addHook('onResponse', async (request) => endCall(request));
  app.addHook('onRequestAbort', async (request) => endCall(request));
}
