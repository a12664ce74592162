import { ApiError, errorMessages, extractErrorMessage } from './errors';
import { notifyError } from './notifications';
import { readToken } from './storage';

/** The request helper of calls-payments §7 and §8: one place for headers, queries and errors. */

const apiRoot = '/api/';

type QueryValue = string | number | readonly (string | number)[] | boolean | null | undefined;

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

/** Drops empty, undefined, null, boolean and object values (calls-payments §7). */
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

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export async function requestApi<Answer>(path: string, options: RequestOptions = {}): Promise<Answer> {
  const { method = 'GET', body, query, authenticated = true, silent = false, defaultMessage, signal } = options;
  const headers = new Headers({ Accept: 'application/json' });
  const token = authenticated ? readToken() : null;
  if (token) headers.set('Authorization', `Token ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(`${apiRoot}${path}${buildQueryString(query)}`, { method, headers, body: payload, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (!silent) notifyError(errorMessages.noConnection, 'no-connection');
    throw new ApiError({ status: 0, data: null, message: errorMessages.noConnection, notified: !silent });
  }

  const data = await readBody(response);
  if (response.ok) return data as Answer;

  if (response.status === 401 && token) {
    unauthorizedListener?.();
    throw new ApiError({ status: 401, data, message: errorMessages.sessionExpired, notified: true });
  }
  if (response.status >= 500) {
    if (!silent) notifyError(errorMessages.serverDown, 'server-down');
    throw new ApiError({ status: response.status, data, message: errorMessages.serverDown, notified: !silent });
  }
  throw new ApiError({
    status: response.status,
    data,
    message: extractErrorMessage(data, defaultMessage),
    notified: false,
  });
}

/** Turns a plain object into multipart data, skipping empty values. */
export function buildFormData(fields: Record<string, string | Blob | null | undefined>): FormData {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    formData.append(key, value);
  }
  return formData;
}
