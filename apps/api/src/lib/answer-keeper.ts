import type { Database } from '../db/database';
import { markKept } from './kept-values';

interface KeptAnswer<Answer> {
  fingerprint: string;
  answer: Answer;
}

/** How a keeper reads: the key of the answer, its fingerprint now, and the answer itself when that changed. */
export type AnswerKeeper<Answer> = (
  key: string,
  readFingerprint: () => Promise<string>,
  readAnswer: () => Promise<Answer>,
) => Promise<Answer>;

/**
 * Answers a process keeps, each with the fingerprint of what it was read from. Every call reads the
 * fingerprint again — callers arriving while a read of the same key is under way share it — and
 * reuses the answer while it is the same; a changed fingerprint reads the answer afresh (once, for
 * everyone waiting). So answers are as fresh as a read of the database, and a busy screen costs the
 * fingerprint, not the aggregates. The oldest of more than `maximumKept` answers is let go.
 */
function createAnswerKeeper<Answer>(maximumKept: number): AnswerKeeper<Answer> {
  const kept = new Map<string, KeptAnswer<Answer>>();
  const checking = new Map<string, Promise<Answer>>();

  async function check(key: string, readFingerprint: () => Promise<string>, readAnswer: () => Promise<Answer>) {
    const fingerprint = await readFingerprint();
    const known = kept.get(key);
    if (known && known.fingerprint === fingerprint) return known.answer;
    const answer = markKept(await readAnswer());
    kept.delete(key);
    kept.set(key, { fingerprint, answer });
    // A Map keeps the order entries were set in: the first is the oldest.
    if (kept.size > maximumKept) kept.delete(kept.keys().next().value as string);
    return answer;
  }

  return (key, readFingerprint, readAnswer) => {
    const underway = checking.get(key);
    if (underway) return underway;
    const reading = check(key, readFingerprint, readAnswer).finally(() => checking.delete(key));
    checking.set(key, reading);
    return reading;
  };
}

/**
 * One keeper per database and name (each app and test has its own database handle, so its own
 * answers): `findAnswerKeeper(db, 'indicators', 200)`.
 */
export function findAnswerKeeper<Answer>(db: Database, name: string, maximumKept: number): AnswerKeeper<Answer> {
  let byName = keepers.get(db);
  if (!byName) {
    byName = new Map();
    keepers.set(db, byName);
  }
  let keeper = byName.get(name);
  if (!keeper) {
    keeper = createAnswerKeeper<unknown>(maximumKept);
    byName.set(name, keeper);
  }
  return keeper as AnswerKeeper<Answer>;
}

const keepers = new WeakMap<Database, Map<string, AnswerKeeper<unknown>>>();
