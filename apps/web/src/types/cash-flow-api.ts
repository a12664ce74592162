/**
 * Shapes of the answers described in docs/cash-flow-api.md. Money is always integer cents,
 * negative for money going out; dates are "YYYY-MM-DD".
 */

export interface FileAccount {
  origin: number;
  kind: 'bank_account' | 'credit_card';
  bank_code: string | null;
  bank_name: string | null;
  branch: string | null;
  account_number: string | null;
  new_account: boolean;
}

/** A row of a statement that was not imported: why, what it says, its day (YYYY-MM-DD) and amount (cents). */
export interface SkippedRow {
  reason: string;
  text: string;
  date: string | null;
  amount: number | null;
}

/** An imported statement file (product §3 File). */
export interface StatementFile {
  id: number;
  name: string;
  format: string;
  read_status: string;
  /** Why the file looks incomplete (cut short, balances that disagree), in pt-BR; null when it is whole. */
  read_warning: string | null;
  bundle: number;
  created_at: string;
  transactions_read: number;
  transactions_added: number;
  duplicates_ignored: number;
  skipped_rows: SkippedRow[];
  /** Where the statement as sent is downloaded (`GET file/{id}/download/`); null for files kept before that. */
  file: string | null;
  manual_cash: boolean;
  accounts: FileAccount[];
}

export interface RejectedFile {
  name: string;
  detail: string;
}

/** 201 of upload/ and import-bundle/{id}/add/. */
export interface UploadAnswer {
  bundle: { id: number; created_at: string };
  files: StatementFile[];
  rejected: RejectedFile[];
  /** The first and last day (YYYY-MM-DD) of the lines the files hold; null when they hold none. */
  period: { start: string; end: string } | null;
}

export interface FileTransaction {
  id: number;
  date: string;
  cash_date: string;
  name: string;
  amount: number;
  category: number | null;
  description: number | null;
  ignored: boolean;
  origin: number;
}

export interface StatementFileDetail extends StatementFile {
  transactions: FileTransaction[];
}

/** An account or card a file created that still needs data (product §3 Pendency). */
export interface Pendency {
  filename: string;
  fileId: number;
  /** The account or card, one pendency each: what PATCH pendency/complete-file/{fileId}/ names. */
  originId: number;
  /** How Prumo names the account (its nickname, else bank and number). */
  name: string;
  kind: 'bank_account' | 'credit_card';
  balance: number | null;
  dueDate: number | null;
  closeDay: number | null;
  newAccount: boolean;
}
