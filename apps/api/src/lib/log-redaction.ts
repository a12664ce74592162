import { containsCardNumber, isCardDataName } from '@prumo/domain/payments/card-data-redaction';
import type { FastifyRequest } from 'fastify';

/** Path words after which every segment is a secret (one-time links, invitations). */
const secretPathMarkers = new Set([
  'access',
  'confirmar',
  'redefinir-senha',
  'cadastro',
  'cadastro-simples',
  'invitation',
]);
// `link`: an aggregator's widget returns the link that opens the person's bank data.
const secretQueryName = /token|key|hash|pass|secret|code|ticket|state|request|link/i;
// A random secret (base64url, mixed case); slugs and role words are lower case.
const randomLookingSegment = /^(?=.*[a-z])(?=.*[A-Z])[A-Za-z0-9_-]{20,}$/;
const hidden = '[oculto]';

/**
 * The address with its tokens hidden, for the log: a token read from the log signs in as its owner.
 * Card data (a parameter named cvv, number, …; 13 or more digits in a row anywhere) is hidden too,
 * should anything put it there.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const pathPart = queryStart === -1 ? url : url.slice(0, queryStart);
  let afterMarker = false;
  const segments = pathPart.split('/').map((segment) => {
    if (segment === '') return segment;
    if (afterMarker || randomLookingSegment.test(segment) || containsCardNumber(safeDecode(segment))) return hidden;
    if (secretPathMarkers.has(safeDecode(segment))) afterMarker = true;
    return segment;
  });
  const redactedPath = segments.join('/');
  if (queryStart === -1) return redactedPath;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      const decodedName = safeDecode(name.replaceAll('+', ' '));
      if (containsCardNumber(decodedName)) return hidden;
      const decodedValue = safeDecode(pair.slice(name.length + 1).replaceAll('+', ' '));
      const isSecret =
        secretQueryName.test(decodedName) || isCardDataName(decodedName) || containsCardNumber(decodedValue);
      return isSecret ? `${name}=${hidden}` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Fastify's request line without secrets: the address is redacted, no header is logged (so no
 * Authorization key), and the Host header, which the caller chooses, is left out.
 */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * A failed query's error carries its parameters in its message ("Failed query: … params: …"): the
 * values a person typed (a chat message, a name, an e-mail). The log keeps the query, not them.
 */
export function removeQueryParameters(text: string): string {
  const at = text.indexOf('\nparams:');
  return at === -1 ? text : `${text.slice(0, at)}\nparams: ${hidden}`;
}

function describeCause(cause: unknown) {
  if (!(cause instanceof Error)) return undefined;
  // PostgreSQL's `detail` names the values a constraint refused: left out.
  return { type: cause.name, message: removeQueryParameters(cause.message), code: (cause as { code?: unknown }).code };
}

/** An error as the log writes it: type, message, code and stack, a failed query's values hidden. */
export function serializeErrorForLog(error: Error): {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
} {
  return {
    type: error.name,
    message: removeQueryParameters(String(error.message)),
    code: (error as { code?: unknown }).code,
    stack: removeQueryParameters(error.stack ?? ''),
    cause: describeCause(error.cause),
  };
}

/** Every log line's own fields, a failed query's values hidden wherever a message was copied in. */
export function redactLogFields(fields: Record<string, unknown>): Record<string, unknown> {
  let changed: Record<string, unknown> | null = null;
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value.includes('\nparams:')) {
      changed ??= { ...fields };
      changed[name] = removeQueryParameters(value);
    }
  }
  return changed ?? fields;
}
