import type { ManagerIndicators } from '@prumo/contract/indicators';
import type { Database } from '../../db/database';
import { markKept } from '../../lib/kept-values';

/** Periods a process keeps answers for: a manager looks at a few; more are read afresh. */
const maximumKeptAnswers = 200;

interface KeptAnswer {
  fingerprint: string;
  answer: ManagerIndicators;
}

/**
 * The indicators answers a process keeps, each with the fingerprint of what it was read from
 * (`readIndicatorsFingerprint`). Every call reads the fingerprint again — callers arriving while a
 * read is under way share it — and reuses the answer while it is the same; a changed fingerprint
 * reads the figures afresh (once, for everyone waiting). So the figures are as fresh as a read of
 * the database, and a busy screen costs the fingerprint, not the aggregates.
 */
function createIndicatorsKeeper() {
  const kept = new Map<string, KeptAnswer>();
  const checking = new Map<string, Promise<ManagerIndicators>>();

  async function check(
    key: string,
    readFingerprint: () => Promise<string>,
    readAnswer: () => Promise<ManagerIndicators>,
  ): Promise<ManagerIndicators> {
    const fingerprint = await readFingerprint();
    const known = kept.get(key);
    if (known && known.fingerprint === fingerprint) return known.answer;
    const answer = markKept(await readAnswer());
    kept.delete(key);
    kept.set(key, { fingerprint, answer });
    // The oldest kept answer goes first (a Map keeps the order entries were set in).
    if (kept.size > maximumKeptAnswers) kept.delete(kept.keys().next().value as string);
    return answer;
  }

  return function read(
    key: string,
    readFingerprint: () => Promise<string>,
    readAnswer: () => Promise<ManagerIndicators>,
  ): Promise<ManagerIndicators> {
    const underway = checking.get(key);
    if (underway) return underway;
    const reading = check(key, readFingerprint, readAnswer).finally(() => checking.delete(key));
    checking.set(key, reading);
    return reading;
  };
}

const keepers = new WeakMap<Database, ReturnType<typeof createIndicatorsKeeper>>();

/** The keeper of one database's answers (each app and test has its own). */
export function findIndicatorsKeeper(db: Database) {
  let keeper = keepers.get(db);
  if (!keeper) {
    keeper = createIndicatorsKeeper();
    keepers.set(db, keeper);
  }
  return keeper;
}
