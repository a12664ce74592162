import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Messages per page of either chat. */
export const chatPageSize = 25;

export const pageNumberMessage = 'Página inválida: use um número inteiro a partir de 0.';

/** `?page=N`, pages starting at 0 (the newest messages). */
export const PageNumberSchema = z.coerce
  .number({ error: pageNumberMessage })
  .int(pageNumberMessage)
  .min(0, pageNumberMessage)
  .max(1_000_000, pageNumberMessage)
  .default(0);

/** The same call on another page, on Prumo's public origin (never the request's Host). */
function buildPageNumberAddress(request: FastifyRequest, page: number): string {
  const address = new URL(`${request.server.publicUrl}${request.url}`);
  address.searchParams.set('page', String(page));
  return address.toString();
}

export function buildNumberedPage<T>(request: FastifyRequest, page: number, count: number, results: T[]) {
  return {
    count,
    next: (page + 1) * chatPageSize < count ? buildPageNumberAddress(request, page + 1) : null,
    previous: page > 0 ? buildPageNumberAddress(request, Math.min(page - 1, Math.ceil(count / chatPageSize))) : null,
    results,
  };
}
