import type { StatementLine, StatementLinesRead, StatementReadResult, StreamedLines } from './statement-types';

/**
 * An account's lines by column, as a worker sends them for import: a hundred thousand objects took
 * four times as long to pass between threads (their bank ids, unused by imports, most of it),
 * and the receiving side of that copy runs on the caller's event loop.
 */
export interface PackedLines {
  dates: string[];
  descriptions: string[];
  /** Moved, not copied. */
  amountsCents: Float64Array;
}

/** An account's lines, or null when they are exactly the lines its block streamed (not sent twice). */
export type PackedStatement = Omit<StatementReadResult, 'accounts'> & {
  accounts: (Omit<StatementReadResult['accounts'][number], 'transactions'> & { lines: PackedLines | null })[];
};

/** Some of a block's lines by column, as a worker hands them over while it still reads. */
export type PackedStreamedLines = Omit<StreamedLines, 'lines'> & { lines: PackedLines };

function packLines(lines: readonly StatementLine[]): PackedLines {
  const packed: PackedLines = {
    dates: new Array<string>(lines.length),
    descriptions: new Array<string>(lines.length),
    amountsCents: new Float64Array(lines.length),
  };
  lines.forEach((line, index) => {
    packed.dates[index] = line.date;
    packed.descriptions[index] = line.description;
    packed.amountsCents[index] = line.amountCents;
  });
  return packed;
}

function unpackLines(lines: PackedLines): StatementLine[] {
  return lines.dates.map((date, index) => ({
    date,
    amountCents: lines.amountsCents[index] as number,
    description: lines.descriptions[index] as string,
  }));
}

/**
 * The statement's lines by column, for the caller's thread; the list of what moves with them. An
 * account whose block streamed as many lines as it has streamed these very lines (a block's
 * account only ever leaves some of them out), so they are not sent again.
 */
export function packStatementLines(
  statement: StatementReadResult,
  streamedLineCounts: ReadonlyMap<number, number> = new Map(),
): { packed: PackedStatement; moved: ArrayBuffer[] } {
  const moved: ArrayBuffer[] = [];
  const accounts = statement.accounts.map(({ transactions, ...account }, index) => {
    if (streamedLineCounts.get(index) === transactions.length) return { ...account, lines: null };
    const lines = packLines(transactions);
    moved.push(lines.amountsCents.buffer as ArrayBuffer);
    return { ...account, lines };
  });
  return { packed: { ...statement, accounts }, moved };
}

export function packStreamedLines(streamed: StreamedLines): { packed: PackedStreamedLines; moved: ArrayBuffer[] } {
  const lines = packLines(streamed.lines);
  return { packed: { ...streamed, lines }, moved: [lines.amountsCents.buffer as ArrayBuffer] };
}

export function unpackStreamedLines(packed: PackedStreamedLines): StreamedLines {
  return { ...packed, lines: unpackLines(packed.lines) };
}

/** The lines as objects again, on the caller's thread; an account's not sent again, from what its block streamed. */
export function unpackStatementLines(
  packed: PackedStatement,
  streamedLines: ReadonlyMap<number, StatementLine[]> = new Map(),
): StatementLinesRead {
  return {
    ...packed,
    accounts: packed.accounts.map(({ lines, ...account }, index) => {
      const transactions = lines ? unpackLines(lines) : streamedLines.get(index);
      if (!transactions) throw new Error(`the lines of account ${index} were neither sent nor streamed`);
      return { ...account, transactions };
    }),
  };
}
