import { z } from 'zod';
import type { JsonWebKeySet, SigningJwk } from '../../adapters/card-gateway/webhook-signature';
import type { AppConfig } from '../../config';

const KeySetSchema = z.object({ keys: z.array(z.looseObject({ kid: z.string(), kty: z.string() })) });

/** A key set is fetched again after this long, or sooner when an event names a key it lacks (rotation). */
const keySetLifetimeMilliseconds = 60 * 60 * 1000;
const minimumRefetchMilliseconds = 60 * 1000;

interface CachedKeySet {
  /** The last set fetched, null while none could be. */
  keySet: JsonWebKeySet | null;
  fetchedAt: number;
  /** The last fetch tried, whatever came of it: a set out of reach is not asked again sooner. */
  triedAt: number;
}

const cachedKeySets = new Map<string, CachedKeySet>();
/** The fetch under way per address: webhooks arriving together wait for the same one. */
const fetchesUnderWay = new Map<string, Promise<JsonWebKeySet>>();

function readKeySet(value: unknown): JsonWebKeySet {
  return { keys: KeySetSchema.parse(value).keys as SigningJwk[] };
}

async function fetchKeySet(url: string): Promise<JsonWebKeySet> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
  return readKeySet(await response.json());
}

function fetchOnce(url: string): Promise<JsonWebKeySet> {
  let fetching = fetchesUnderWay.get(url);
  if (!fetching) {
    fetching = fetchKeySet(url)
      .then(
        (keySet) => {
          cachedKeySets.set(url, { keySet, fetchedAt: Date.now(), triedAt: Date.now() });
          return keySet;
        },
        (error: unknown) => {
          const kept = cachedKeySets.get(url);
          cachedKeySets.set(url, {
            keySet: kept?.keySet ?? null,
            fetchedAt: kept?.fetchedAt ?? 0,
            triedAt: Date.now(),
          });
          throw error;
        },
      )
      .finally(() => fetchesUnderWay.delete(url));
    fetchesUnderWay.set(url, fetching);
  }
  return fetching;
}

/**
 * The keys Pagar.me signs webhooks with: PAGARME_WEBHOOK_JWKS (the set itself) or the set at
 * PAGARME_WEBHOOK_JWKS_URL, kept an hour. `refresh` fetches again when an event was signed by a key
 * the kept set lacks (rotation). Anyone may post a forged event, so the address is asked at most
 * once a minute, by one fetch however many events wait for it, and not sooner after it failed.
 * Null when neither is configured.
 */
export async function loadPagarmeKeySet(config: AppConfig, options: { refresh?: boolean } = {}) {
  if (config.pagarmeWebhookJwks) return readKeySet(JSON.parse(config.pagarmeWebhookJwks));
  const url = config.pagarmeWebhookJwksUrl;
  if (!url) return null;
  const cached = cachedKeySets.get(url);
  const now = Date.now();
  const isFresh = cached !== undefined && cached.keySet !== null && now - cached.fetchedAt < keySetLifetimeMilliseconds;
  const mayFetch = cached === undefined || now - cached.triedAt >= minimumRefetchMilliseconds;
  if (cached?.keySet && (!mayFetch || (isFresh && !options.refresh))) return cached.keySet;
  if (!mayFetch && !fetchesUnderWay.has(url)) throw new Error('JWKS out of reach a moment ago');
  return fetchOnce(url);
}
