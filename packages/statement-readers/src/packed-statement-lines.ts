import type { StatementLinesRead, StatementReadResult } from './statement-types';

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

export type PackedStatement = Omit<StatementReadResult, 'accounts'> & {
  accounts: (Omit<StatementReadResult['accounts'][number], 'transactions'> & { lines: PackedLines })[];
};

/** The statement's lines by column, for the caller's thread; the list of what moves with them. */
export function packStatementLines(statement: StatementReadResult): { packed: PackedStatement; moved: ArrayBuffer[] } {
  const moved: ArrayBuffer[] = [];
  const accounts = statement.accounts.map(({ transactions, ...account }) => {
    const lines: PackedLines = {
      dates: new Array<string>(transactions.length),
      descriptions: new Array<string>(transactions.length),
      amountsCents: new Float64Array(transactions.length),
    };
    transactions.forEach((line, index) => {
      lines.dates[index] = line.date;
      lines.descriptions[index] = line.description;
      lines.amountsCents[index] = line.amountCents;
    });
    moved.push(lines.amountsCents.buffer as ArrayBuffer);
    return { ...account, lines };
  });
  return { packed: { ...statement, accounts }, moved };
}

/** The lines as objects again, on the caller's thread. */
export function unpackStatementLines(packed: PackedStatement): StatementLinesRead {
  return {
    ...packed,
    accounts: packed.accounts.map(({ lines, ...account }) => ({
      ...account,
      transactions: lines.dates.map((date, index) => ({
        date,
        amountCents: lines.amountsCents[index] as number,
        description: lines.descriptions[index] as string,
      })),
    })),
  };
}
