/**
 * What went wrong, named by services, repositories, jobs and webhooks alike; only the error handler
 * turns a kind into an HTTP status. The message is the pt-BR text a person reads.
 */
export const statusByErrorKind = {
  /** The input breaks a rule (a field, or the request as a whole). */
  invalid: 400,
  /** No session, or one that is no longer valid. */
  unauthenticated: 401,
  /** A card payment the gateway declined: nothing was charged, another card may be tried. */
  paymentDeclined: 402,
  /** The caller is known but may not do this. */
  notAllowed: 403,
  /** Nothing the caller may see answers to this id. */
  notFound: 404,
  /** The request clashes with what is stored (a duplicate, a state that moved on). */
  conflict: 409,
  /** The content is bigger than Prumo takes. */
  tooLarge: 413,
  /** A record the request asked for could not be made from what it sent. */
  notCreated: 417,
  /** Too many requests of this kind from this address or account. */
  tooMany: 429,
  /** Something Prumo depends on does not answer. */
  unavailable: 503,
} as const;

export type ErrorKind = keyof typeof statusByErrorKind;

/** A Django-REST-style answer: {"detail": "…"} or {"field": ["…"]}, sometimes with more beside it. */
export type ErrorBody = Record<string, unknown>;

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly body: ErrorBody,
  ) {
    super(typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
    this.name = 'DomainError';
  }
}

export const permissionDenied = 'Sem permissão';

/** Fails with `{"detail": message}` (and whatever else the answer carries, such as a `code`). */
export function fail(kind: ErrorKind, message: string, extra: ErrorBody = {}): never {
  throw new DomainError(kind, { detail: message, ...extra });
}

export function failNotFound(message: string): never {
  fail('notFound', message);
}

export function failNotAllowed(message: string = permissionDenied): never {
  fail('notAllowed', message);
}

export function failInvalid(message: string, extra: ErrorBody = {}): never {
  fail('invalid', message, extra);
}

export function failConflict(message: string): never {
  fail('conflict', message);
}

/** Fails with `{"field": [message]}`, as a form shows it beside the field. */
export function failOnField(field: string, message: string): never {
  throw new DomainError('invalid', { [field]: [message] });
}

/** Fails with every field's messages at once. */
export function failOnFields(fields: Record<string, string[]>): never {
  throw new DomainError('invalid', fields);
}
