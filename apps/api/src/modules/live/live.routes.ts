import { ErrorDetailSchema } from '@prumo/contract/common';
import { LiveTicketSchema } from '@prumo/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { fail } from '../../lib/domain-errors';
import { anyone, readCaller } from '../../plugins/access';
import { readTokenKey, sessionMessages } from '../../plugins/authentication';
import type { LiveHub } from './live-hub';
import { createLiveTicket, isLiveSessionOpen, liveTicketSeconds, redeemLiveTicket } from './live-tickets';

/** A comment line every 25 s keeps proxies from closing a quiet stream. */

export const liveMessages = {
  ticketInvalid: 'Ticket inválido ou expirado. Peça outro.',
};

/**
 * Tickets one address takes in 15 minutes: each writes a row, and a browser takes one per stream it
 * opens (a page load, a reconnection). Generous for an office of many people behind one address.
 */
export const liveTicketsPerAddress = 600;

/**
 * POST live/ticket/ (signed in) and GET live/?ticket=… (the server-sent-events stream). The stream
 * carries `{topic}` events only — which lists to read again — so what it says is worth nothing
 * without a session to read them with.
 */
export function registerLiveRoutes(app: FastifyInstance, deps: AppDependencies, hub: LiveHub): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Atualizações ao vivo'];
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  api.post(
    '/api/live/ticket/',
    {
      config: { access: { roles: anyone }, perAddressLimit: liveTicketsPerAddress },
      schema: { tags, response: { 201: LiveTicketSchema } },
    },
    async (request, reply) => {
      const caller = readCaller(request);
      const ticket = await createLiveTicket(deps.db, caller.userId, readTokenKey(request) ?? '', new Date());
      if (!ticket) fail('unauthenticated', sessionMessages.invalid);
      return reply.status(201).send({ ticket, expires_in: liveTicketSeconds });
    },
  );

  api.get(
    '/api/live/',
    {
      config: { access: { public: true }, perAddressLimit: 120 },
      schema: {
        tags,
        querystring: z.object({ ticket: z.string().max(200).default('') }),
        response: {
          200: z.string().describe('text/event-stream: one `data: {"topic": …}` event per change'),
          // A ticket unknown, used or expired.
          401: ErrorDetailSchema,
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const opened = request.query.ticket ? await redeemLiveTicket(deps.db, request.query.ticket, now) : null;
      if (!opened) fail('unauthenticated', liveMessages.ticketInvalid);
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        connection: 'keep-alive',
      });
      response.write('retry: 5000\n\n');
      const unsubscribe = hub.subscribe(opened.userId, (topic) => {
        response.write(`data: ${JSON.stringify({ topic })}\n\n`);
      });
      // Each beat also asks whether the session still holds: signing out on any process, a password
      // change or a deactivation ends the stream within one beat.
      const heartbeat = setInterval(() => {
        isLiveSessionOpen(deps.db, opened.authTokenId)
          .then((open) => (open ? response.write(': ping\n\n') : end()))
          .catch(() => response.write(': ping\n\n'));
      }, deps.config.liveHeartbeatMilliseconds);
      // The stream lasts no longer than the session that asked for its ticket.
      const sessionEnd = setTimeout(
        () => end(),
        Math.min(Math.max(opened.sessionEndsAt.getTime() - now.getTime(), 0), 2_147_483_647),
      );
      function end(): void {
        if (!streams.delete(end)) return;
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(sessionEnd);
        response.end();
      }
      streams.add(end);
      request.raw.on('close', end);
    },
  );
}
