import { foldForSearch } from '../records/search-text';

/**
 * The same payment reaches Prumo twice when a client connects their bank and also imports its
 * statement file: the bank's API and its OFX rarely agree on the description (one says "PAG*PADARIA
 * SAO JOSE", the other "Padaria São José") and may differ by a day or two on the date (posting
 * against booking). Within one account, a line from one source and a line from the other are the
 * same payment when their amounts are equal to the cent and their dates are at most
 * `maximumDayGap` apart; each line pairs with at most one, the closest date first, then the most
 * words in common, then the earliest. What pairs is counted once, whichever came first.
 */
export interface SourceLine {
  /** The day, YYYY-MM-DD. */
  date: string;
  amountCents: number;
  description: string;
}

export const maximumDayGap = 3;

const dayMs = 86_400_000;

function readDayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / dayMs);
}

/** The words of a description that say something: folded, 3 letters or more, digits-only left out. */
function readWords(description: string): Set<string> {
  return new Set(
    foldForSearch(description)
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length >= 3 && !/^\d+$/.test(word)),
  );
}

function countSharedWords(first: Set<string>, second: Set<string>): number {
  let shared = 0;
  for (const word of first) if (second.has(word)) shared += 1;
  return shared;
}

/**
 * Pairs each incoming line with the kept line it duplicates, if any. Answers, for each incoming
 * line (same order), the index of its kept line, or null for a new payment.
 */
export function matchLinesAcrossSources(
  kept: readonly SourceLine[],
  incoming: readonly SourceLine[],
): (number | null)[] {
  const keptByAmount = new Map<number, number[]>();
  kept.forEach((line, index) => {
    const sameAmount = keptByAmount.get(line.amountCents);
    if (sameAmount) sameAmount.push(index);
    else keptByAmount.set(line.amountCents, [index]);
  });
  const keptDays = kept.map((line) => readDayNumber(line.date));
  const keptWords = new Map<number, Set<string>>();
  const taken = new Set<number>();

  // The closest pairs are made first, over all lines, so an early line cannot take the partner
  // of a later one whose date matches it better.
  const candidates: { incomingIndex: number; keptIndex: number; gap: number; shared: number }[] = [];
  incoming.forEach((line, incomingIndex) => {
    const day = readDayNumber(line.date);
    const words = readWords(line.description);
    for (const keptIndex of keptByAmount.get(line.amountCents) ?? []) {
      const gap = Math.abs((keptDays[keptIndex] as number) - day);
      if (gap > maximumDayGap) continue;
      let theirWords = keptWords.get(keptIndex);
      if (!theirWords) {
        theirWords = readWords((kept[keptIndex] as SourceLine).description);
        keptWords.set(keptIndex, theirWords);
      }
      candidates.push({ incomingIndex, keptIndex, gap, shared: countSharedWords(words, theirWords) });
    }
  });
  candidates.sort(
    (a, b) => a.gap - b.gap || b.shared - a.shared || a.incomingIndex - b.incomingIndex || a.keptIndex - b.keptIndex,
  );
  const pairs: (number | null)[] = incoming.map(() => null);
  for (const candidate of candidates) {
    if (pairs[candidate.incomingIndex] !== null || taken.has(candidate.keptIndex)) continue;
    pairs[candidate.incomingIndex] = candidate.keptIndex;
    taken.add(candidate.keptIndex);
  }
  return pairs;
}
