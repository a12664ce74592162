import { challengeHeader } from '@prumo/contract/challenge';
import type { Role } from '@prumo/domain/auth/roles';
import { takeChallengePass } from './challenge';
import { ApiError, errorMessages, extractErrorMessage } from './errors';
import { notifyError } from './notifications';
import { readToken } from './storage';

/** The request helper: one place for headers, queries and errors. */

const apiRoot = '/api/';

export type QueryValue = string | number | readonly (string | number)[] | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or FormData for multipart uploads. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Public calls send no token: a stale one would turn them into 401s. */
  authenticated?: boolean;
  /** The caller shows its own texts, so no general alert for no connection or 5xx. */
  silent?: boolean;
  defaultMessage?: string;
  signal?: AbortSignal;
}

type UnauthorizedListener = () => void;
let unauthorizedListener: UnauthorizedListener | null = null;

/** The session layer decides where a 401 leads (the organization's login). */
export function registerUnauthorizedListener(listener: UnauthorizedListener): void {
  unauthorizedListener = listener;
}

/** Who is calling and which client the current address names (lib/client-scope). */
export interface RequestScope {
  role: Role | null;
  clientId: string | null;
}

let readRequestScope: () => RequestScope = () => ({ role: null, clientId: null });

/** The session layer tells the client who is signed in and which client the address names. */
export function registerRequestScopeReader(reader: () => RequestScope): void {
  readRequestScope = reader;
}

// Calls about the user themself never carry a client.
const userLevelPrefixes = [
  'me/',
  'organization/',
  'dashboard/',
  'profiles/',
  'notification/',
  'notifications/',
  'live/',
];

function hasQueryValue(value: QueryValue): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * A planner's call without a client id gets the one of the current address (user-level
 * endpoints excepted); a client's `client`/`clientId` are stripped, their calls are about themself.
 */
export function applyClientScope(
  path: string,
  query: Record<string, QueryValue> | undefined,
  scope: RequestScope = readRequestScope(),
): Record<string, QueryValue> | undefined {
  if (scope.role === 'client') {
    if (!query || !('client' in query || 'clientId' in query)) return query;
    const { client: _client, clientId: _clientId, ...rest } = query;
    return rest;
  }
  if (scope.role !== 'planner' && scope.role !== 'manager') return query;
  if (!scope.clientId || userLevelPrefixes.some((prefix) => path.startsWith(prefix))) return query;
  if (query && (hasQueryValue(query.clientId) || hasQueryValue(query.client))) return query;
  return { ...query, clientId: scope.clientId };
}

/** Drops empty, undefined, null, boolean and object values. */
export function buildQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const parameters = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' && value !== '') parameters.append(key, value);
    else if (typeof value === 'number' && Number.isFinite(value)) parameters.append(key, String(value));
    else if (Array.isArray(value)) {
      for (const item of value) parameters.append(key, String(item));
    }
  }
  const text = parameters.toString();
  return text ? `?${text}` : '';
}

/** The address of a call, with the client scope applied to authenticated calls. */
export function buildApiUrl(path: string, query?: Record<string, QueryValue>, authenticated = true): string {
  const scopedQuery = authenticated ? applyClientScope(path, query) : query;
  return `${apiRoot}${path}${buildQueryString(scopedQuery)}`;
}

/** An answer's body: JSON when it says so, else its text; nothing for an empty body. */
export function parseAnswerText(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  if ((contentType ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  return parseAnswerText(await response.text(), response.headers.get('content-type'));
}

interface FailureOptions {
  silent: boolean;
  defaultMessage?: string;
  /** A 401 only ends the session when the call carried a token. */
  sentToken: boolean;
}

/** The error of a call that could not reach the server (status 0), with its general alert. */
export function createConnectionError(silent: boolean): ApiError {
  if (!silent) notifyError(errorMessages.noConnection, 'no-connection');
  return new ApiError({ status: 0, data: null, message: errorMessages.noConnection, notified: !silent });
}

/**
 * The error of a failed answer, shared by fetch and the upload's XMLHttpRequest: a 401 ends the
 * session, a 5xx alerts (unless silent), anything else carries the server's message.
 */
export function createAnswerError(status: number, data: unknown, options: FailureOptions): ApiError {
  if (status === 401 && options.sentToken) {
    unauthorizedListener?.();
    return new ApiError({ status: 401, data, message: errorMessages.sessionExpired, notified: true });
  }
  if (status >= 500) {
    if (!options.silent) notifyError(errorMessages.serverDown, 'server-down');
    return new ApiError({ status, data, message: errorMessages.serverDown, notified: !options.silent });
  }
  return new ApiError({
    status,
    data,
    message: extractErrorMessage(data, options.defaultMessage),
    notified: false,
  });
}

interface SentRequest {
  response: Response;
  /** A 401 only ends the session when the call carried a token. */
  sentToken: boolean;
}

/** Sends a call with its token, body and scoped query; a call that cannot reach the server throws. */
async function sendRequest(path: string, options: RequestOptions, accept: string): Promise<SentRequest> {
  const { method = 'GET', body, query, authenticated = true, silent = false, signal } = options;
  const headers = new Headers({ Accept: accept });
  const token = authenticated ? readToken() : null;
  if (token) headers.set('Authorization', `Token ${token}`);
  // A public form sent after solving the challenge carries its pass.
  const challengePass = !authenticated && method !== 'GET' ? takeChallengePass() : null;
  if (challengePass) headers.set(challengeHeader, challengePass);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  try {
    const response = await fetch(buildApiUrl(path, query, authenticated), { method, headers, body: payload, signal });
    return { response, sentToken: Boolean(token) };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw createConnectionError(silent);
  }
}

export async function requestApi<Answer>(path: string, options: RequestOptions = {}): Promise<Answer> {
  const { response, sentToken } = await sendRequest(path, options, 'application/json');
  const data = await readBody(response);
  if (response.ok) return data as Answer;
  const { silent = false, defaultMessage } = options;
  throw createAnswerError(response.status, data, { silent, defaultMessage, sentToken });
}

/** A file the API answers (an export): its bytes and the name its content-disposition suggests. */
export interface FileAnswer {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a content-disposition header (`attachment; filename="a.xlsx"`), or null. */
function readAttachmentFileName(contentDisposition: string | null): string | null {
  // The UTF-8 name first (accents kept), else the plain one.
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed name falls back to the plain one.
    }
  }
  return /filename="?([^";]+)"?/i.exec(contentDisposition ?? '')?.[1]?.trim() || null;
}

/**
 * A GET whose answer is a file rather than JSON: fetch carries the token, which a plain link
 * cannot. A failed answer is still JSON and fails as requestApi's do.
 */
export async function requestApiFile(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<FileAnswer> {
  const { response, sentToken } = await sendRequest(path, options, '*/*');
  if (!response.ok) {
    const { silent = false, defaultMessage } = options;
    throw createAnswerError(response.status, await readBody(response), { silent, defaultMessage, sentToken });
  }
  return {
    blob: await response.blob(),
    fileName: readAttachmentFileName(response.headers.get('content-disposition')),
  };
}

type FormValue = string | Blob;

/** Turns a plain object into multipart data, skipping empty values; a list repeats its field. */
export function buildFormData(fields: Record<string, FormValue | readonly FormValue[] | null | undefined>): FormData {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) formData.append(key, item);
    } else formData.append(key, value as FormValue);
  }
  return formData;
}
