import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** A page: 25 rows from offset 0 unless asked otherwise. */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured public origin (config.publicUrl), for absolute links built while answering. */
    publicUrl: string;
  }
}

/**
 * The same call on another page, on Prumo's public origin. Appended, never resolved against the
 * request: the Host header is the caller's to choose, and a path like `//evil.example/` would
 * replace the origin.
 */
function buildPageAddress(request: FastifyRequest, limit: number, offset: number): string {
  const address = new URL(`${request.server.publicUrl}${request.url}`);
  address.searchParams.set('limit', String(limit));
  address.searchParams.set('offset', String(offset));
  return address.toString();
}

export function buildPage<T>(request: FastifyRequest, page: PageQuery, count: number, results: T[]): Page<T> {
  const nextOffset = page.offset + page.limit;
  return {
    count,
    next: nextOffset < count ? buildPageAddress(request, page.limit, nextOffset) : null,
    previous: page.offset > 0 ? buildPageAddress(request, page.limit, Math.max(0, page.offset - page.limit)) : null,
    results,
  };
}
