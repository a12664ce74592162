import type { Database } from '../../db/database';
import { markKept } from '../../lib/kept-values';
import type { ClientScope } from '../../lib/scope';
import type { CashFlowFilter } from './cash-flow-filters';

/**
 * Counts and sums of a client's cash flow, each stored with the client's cash-flow version it was
 * computed at and reused only at that same version. The version changes in the transaction of
 * every write to the client's lines or accounts (triggers of migration 0002), so a reused value is
 * never older than the lines a call reads beside it. Paging through a period counts it once.
 */
export interface CashFlowCache {
  read<Value>(key: string, version: number): Value | undefined;
  /** Whether any version of this key is kept (a later call can then check the version first). */
  has(key: string): boolean;
  write(key: string, version: number, value: unknown): void;
}

/** Enough for thousands of active clients' filters; the oldest entries go first. */
const maximumEntries = 10_000;

function createCashFlowCache(): CashFlowCache {
  const entries = new Map<string, { version: number; value: unknown }>();
  return {
    read<Value>(key: string, version: number) {
      const entry = entries.get(key);
      if (!entry || entry.version !== version) return undefined;
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value as Value;
    },
    has: (key) => entries.has(key),
    write(key, version, value) {
      entries.delete(key);
      entries.set(key, { version, value });
      if (entries.size > maximumEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
  };
}

const caches = new WeakMap<Database, CashFlowCache>();

/** One cache per database: apps built on other databases (tests, benchmarks) never share values. */
export function findCashFlowCache(db: Database): CashFlowCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createCashFlowCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * `compute`'s value, kept under `key` at `version` and reused while the version read for this call
 * is the same. The caller reads the version before computing, so what is kept under it is never
 * older than it.
 */
export async function reuseAtVersion<Value>(
  db: Database,
  key: string,
  version: number,
  compute: () => Promise<Value>,
): Promise<Value> {
  const cache = findCashFlowCache(db);
  const cached = cache.read<Value>(key, version);
  if (cached !== undefined) return cached;
  const value = markKept(await compute());
  cache.write(key, version, value);
  return value;
}

/** What a count or a sum depends on: the client and every filter of the `where`, not the page. */
export function describeCashFlowQuery(
  kind: 'count' | 'sums' | 'totals',
  scope: ClientScope,
  filter: CashFlowFilter,
): string {
  return describeClientQuery(kind, scope, [
    filter.start,
    filter.end,
    filter.showIgnored ?? false,
    filter.origins ?? [],
    filter.category ?? [],
    filter.description ?? [],
    filter.isExpense ?? null,
    filter.uncategorized ?? false,
    filter.search ?? '',
    filter.isAssetTransfer ?? false,
    filter.isFinancialProduct ?? null,
    filter.identificationNumber ?? '',
  ]);
}

/** A cache key: what is computed, for whom, from what. */
export function describeClientQuery(kind: string, scope: ClientScope, parts: readonly unknown[]): string {
  return JSON.stringify([kind, scope.organizationId, scope.clientUserId, ...parts]);
}
