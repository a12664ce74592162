import { normalizeForMatching } from './statement-text';

export type SpreadsheetCell = string | number | boolean | null | undefined;

export type ColumnRole = 'date' | 'description' | 'amount' | 'debit' | 'credit' | 'balance' | 'document';

export interface HeaderColumns {
  date: number;
  description: number;
  amount: number | null;
  debit: number | null;
  credit: number | null;
  balance: number | null;
  document: number | null;
}

export interface HeaderRow {
  rowIndex: number;
  columns: HeaderColumns;
  /** The header cells' own text, for currency hints such as "Cargos (CLP)" or "Valor (R$)". */
  labels: string[];
}

// Portuguese names first, then the Spanish ones Chilean (and other) banks print.
const rolePatterns: [ColumnRole, RegExp][] = [
  ['balance', /^(saldos?|balance)\b/],
  ['date', /^(data|fecha|date|dt)\b/],
  ['debit', /^(debitos?|cargos?|saidas?|retiros?|giros?|valor (do )?debito)\b/],
  ['credit', /^(creditos?|abonos?|entradas?|depositos?|valor (do )?credito)\b/],
  ['amount', /^(valor|valores|vlr|monto|montos|importe|quantia|amount)\b/],
  [
    'description',
    /^(descricao|descripcion|historico|lancamentos?|detalhes?|detalle|estabelecimento|memo|description|movimentacao|transacao|concepto|glosa)\b/,
  ],
  ['document', /^(documento|docto|doc|n[º°o.]? ?(do )?doc(umento)?|numero (do )?documento)\b/],
];

/** What a header cell names, or null. Amounts in a foreign currency ("Valor em US$") are not the amount. */
export function classifyHeaderCell(cell: SpreadsheetCell): ColumnRole | null {
  if (typeof cell !== 'string') return null;
  const label = normalizeForMatching(cell);
  if (label === '' || label.length > 60) return null;
  for (const [role, pattern] of rolePatterns) {
    if (!pattern.test(label)) continue;
    if ((role === 'amount' || role === 'debit' || role === 'credit') && /us\$|usd|dolar|u\$s/.test(label)) return null;
    return role;
  }
  return null;
}

/** The columns a row names when it is a statement table header (date, description and some amount), or null. */
export function readHeaderColumns(row: readonly SpreadsheetCell[]): HeaderColumns | null {
  const found: Partial<Record<ColumnRole, number>> = {};
  row.forEach((cell, index) => {
    const role = classifyHeaderCell(cell);
    if (role !== null && found[role] === undefined) found[role] = index;
  });
  const { date, description } = found;
  if (date === undefined || description === undefined) return null;
  if (found.amount === undefined && found.debit === undefined && found.credit === undefined) return null;
  return {
    date,
    description,
    amount: found.amount ?? null,
    debit: found.debit ?? null,
    credit: found.credit ?? null,
    balance: found.balance ?? null,
    document: found.document ?? null,
  };
}

/** Banks put a title block (holder, account, balances) above the table; the header is rarely far down. */
const maxHeaderSearchRows = 200;

/** Finds the first row that names a date, a description and an amount (or debit/credit) column. */
export function findHeaderRow(rows: readonly (readonly SpreadsheetCell[])[]): HeaderRow | null {
  const limit = Math.min(rows.length, maxHeaderSearchRows);
  for (let rowIndex = 0; rowIndex < limit; rowIndex++) {
    const row = rows[rowIndex] ?? [];
    const columns = readHeaderColumns(row);
    if (columns) return { rowIndex, columns, labels: row.map((cell) => (typeof cell === 'string' ? cell : '')) };
  }
  return null;
}
