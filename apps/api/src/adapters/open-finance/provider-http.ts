import type { z } from 'zod';
import { OpenFinanceProviderError } from './open-finance-connector';

/**
 * One call to an aggregator's API over `fetch`, with a timeout. A network failure names its cause
 * only: the request carried a key or secret.
 */
export async function sendToProvider(
  provider: string,
  url: string,
  request: { method: string; headers: Record<string, string>; body?: unknown; timeoutMilliseconds: number },
): Promise<Response> {
  try {
    return await fetch(url, {
      method: request.method,
      headers: {
        Accept: 'application/json',
        ...request.headers,
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(request.timeoutMilliseconds),
    });
  } catch (error) {
    throw new OpenFinanceProviderError(`${provider} did not answer: ${(error as Error).name}`);
  }
}

/**
 * An aggregator's answer read with `schema`: null for a 404 (or when no body is wanted), a provider
 * failure for any other refusal or for a body Prumo cannot read. The path and query stay out of
 * every message: an id there is the access to a person's data.
 */
export async function readProviderAnswer<Result>(
  provider: string,
  method: string,
  response: Response,
  schema: z.ZodType<Result> | null,
): Promise<Result | null> {
  if (response.status === 404) return null;
  // Refused keys are the organization's to fix, not the person's consent ending: a failure.
  if (!response.ok) throw new OpenFinanceProviderError(`${provider} answered ${response.status}.`);
  if (schema === null) return null;
  const answer = await response.json().catch(() => undefined);
  // An amount past what cents can hold throws inside the schema: unreadable too, never a 500.
  const parsed = (() => {
    try {
      return schema.safeParse(answer);
    } catch {
      return null;
    }
  })();
  if (!parsed?.success)
    throw new OpenFinanceProviderError(`${provider} answered ${method} in a shape Prumo cannot read.`);
  return parsed.data;
}
