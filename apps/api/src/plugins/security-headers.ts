import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The policy every page and API answer carries. The built web app loads only its own files:
 * scripts and styles from /assets/, the organization's logo, favicon and pictures from /media/
 * (same origin), an empty `data:` favicon until the organization's arrives, and calls to /api/.
 * Mantine writes its theme into <style> elements at run time, hence 'unsafe-inline' for styles
 * only; scripts never run inline. The Swagger UI at /api/docs fits the same policy.
 */
export const contentSecurityPolicyDirectives = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  frameSrc: ["'none'"],
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

/** nosniff, the policy above, no framing by other sites, and no address (nor its tokens) sent as referrer. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Each organization's app is its own window: no other site keeps a handle on it.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Browsers heed it over HTTPS only. Not for subdomains: an organization may serve Prumo from its
    // own domain, whose other sites are not Prumo's to decide.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  });
}
