import * as XLSX from '@e965/xlsx';
import { convertNumberToCents, MoneyError, parseMoneyToCents } from '@prumo/domain/money/cents';
import { findHeaderRow, type HeaderColumns, readHeaderColumns, type SpreadsheetCell } from './find-header-row';
import { numberOccurrences } from './number-occurrences';
import { convertSerialToDate, parseDayMonthYear, parseOfxDate } from './statement-dates';
import { checkBalancesAgree, isOpeningBalanceLabel } from './statement-integrity';
import { statementLimits } from './statement-limits';
import { StatementReadError } from './statement-read-error';
import {
  collapseWhitespace,
  isBalanceDescription,
  isFutureSectionTitle,
  isTotalDescription,
  normalizeForMatching,
} from './statement-text';
import type {
  SkippedRow,
  StatementAccount,
  StatementBalance,
  StatementReadResult,
  StatementTransaction,
} from './statement-types';

type SpreadsheetRow = SpreadsheetCell[];

/**
 * Reads XLS (BIFF8) and XLSX statements and card bills: in each sheet, finds the header row, then
 * reads date, description and amount (or debit/credit) columns below it. Balance, total, section
 * and future rows are skipped; all sheets of a workbook make one account.
 * The caller has already checked the zip (XLSX) or the compound file (XLS) for bombs and encryption.
 */
export function readSpreadsheetStatement(bytes: Uint8Array, format: 'xls' | 'xlsx'): StatementReadResult {
  const workbook = loadWorkbook(bytes);
  const uses1904DateSystem = Boolean(workbook.Workbook?.WBProps?.date1904);
  const skippedRows: SkippedRow[] = [];
  const transactions: StatementTransaction[] = [];
  const account = createEmptyAccount();
  let sheetsWithTable = 0;
  let isCreditCard = false;
  let closingBalance: StatementBalance | null = null;
  let openingCents: number | null = null;
  let rowCount = 0;

  for (const sheetName of workbook.SheetNames) {
    const sheet = workbook.Sheets[sheetName];
    if (!sheet) continue;
    const rows = readSheetRows(sheet);
    rowCount += rows.length;
    if (rowCount > statementLimits.maxRows) {
      throw new StatementReadError('too_large', { detail: `Mais de ${statementLimits.maxRows} linhas` });
    }
    const header = findHeaderRow(rows);
    if (!header) continue;
    sheetsWithTable++;
    const titleRows = rows.slice(0, header.rowIndex);
    fillAccountDetails(account, titleRows, header.labels);
    isCreditCard ||= isCreditCardLayout(sheetName, titleRows, header.labels);
    const columns = fixShiftedAmountColumn(rows, header.rowIndex, header.columns, uses1904DateSystem);
    const sheetResult = readTableRows(rows.slice(header.rowIndex + 1), columns, uses1904DateSystem);
    skippedRows.push(...sheetResult.skippedRows);
    transactions.push(...sheetResult.transactions);
    closingBalance = sheetResult.closingBalance ?? closingBalance;
    openingCents ??= sheetResult.openingCents;
  }

  if (sheetsWithTable === 0) {
    throw new StatementReadError('unreadable', { detail: 'Nenhuma planilha com colunas de data, descrição e valor' });
  }
  account.kind = isCreditCard ? 'credit_card' : 'bank_account';
  // A card bill lists purchases as positive values: for the person they are money out.
  const signedTransactions = isCreditCard
    ? transactions.map((transaction) => ({ ...transaction, amountCents: -transaction.amountCents }))
    : transactions;
  if (isCreditCard) {
    for (const row of skippedRows) if (row.amountCents) row.amountCents = -row.amountCents;
  }
  const dates = signedTransactions.map((transaction) => transaction.date).sort();
  account.startDate = dates[0] ?? null;
  account.endDate = dates[dates.length - 1] ?? null;
  account.balance = closingBalance;
  account.transactions = numberOccurrences(signedTransactions);
  // Card bills print no running balance to check lines against; statements with both balances do.
  const disagreement = isCreditCard
    ? null
    : checkBalancesAgree(openingCents, account.transactions, closingBalance?.amountCents ?? null);
  return { format, accounts: [account], skippedRows, warnings: disagreement ? [disagreement] : [] };
}

function loadWorkbook(bytes: Uint8Array): XLSX.WorkBook {
  try {
    return XLSX.read(bytes, {
      type: 'array',
      dense: true,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      cellNF: false,
      cellStyles: false,
      cellText: false,
      bookVBA: false,
      // SheetJS stops parsing a sheet past this many rows; the cap above then refuses the file.
      sheetRows: statementLimits.maxRows + 1,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/password|encrypt/i.test(message)) throw new StatementReadError('password_protected', { detail: message });
    throw new StatementReadError('unreadable', { detail: message });
  }
}

function readSheetRows(sheet: XLSX.WorkSheet): SpreadsheetRow[] {
  const fullRange = sheet['!fullref'] ?? sheet['!ref'];
  if (fullRange) {
    const range = XLSX.utils.decode_range(fullRange);
    if (range.e.r - range.s.r + 1 > statementLimits.maxRows) {
      throw new StatementReadError('too_large', { detail: `Planilha com mais de ${statementLimits.maxRows} linhas` });
    }
  }
  return XLSX.utils.sheet_to_json<SpreadsheetRow>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
}

/** An account read from a sheet before its title block and rows say more. */
export function createEmptyAccount(): StatementAccount {
  return {
    kind: 'bank_account',
    bankCode: null,
    branch: null,
    accountNumber: null,
    currency: 'BRL',
    startDate: null,
    endDate: null,
    balance: null,
    transactions: [],
  };
}

function readCellText(cell: SpreadsheetCell): string {
  if (cell === null || cell === undefined) return '';
  return collapseWhitespace(String(cell));
}

/** A date cell: an Excel serial, a yyyymmdd number, or text such as "04/05/2026". */
export function readDateCell(cell: SpreadsheetCell, uses1904DateSystem = false): string | null {
  if (typeof cell === 'number') {
    if (Number.isInteger(cell) && cell >= 19_000_101 && cell <= 29_991_231) return parseOfxDate(String(cell));
    return convertSerialToDate(cell, uses1904DateSystem);
  }
  if (typeof cell === 'string') return parseDayMonthYear(cell);
  return null;
}

/**
 * An amount cell: numbers as typed, text in the Brazilian way ("1.234,56", "R$ 1.234,56"), with the
 * sign markers statements print ("1.234,56 D", "1.234,56 C", "1.234,56-"). Null when empty or not money.
 */
export function readAmountCell(cell: SpreadsheetCell): number | null {
  try {
    if (typeof cell === 'number') return convertNumberToCents(cell);
    if (typeof cell !== 'string') return null;
    let text = cell.trim();
    if (text === '' || text === '-') return null;
    let sign = 1;
    const marker = /^(.*?)\s*([DC-])$/i.exec(text);
    if (marker && /\d/.test(marker[1] ?? '')) {
      text = marker[1] ?? '';
      if (marker[2] === '-' || marker[2]?.toUpperCase() === 'D') sign = -1;
    }
    return sign * parseMoneyToCents(text);
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}

function readRowAmount(row: SpreadsheetRow, columns: HeaderColumns): number | null {
  if (columns.amount !== null) {
    const amount = readAmountCell(row[columns.amount]);
    if (amount !== null) return amount;
  }
  const debit = columns.debit === null ? null : readAmountCell(row[columns.debit]);
  const credit = columns.credit === null ? null : readAmountCell(row[columns.credit]);
  if (debit === null && credit === null) return null;
  // Debit columns hold the value with or without a minus sign; either way it is money out.
  return Math.abs(credit ?? 0) - Math.abs(debit ?? 0);
}

interface TableResult {
  transactions: StatementTransaction[];
  skippedRows: SkippedRow[];
  closingBalance: StatementBalance | null;
  /** The first "Saldo anterior/inicial" row's amount. */
  openingCents: number | null;
}

/** What a skipped row says: its description, else its other texts (not its date or money cells). */
function describeRow(row: SpreadsheetRow, columns: HeaderColumns, description: string): string {
  if (description) return description;
  const moneyColumns = new Set([columns.date, columns.amount, columns.debit, columns.credit, columns.balance]);
  return (
    row
      .filter((cell, index) => !moneyColumns.has(index) && typeof cell === 'string')
      .map(readCellText)
      .filter((text) => text !== '')
      .join(' ') || 'Linha sem descrição'
  );
}

function readTableRows(rows: SpreadsheetRow[], columns: HeaderColumns, uses1904DateSystem: boolean): TableResult {
  const transactions: StatementTransaction[] = [];
  const skippedRows: SkippedRow[] = [];
  let closingBalance: StatementBalance | null = null;
  let openingCents: number | null = null;
  let isInFutureSection = false;

  for (const row of rows) {
    if (!row.some((cell) => readCellText(cell) !== '')) continue;
    // A repeated header (a new page or block) restarts the table.
    if (readHeaderColumns(row)) {
      isInFutureSection = false;
      continue;
    }
    const dateCell = row[columns.date];
    const date = readDateCell(dateCell, uses1904DateSystem);
    const description = readCellText(row[columns.description]);
    const amountCents = readRowAmount(row, columns);
    const dateText = readCellText(dateCell);
    const skip = (reason: string, text = describeRow(row, columns, description)) =>
      skippedRows.push({ reason, text, date, amountCents });

    if (isBalanceDescription(description) || (date === null && isBalanceDescription(dateText))) {
      const balanceCents = amountCents ?? (columns.balance === null ? null : readAmountCell(row[columns.balance]));
      const label = description || dateText;
      if (balanceCents !== null) {
        if (!isOpeningBalanceLabel(normalizeForMatching(label))) closingBalance = { amountCents: balanceCents, date };
        else openingCents ??= balanceCents;
      }
      skippedRows.push({ reason: 'Saldo', text: label, date, amountCents: balanceCents });
      continue;
    }
    if (date === null) {
      if (amountCents === null) {
        // Titles, section names and footers: not rows of the table.
        if (isFutureSectionTitle(row.map(readCellText).join(' '))) isInFutureSection = true;
        continue;
      }
      const isTotal = isTotalDescription(description) || isTotalDescription(dateText);
      skip(isTotal ? 'Total' : 'Data inválida', description || dateText || undefined);
      continue;
    }
    if (amountCents === null) {
      skip('Valor inválido');
      continue;
    }
    if (isInFutureSection) {
      skip('Lançamento futuro');
      continue;
    }
    if (amountCents === 0) {
      skip('Valor zero');
      continue;
    }
    const documentText = columns.document === null ? '' : readCellText(row[columns.document]);
    transactions.push({
      date,
      amountCents,
      description: description || 'Sem descrição',
      fitId: null,
      type: null,
      checkNumber: documentText || null,
      occurrence: 1,
    });
  }
  return { transactions, skippedRows, closingBalance, openingCents };
}

/**
 * Some exports print the amount header over a column of other text ("Monto ($)" above "1 / 0" in
 * Banco de Chile's unbilled card movements) and the values in an unlabelled column to its right.
 * When the labelled column holds no money at all, the nearest unlabelled column that does is used.
 */
function fixShiftedAmountColumn(
  rows: SpreadsheetRow[],
  headerIndex: number,
  columns: HeaderColumns,
  uses1904DateSystem: boolean,
): HeaderColumns {
  const amountColumn = columns.amount;
  if (amountColumn === null) return columns;
  const header = rows[headerIndex] ?? [];
  const datedRows = rows
    .slice(headerIndex + 1)
    .filter((row) => readDateCell(row[columns.date], uses1904DateSystem) !== null);
  if (datedRows.length === 0) return columns;
  if (datedRows.some((row) => readAmountCell(row[amountColumn]) !== null)) return columns;
  for (let column = amountColumn + 1; column <= amountColumn + 3; column++) {
    if (readCellText(header[column]) !== '') break;
    if (datedRows.every((row) => readAmountCell(row[column]) !== null)) return { ...columns, amount: column };
  }
  return columns;
}

function findValueAfterLabel(row: SpreadsheetRow, labelIndex: number): string {
  for (let index = labelIndex + 1; index < row.length; index++) {
    const text = readCellText(row[index]);
    if (text !== '') return text;
  }
  return '';
}

/** Fills branch, account (or card final digits) and currency from the title block above the table. */
function fillAccountDetails(account: StatementAccount, titleRows: SpreadsheetRow[], headerLabels: string[]): void {
  let currency: string | null = null;
  for (const row of titleRows) {
    row.forEach((cell, index) => {
      if (typeof cell !== 'string') return;
      const label = normalizeForMatching(cell)
        .replace(/[:.]+$/, '')
        .trim();
      if (label === '') return;
      if (/^(agencia|ag)$/.test(label)) account.branch ??= findValueAfterLabel(row, index) || null;
      else if (
        /^(conta|conta corrente|numero da conta|cuenta|cuenta corriente|cuenta n[°º]?|n[°º] (de )?cuenta)$/.test(label)
      ) {
        account.accountNumber ??= findValueAfterLabel(row, index) || null;
      } else if (/^(tipo de tarjeta|tarjeta|cartao|numero do cartao|cartao de credito)$/.test(label)) {
        const cardDigits = /(?:\*|x|final)\s*(\d{4})\b/i.exec(findValueAfterLabel(row, index));
        if (cardDigits) account.accountNumber ??= cardDigits[1] ?? null;
      } else if (/^(moneda|moeda)$/.test(label)) {
        currency ??= findCurrencyCode(findValueAfterLabel(row, index));
      } else if (label === 'rut') {
        // The RUT is Chile's tax id: such a statement is in Chilean pesos unless it says otherwise.
        currency ??= 'CLP';
      } else {
        const branch = /ag[eê]ncia\s*[:.]?\s*(\d[\d-]*)/i.exec(cell);
        const accountNumber = /conta(?: corrente)?\s*[:.]?\s*(\d[\d.-]*\d)/i.exec(cell);
        if (branch) account.branch ??= branch[1] ?? null;
        if (accountNumber) account.accountNumber ??= accountNumber[1] ?? null;
      }
    });
  }
  const headerCurrency = headerLabels.map(findCurrencyCode).find((code) => code !== null) ?? null;
  const detected = headerCurrency ?? currency;
  if (detected && account.currency === 'BRL') account.currency = detected;
}

/** "Cargos (CLP)" → CLP, "Valor (R$)" → BRL, "Pesos Chilenos" → CLP; null when the text does not say. */
function findCurrencyCode(text: string): string | null {
  const normalized = normalizeForMatching(text);
  if (/r\$|\breais?\b|\bbrl\b/.test(normalized)) return 'BRL';
  const code = /\b(clp|usd|eur|ars|mxn|cop|pen|uyu|pyg|bob|gbp)\b/.exec(normalized);
  if (code) return (code[1] ?? '').toUpperCase();
  if (/pesos chilenos/.test(normalized)) return 'CLP';
  return null;
}

function isCreditCardLayout(sheetName: string, titleRows: SpreadsheetRow[], headerLabels: string[]): boolean {
  const texts = [sheetName, ...headerLabels];
  for (const row of titleRows) for (const cell of row) if (typeof cell === 'string') texts.push(cell);
  return texts.some((text) =>
    /\b(tarjetas?|cartao de credito|fatura|facturad[oa]s?|cupo|cuotas|parcelas?)\b/.test(normalizeForMatching(text)),
  );
}
