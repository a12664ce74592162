/** What a reader returns for one file: plain data, ready for an importer to match and store. */
export interface StatementReadResult {
  format: 'ofx' | 'xls' | 'xlsx';
  /** Only for text formats (OFX): the encoding the bytes turned out to be in, whatever the header said. */
  encoding?: 'utf-8' | 'windows-1252';
  /** One per account or card found in the file. */
  accounts: StatementAccount[];
  /** Rows that are not transactions (balances, future rows) or could not be read, for the user to see. */
  skippedRows: SkippedRow[];
  /**
   * Signs that the file is not whole, in pt-BR for the user: it ends before its closing tags (a
   * download that stopped), or its opening and closing balances disagree with its lines. Empty
   * when nothing looks wrong.
   */
  warnings: string[];
}

export interface SkippedRow {
  /** pt-BR, short: 'Saldo', 'Lançamento futuro', 'Data inválida', 'Valor inválido', … */
  reason: string;
  /** What the row says (its description), so the user can find it; never its raw date or amount. */
  text: string;
  /** YYYY-MM-DD, when the row has a readable date. */
  date?: string | null;
  /** Hundredths of the currency unit, signed like a transaction, when the row has a readable amount. */
  amountCents?: number | null;
}

export interface StatementAccount {
  kind: 'bank_account' | 'credit_card';
  /** COMPE code with 3 digits when numeric ("1" → "001", "0341" → "341"); other identifiers kept as written. */
  bankCode: string | null;
  branch: string | null;
  accountNumber: string | null;
  /** ISO 4217; 'BRL' when the file does not say. */
  currency: string;
  /** YYYY-MM-DD */
  startDate: string | null;
  endDate: string | null;
  balance: StatementBalance | null;
  transactions: StatementTransaction[];
}

export interface StatementBalance {
  amountCents: number;
  date: string | null;
}

export interface StatementTransaction {
  /** YYYY-MM-DD, the day the bank printed (time and offset labels are ignored). */
  date: string;
  /** Hundredths of the currency unit; negative = money out. */
  amountCents: number;
  /** What a person reads: NAME/MEMO combined, trimmed, entities decoded. */
  description: string;
  fitId: string | null;
  type: string | null;
  checkNumber: string | null;
  /**
   * 1 for the first transaction with the same fitId, date, amount and description in this account,
   * 2 for the next identical one, …: with those fields it identifies a transaction across re-imports.
   */
  occurrence: number;
}

/** A line as an importer stores it: what it says, the day and the amount (no bank ids). */
export type StatementLine = Pick<StatementTransaction, 'date' | 'amountCents' | 'description'>;

/** A statement as read for import: every account, balance and warning, its lines as `StatementLine`s. */
export interface StatementLinesRead extends Omit<StatementReadResult, 'accounts'> {
  accounts: (Omit<StatementAccount, 'transactions'> & { transactions: StatementLine[] })[];
}

/** The account a statement block names before its lines (a file's name may still name it at the end). */
export interface StreamedAccount {
  kind: StatementAccount['kind'];
  bankCode: string | null;
  branch: string | null;
  accountNumber: string | null;
}

/**
 * Lines of one statement block, handed over while the rest of the file is still being read, in
 * file order. The block's account in the whole read has exactly these lines unless some were left
 * out at its end (rows dated after the statement's end): then it has fewer than were streamed.
 */
export interface StreamedLines {
  /** Which statement block of the file (0, 1, … in the order they open). */
  block: number;
  account: StreamedAccount;
  lines: StatementLine[];
  /** On the block's last lines: the index of its account in the whole read's `accounts`; else null. */
  accountIndex: number | null;
}

/**
 * Hands lines over every `linesPerChunk` lines as they are read (OFX only), once a block has that
 * many: from then on every block of the file is handed over, those that ended before first.
 */
export interface LineStreamOptions {
  onLines: (streamed: StreamedLines) => void;
  linesPerChunk: number;
}
