import type { IncomingMessage, ServerResponse } from 'node:http';
import { helpVideoOrigins } from '@prumo/domain/help/help';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The policy every page and API answer carries. The built web app loads only its own files:
 * scripts and styles from /assets/, the organization's logo, favicon and pictures from /media/
 * (same origin), an empty `data:` favicon until the organization's arrives, and calls to /api/.
 * Mantine writes its theme into <style> elements at run time, hence 'unsafe-inline' for styles
 * only; scripts never run inline. The Swagger UI at /api/docs fits the same policy. The only frames
 * are help videos from the two players that embed without tracking cookies (youtube-nocookie.com,
 * player.vimeo.com with dnt), each by its exact origin.
 */
export const contentSecurityPolicyDirectives = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  frameSrc: [...helpVideoOrigins] as string[],
  imgSrc: ["'self'", 'data:', 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  workerSrc: ["'self'"],
  // Prumo may be served over plain HTTP on a private network: requests are not rewritten to HTTPS.
  upgradeInsecureRequests: null,
};

/**
 * An uploaded file is data, never a page: even one whose bytes are also HTML (an image with a
 * script inside) is shown in a sandbox that runs nothing and loads nothing. Other sites may show
 * it (e-mail clients show the header and footer images), so it is the one cross-origin resource.
 */
export function setUploadedFileHeaders(reply: FastifyReply): void {
  reply.header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox");
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

/** A drawing Prumo makes (an SVG of its own), sent as an uploaded file is; a missing one is a 404. */
export function sendDrawing(reply: FastifyReply, drawing: string | null): FastifyReply {
  if (!drawing) return reply.status(404).send({ detail: 'Não encontrado.' });
  setUploadedFileHeaders(reply);
  return reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', 'public, max-age=86400')
    .send(drawing);
}

/**
 * For answers made before routing (a malformed address, an over-long parameter), which no hook
 * sees: the same guarantees for a JSON body that loads nothing.
 */
export function setHeadersBeforeRouting(reply: FastifyReply): void {
  reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'no-referrer');
}

/**
 * The scripts and frames an outside challenge's widget loads (ADR 38); the embedded one loads
 * nothing from elsewhere (its worker is one of the app's files).
 */
const challengeSources = {
  altcha: [],
  turnstile: ['https://challenges.cloudflare.com'],
  hcaptcha: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
} as const;

/**
 * nosniff, the policy above, no framing by other sites, and no address (nor its tokens) sent as
 * referrer. `connectSources` are the other origins the web app calls: the card gateway's (Pagar.me's
 * API), where the browser tokenizes a card so its number never reaches Prumo.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { connectSources?: string[]; challengeProvider?: keyof typeof challengeSources } = {},
): Promise<void> {
  const challenge = challengeSources[options.challengeProvider ?? 'altcha'];
  const directives = {
    ...contentSecurityPolicyDirectives,
    connectSrc: [...contentSecurityPolicyDirectives.connectSrc, ...(options.connectSources ?? []), ...challenge],
    scriptSrc: [...contentSecurityPolicyDirectives.scriptSrc, ...challenge],
    frameSrc: [...contentSecurityPolicyDirectives.frameSrc, ...challenge],
    styleSrc: [...contentSecurityPolicyDirectives.styleSrc, ...challenge],
  };
  const headers = readHelmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Each organization's app is its own window: no other site keeps a handle on it.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Browsers heed it over HTTPS only. Not for subdomains: an organization may serve Prumo from its
    // own domain, whose other sites are not Prumo's to decide.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  });
  // On the raw response, as helmet itself does: a route's own policy (an uploaded file's) replaces
  // it, and an answer the route writes itself (the live event stream) still carries it.
  const entries = Object.entries(headers);
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
  });
}

/**
 * The headers helmet sets, read once: they never change between requests, and building helmet's
 * middleware for each one (as @fastify/helmet does) parsed the policy every time.
 */
function readHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}
