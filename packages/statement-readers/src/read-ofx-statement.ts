import { normalizeBankCode } from '@prumo/domain/banks/brazilian-banks';
import { MoneyError, parseMoneyToCents } from '@prumo/domain/money/cents';
import { decodeStatementText } from './decode-statement-text';
import { numberOccurrences } from './number-occurrences';
import { parseOfxDate } from './statement-dates';
import { checkBalancesAgree, cutShortWarning, isOpeningBalanceLabel } from './statement-integrity';
import { statementLimits } from './statement-limits';
import { StatementReadError } from './statement-read-error';
import {
  collapseWhitespace,
  decodeTextEntities,
  fixBackslashHexEscapes,
  isBalanceDescription,
  isFutureDescription,
  normalizeForMatching,
} from './statement-text';
import type {
  LineStreamOptions,
  SkippedRow,
  StatementAccount,
  StatementBalance,
  StatementReadResult,
  StatementTransaction,
  StreamedAccount,
} from './statement-types';

/**
 * Reads OFX 1.x (SGML: closed, unclosed and half-closed tags) and 2.x (XML) bank and credit-card
 * statements in one pass over the decoded text. There is no DOM and no DTD or entity processing:
 * a file declaring a DOCTYPE or ENTITY is refused, and only the standard entities are decoded.
 */
export function readOfxStatement(bytes: Uint8Array, stream?: LineStreamOptions): StatementReadResult {
  const { text, encoding } = decodeStatementText(bytes);
  // OFX never declares a DTD inline; one that does is hostile (entity expansion) or not OFX.
  if (hasDocumentTypeDeclaration(text)) {
    throw new StatementReadError('unreadable', { detail: 'OFX com declaração DOCTYPE/ENTITY' });
  }
  const start = findOfxStart(text);
  if (start < 0) throw new StatementReadError('unreadable', { detail: 'Sem elemento <OFX>' });
  const collector = new OfxStatementCollector(stream);
  scanOfxTags(text, start, collector);
  return collector.finish(encoding);
}

function hasDocumentTypeDeclaration(text: string): boolean {
  // indexOf over the whole text is a plain scan; a case-insensitive regex over megabytes is slower.
  let index = text.indexOf('<!');
  while (index !== -1) {
    const keyword = text.slice(index + 2, index + 9).toUpperCase();
    if (keyword.startsWith('DOCTYPE') || keyword.startsWith('ENTITY')) return true;
    index = text.indexOf('<!', index + 2);
  }
  return false;
}

/** Where the <OFX> element starts (after the SGML header or the XML prolog), or -1. */
export function findOfxStart(text: string): number {
  const match = /<OFX[\s>]/i.exec(text);
  return match ? match.index : -1;
}

interface OfxTagHandler {
  openTag(name: string, value: string): void;
  closeTag(name: string): void;
}

function isTagStart(code: number): boolean {
  // A letter, "/", "!" or "?": anything else after "<" is text (a raw "<" in a memo).
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 47 || code === 33 || code === 63;
}

function findNextTag(text: string, from: number): number {
  let index = text.indexOf('<', from);
  while (index !== -1 && !isTagStart(text.charCodeAt(index + 1))) index = text.indexOf('<', index + 1);
  return index;
}

// Tag names are short; looking for ">" only this far keeps garbage full of "<" linear.
const maxTagLength = 256;

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9 || code === 12 || code === 160;
}

/** The text between two positions without surrounding whitespace, sliced once (big files have millions of values). */
function sliceTrimmed(text: string, start: number, end: number): string {
  let first = start;
  let last = end;
  while (first < last && isWhitespace(text.charCodeAt(first))) first++;
  while (last > first && isWhitespace(text.charCodeAt(last - 1))) last--;
  return first === last ? '' : text.slice(first, last);
}

/** The tags the reader acts on; a big file repeats them millions of times. */
const knownTagNames = [
  'OFX',
  'SONRS',
  'SONRQ',
  'STMTTRNRS',
  'CCSTMTTRNRS',
  'STATUS',
  'STMTRS',
  'CCSTMTRS',
  'BANKACCTFROM',
  'CCACCTFROM',
  'BANKACCTTO',
  'CCACCTTO',
  'BANKTRANLIST',
  'STMTTRN',
  'LEDGERBAL',
  'AVAILBAL',
  'INVSTMTMSGSRSV1',
  'INVSTMTRS',
  'CODE',
  'SEVERITY',
  'MESSAGE',
  'DTSERVER',
  'FID',
  'CURDEF',
  'BANKID',
  'BRANCHID',
  'ACCTID',
  'DTSTART',
  'DTEND',
  'BALAMT',
  'DTASOF',
  'TRNTYPE',
  'DTPOSTED',
  'DTUSER',
  'TRNAMT',
  'FITID',
  'CHECKNUM',
  'NAME',
  'MEMO',
  'CURSYM',
];
const knownTagNamesByShape = new Map<number, string[]>();
for (const name of knownTagNames) {
  const shape = name.charCodeAt(0) * 256 + name.length;
  knownTagNamesByShape.set(shape, [...(knownTagNamesByShape.get(shape) ?? []), name]);
}

/** The known tag name written at this place, compared in the text: no new string per tag. */
function findKnownTagName(text: string, nameStart: number, nameEnd: number): string | undefined {
  const candidates = knownTagNamesByShape.get(text.charCodeAt(nameStart) * 256 + (nameEnd - nameStart));
  if (candidates === undefined) return undefined;
  for (const candidate of candidates) if (text.startsWith(candidate, nameStart)) return candidate;
  return undefined;
}

/**
 * The tokenizer: calls `openTag(name, value)` with the trimmed text that follows each start tag up
 * to the next tag (what an unclosed SGML element holds), and `closeTag(name)` for each end tag.
 */
export function scanOfxTags(text: string, start: number, handler: OfxTagHandler): void {
  const length = text.length;
  let position = findNextTag(text, start);
  while (position !== -1) {
    const next = text.charCodeAt(position + 1);
    if (next === 33 || next === 63) {
      position = skipDeclaration(text, position);
      continue;
    }
    const isClosing = next === 47;
    const nameStart = isClosing ? position + 2 : position + 1;
    const windowEnd = Math.min(length, nameStart + maxTagLength);
    let tagEnd = -1;
    let nameEnd = -1;
    let hasLowercase = false;
    for (let index = nameStart; index < windowEnd; index++) {
      const code = text.charCodeAt(index);
      if (code === 62) {
        tagEnd = index;
        if (nameEnd === -1) nameEnd = index;
        break;
      }
      if (code === 60) break;
      if (nameEnd === -1) {
        if (code <= 32 || code === 47) nameEnd = index;
        else if (code >= 97 && code <= 122) hasLowercase = true;
      }
    }
    if (tagEnd === -1 || nameEnd <= nameStart) {
      position = findNextTag(text, position + 1);
      continue;
    }
    const name = hasLowercase
      ? text.slice(nameStart, nameEnd).toUpperCase()
      : (findKnownTagName(text, nameStart, nameEnd) ?? text.slice(nameStart, nameEnd));
    if (isClosing) {
      handler.closeTag(name);
      position = findNextTag(text, tagEnd + 1);
      continue;
    }
    const isSelfClosing = text.charCodeAt(tagEnd - 1) === 47;
    let valueEnd = findNextTag(text, tagEnd + 1);
    let value = isSelfClosing
      ? ''
      : decodeTextEntities(sliceTrimmed(text, tagEnd + 1, valueEnd === -1 ? length : valueEnd));
    // XML 2.x files may wrap values in CDATA, whose content is taken as written.
    while (!isSelfClosing && valueEnd !== -1 && text.startsWith('<![CDATA[', valueEnd)) {
      const cdataEnd = text.indexOf(']]>', valueEnd + 9);
      if (cdataEnd === -1) {
        value += text.slice(valueEnd + 9);
        valueEnd = -1;
        break;
      }
      value += text.slice(valueEnd + 9, cdataEnd);
      const afterCdata = findNextTag(text, cdataEnd + 3);
      value += decodeTextEntities(text.slice(cdataEnd + 3, afterCdata === -1 ? length : afterCdata));
      value = value.trim();
      valueEnd = afterCdata;
    }
    handler.openTag(name, value);
    position = valueEnd;
  }
}

/** Skips "<!-- … -->", "<![CDATA[ … ]]>" out of place, "<? … ?>" and other "<! … >"; returns the next tag. */
function skipDeclaration(text: string, position: number): number {
  let end: number;
  let endLength: number;
  if (text.startsWith('<!--', position)) {
    end = text.indexOf('-->', position + 4);
    endLength = 3;
  } else if (text.startsWith('<![CDATA[', position)) {
    end = text.indexOf(']]>', position + 9);
    endLength = 3;
  } else if (text.charCodeAt(position + 1) === 63) {
    end = text.indexOf('?>', position + 2);
    endLength = 2;
  } else {
    end = text.indexOf('>', position + 2);
    endLength = 1;
  }
  return end === -1 ? -1 : findNextTag(text, end + endLength);
}

type FrameKind =
  | 'sign-on'
  | 'statement-response'
  | 'status'
  | 'statement'
  | 'account-from'
  | 'account-to'
  | 'transaction-list'
  | 'transaction'
  | 'ledger-balance'
  | 'available-balance'
  | 'investment';

const aggregateKinds = new Map<string, FrameKind>(
  Object.entries({
    SONRS: 'sign-on',
    // Sulcredi/Modobank write the request aggregate in a response file.
    SONRQ: 'sign-on',
    STMTTRNRS: 'statement-response',
    CCSTMTTRNRS: 'statement-response',
    STATUS: 'status',
    STMTRS: 'statement',
    CCSTMTRS: 'statement',
    BANKACCTFROM: 'account-from',
    CCACCTFROM: 'account-from',
    BANKACCTTO: 'account-to',
    CCACCTTO: 'account-to',
    BANKTRANLIST: 'transaction-list',
    STMTTRN: 'transaction',
    LEDGERBAL: 'ledger-balance',
    AVAILBAL: 'available-balance',
    INVSTMTMSGSRSV1: 'investment',
    INVSTMTRS: 'investment',
  } satisfies Record<string, FrameKind>),
);

interface StatusFields {
  code: string | null;
  severity: string | null;
  message: string | null;
}

interface BalanceFields {
  amount: string | null;
  date: string | null;
}

interface TransactionFields {
  type: string | null;
  posted: string | null;
  userDate: string | null;
  amount: string | null;
  fitId: string | null;
  checkNumber: string | null;
  name: string | null;
  memo: string | null;
  strayText: string | null;
}

interface StatementFields {
  kind: StatementAccount['kind'];
  currency: string | null;
  transactionCurrency: string | null;
  bankId: string | null;
  branchId: string | null;
  accountId: string | null;
  startDate: string | null;
  endDate: string | null;
  ledgerBalance: BalanceFields;
  availableBalance: BalanceFields;
  transactions: StatementTransaction[];
  /** Its position among the file's statement blocks. */
  block: number;
  /** How many of its lines were handed over already. */
  streamedCount: number;
}

interface Frame {
  kind: FrameKind;
  tag: string;
  status?: StatusFields;
  statementCount?: number;
  statement?: StatementFields;
  transaction?: TransactionFields;
}

function createTransactionFields(strayText: string): TransactionFields {
  return {
    type: null,
    posted: null,
    userDate: null,
    amount: null,
    fitId: null,
    checkNumber: null,
    name: null,
    memo: null,
    strayText: strayText || null,
  };
}

function createStatementFields(tag: string, block: number): StatementFields {
  return {
    kind: tag === 'CCSTMTRS' ? 'credit_card' : 'bank_account',
    currency: null,
    transactionCurrency: null,
    bankId: null,
    branchId: null,
    accountId: null,
    startDate: null,
    endDate: null,
    ledgerBalance: { amount: null, date: null },
    availableBalance: { amount: null, date: null },
    transactions: [],
    block,
    streamedCount: 0,
  };
}

class OfxStatementCollector implements OfxTagHandler {
  private readonly stack: Frame[] = [];
  private readonly accounts: StatementAccount[] = [];
  private readonly skippedRows: SkippedRow[] = [];
  private readonly errorStatuses: StatusFields[] = [];
  private serverDate: string | null = null;
  private institutionId: string | null = null;
  private investmentDepth = 0;
  private investmentSeen = false;
  private investmentTransactionCount = 0;
  private transactionCount = 0;
  private statementCount = 0;
  /** Whether </OFX> came: a file without it ends before its end (a download that stopped). */
  private rootClosed = false;

  /** Whether lines are handed over: from the first block that reaches a chunk's worth of lines. */
  private streaming = false;
  /** Blocks that ended before streaming began, with their account's index: handed over when it begins. */
  private readonly blocksBeforeStreaming: { statement: StatementFields; accountIndex: number }[] = [];

  constructor(private readonly stream?: LineStreamOptions) {}

  openTag(name: string, value: string): void {
    const kind = aggregateKinds.get(name);
    if (kind === undefined) {
      this.assignLeaf(name, value);
      return;
    }
    // An aggregate never contains itself in OFX: an unclosed one (malformed SGML) ends where the next
    // one starts. This also keeps the stack a few frames deep whatever the file holds.
    this.closeOpenFrame(name);
    if (kind === 'transaction') {
      this.transactionCount++;
      if (this.transactionCount > statementLimits.maxRows) {
        throw new StatementReadError('too_large', { detail: `Mais de ${statementLimits.maxRows} lançamentos` });
      }
    }
    if (this.investmentDepth > 0 && kind !== 'investment') {
      // Inside an investment statement nothing is read; its cash lines are only counted for the report.
      if (kind === 'transaction') this.investmentTransactionCount++;
      return;
    }
    const frame: Frame = { kind, tag: name };
    if (kind === 'investment') {
      this.investmentDepth++;
      this.investmentSeen = true;
    }
    if (kind === 'statement-response') {
      frame.status = { code: null, severity: null, message: null };
      frame.statementCount = 0;
    }
    if (kind === 'statement') {
      this.statementCount++;
      if (this.statementCount > statementLimits.maxStatements) {
        throw new StatementReadError('too_large', { detail: `Mais de ${statementLimits.maxStatements} extratos` });
      }
      frame.statement = createStatementFields(name, this.statementCount - 1);
    }
    if (kind === 'transaction') frame.transaction = createTransactionFields(collapseWhitespace(value));
    this.stack.push(frame);
  }

  closeTag(name: string): void {
    if (name === 'OFX') this.rootClosed = true;
    if (aggregateKinds.has(name)) this.closeOpenFrame(name);
  }

  /** Pops the open frame with this tag and any left open inside it; nothing when it is not open. */
  private closeOpenFrame(tag: string): void {
    for (let index = this.stack.length - 1; index >= 0; index--) {
      if (this.stack[index]?.tag === tag) {
        while (this.stack.length > index) this.popFrame();
        return;
      }
    }
  }

  private findFrame(kind: FrameKind): Frame | undefined {
    for (let index = this.stack.length - 1; index >= 0; index--) {
      const frame = this.stack[index];
      if (frame?.kind === kind) return frame;
    }
    return undefined;
  }

  private popFrame(): void {
    const frame = this.stack.pop();
    if (!frame) return;
    if (frame.kind === 'investment') this.investmentDepth--;
    if (frame.kind === 'transaction' && frame.transaction) {
      const statement = this.findFrame('statement')?.statement;
      if (statement) this.collectTransaction(statement, frame.transaction);
    }
    if (frame.kind === 'statement' && frame.statement) {
      const response = this.findFrame('statement-response');
      if (response) response.statementCount = (response.statementCount ?? 0) + 1;
      // Once lines are handed over, every block is, in file order; those before wait for a big one.
      if (this.streaming) this.streamLines(frame.statement, this.accounts.length);
      else if (this.stream)
        this.blocksBeforeStreaming.push({ statement: frame.statement, accountIndex: this.accounts.length });
      this.accounts.push(this.buildAccount(frame.statement));
    }
    if (frame.kind === 'statement-response' && frame.status && frame.statementCount === 0) {
      const code = frame.status.code;
      if (code !== null && code !== '0') this.errorStatuses.push(frame.status);
    }
  }

  private assignLeaf(name: string, value: string): void {
    const frame = this.stack[this.stack.length - 1];
    if (!frame || value === '') return;
    switch (frame.kind) {
      case 'transaction':
        this.assignTransactionLeaf(frame.transaction, name, value);
        return;
      case 'sign-on':
        if (name === 'DTSERVER') this.serverDate = parseOfxDate(value);
        if (name === 'FID') this.institutionId = value;
        return;
      case 'status': {
        const response = this.stack[this.stack.length - 2];
        const status = response?.kind === 'statement-response' ? response.status : undefined;
        if (!status) return;
        if (name === 'CODE') status.code = value;
        if (name === 'SEVERITY') status.severity = value;
        if (name === 'MESSAGE') status.message = value;
        return;
      }
      case 'statement':
        if (name === 'CURDEF' && frame.statement) frame.statement.currency = value.toUpperCase();
        return;
      case 'account-from': {
        const statement = this.findFrame('statement')?.statement;
        if (!statement) return;
        if (name === 'BANKID') statement.bankId = value;
        if (name === 'BRANCHID') statement.branchId = value;
        if (name === 'ACCTID') statement.accountId = value;
        return;
      }
      case 'transaction-list': {
        const statement = this.findFrame('statement')?.statement;
        if (!statement) return;
        if (name === 'DTSTART') statement.startDate = value;
        if (name === 'DTEND') statement.endDate = value;
        return;
      }
      case 'ledger-balance':
      case 'available-balance': {
        const statement = this.findFrame('statement')?.statement;
        if (!statement) return;
        const balance = frame.kind === 'ledger-balance' ? statement.ledgerBalance : statement.availableBalance;
        if (name === 'BALAMT') balance.amount = value;
        if (name === 'DTASOF') balance.date = value;
        return;
      }
      default:
        return;
    }
  }

  private assignTransactionLeaf(transaction: TransactionFields | undefined, name: string, value: string): void {
    if (!transaction) return;
    switch (name) {
      case 'TRNTYPE':
        transaction.type = value.toUpperCase();
        return;
      case 'DTPOSTED':
        transaction.posted = value;
        return;
      case 'DTUSER':
        transaction.userDate = value;
        return;
      case 'TRNAMT':
        transaction.amount = value;
        return;
      case 'FITID':
        transaction.fitId = value;
        return;
      case 'CHECKNUM':
        transaction.checkNumber = value;
        return;
      case 'NAME':
        // A <PAYEE> aggregate carries its own NAME; the first one is the payee's.
        transaction.name ??= value;
        return;
      case 'MEMO':
        transaction.memo = transaction.memo ? `${transaction.memo} ${value}` : value;
        return;
      case 'CURSYM': {
        const statement = this.findFrame('statement')?.statement;
        if (statement) statement.transactionCurrency ??= value.toUpperCase();
        return;
      }
      default:
        return;
    }
  }

  private collectTransaction(statement: StatementFields, fields: TransactionFields): void {
    const dateText = fields.posted ?? fields.userDate;
    const date = parseOfxDate(dateText);
    const amountCents = parseOfxAmount(fields.amount);
    const description = combineNameAndMemo(fields.name, fields.memo);
    const reason = findSkipReason(date, amountCents, description);
    if (reason !== null || date === null || amountCents === null) {
      this.skippedRows.push({
        reason: reason ?? 'Data inválida',
        text: description || fields.strayText || 'Lançamento sem descrição',
        date,
        amountCents: amountCents === null ? null : applyTypeSign(fields.type, amountCents),
      });
      return;
    }
    statement.transactions.push({
      date,
      amountCents: applyTypeSign(fields.type, amountCents),
      description: description || 'Sem descrição',
      fitId: fields.fitId,
      type: normalizeTransactionType(fields.type),
      checkNumber: fields.checkNumber,
      occurrence: 1,
    });
    if (this.stream && statement.transactions.length - statement.streamedCount >= this.stream.linesPerChunk) {
      if (!this.streaming) {
        this.streaming = true;
        for (const ended of this.blocksBeforeStreaming.splice(0)) this.streamLines(ended.statement, ended.accountIndex);
      }
      this.streamLines(statement, null);
    }
  }

  /** The block's lines not handed over yet; `accountIndex` once the block has ended. */
  private streamLines(statement: StatementFields, accountIndex: number | null): void {
    if (!this.stream) return;
    const lines = statement.transactions.slice(statement.streamedCount);
    statement.streamedCount = statement.transactions.length;
    this.stream.onLines({
      block: statement.block,
      account: this.describeStreamedAccount(statement),
      lines,
      accountIndex,
    });
  }

  /** The block's account as far as it is named yet, as `buildAccount` will name it. */
  private describeStreamedAccount(statement: StatementFields): StreamedAccount {
    return {
      kind: statement.kind,
      bankCode: normalizeStatementBankCode(statement.bankId ?? findBankCodeInInstitutionId(this.institutionId)),
      branch: statement.branchId,
      accountNumber: statement.accountId,
    };
  }

  private buildAccount(statement: StatementFields): StatementAccount {
    const endDate = parseOfxDate(statement.endDate);
    // Rows dated after both the statement's end and the moment the bank produced the file are scheduled ones.
    const futureCutoff = endDate !== null && this.serverDate !== null ? findLaterDate(endDate, this.serverDate) : null;
    const transactions: StatementTransaction[] = [];
    for (const transaction of statement.transactions) {
      if (futureCutoff !== null && transaction.date > futureCutoff) {
        this.skippedRows.push({
          reason: 'Lançamento futuro',
          text: transaction.description,
          date: transaction.date,
          amountCents: transaction.amountCents,
        });
      } else {
        transactions.push(transaction);
      }
    }
    return {
      ...this.describeStreamedAccount(statement),
      currency: statement.currency ?? statement.transactionCurrency ?? 'BRL',
      startDate: parseOfxDate(statement.startDate),
      endDate,
      balance: readBalance(statement.ledgerBalance) ?? readBalance(statement.availableBalance),
      transactions: numberOccurrences(transactions),
    };
  }

  finish(encoding: StatementReadResult['encoding']): StatementReadResult {
    const warnings: string[] = [];
    if (!this.rootClosed) {
      warnings.push(cutShortWarning);
      // A line the file stops inside may have lost the end of its amount or text: it is not imported.
      const last = this.stack[this.stack.length - 1];
      if (last?.kind === 'transaction' && last.transaction) {
        this.stack.pop();
        const fields = last.transaction;
        const amountCents = parseOfxAmount(fields.amount);
        this.skippedRows.push({
          reason: 'Lançamento incompleto',
          text: combineNameAndMemo(fields.name, fields.memo) || 'Lançamento sem descrição',
          date: parseOfxDate(fields.posted ?? fields.userDate),
          amountCents: amountCents === null ? null : applyTypeSign(fields.type, amountCents),
        });
      }
    }
    while (this.stack.length > 0) this.popFrame();
    if (this.accounts.length === 0) {
      if (this.investmentSeen) {
        throw new StatementReadError('not_a_bank_statement');
      }
      const error = this.errorStatuses[0];
      if (error) {
        const bankMessage = error.message ? ` (${error.message})` : '';
        throw new StatementReadError('unreadable', {
          message: `O banco gerou o arquivo com erro${bankMessage} e sem extrato: exporte-o novamente.`,
          detail: `STATUS ${error.code} ${error.severity ?? ''} ${error.message ?? ''}`.trim(),
        });
      }
      throw new StatementReadError('unreadable', { detail: 'OFX sem extrato de conta ou cartão' });
    }
    if (this.investmentTransactionCount > 0) {
      this.skippedRows.push({
        reason: 'Investimentos',
        text: `${this.investmentTransactionCount} lançamento(s) da parte de investimentos do arquivo`,
      });
    }
    const disagreement = this.checkBalances();
    if (disagreement) warnings.push(disagreement);
    return { format: 'ofx', encoding, accounts: this.accounts, skippedRows: this.skippedRows, warnings };
  }

  /**
   * A single-account statement that prints its opening balance as a line ("SALDO ANTERIOR", as
   * Brazilian banks do) and a ledger balance: its lines must take one to the other.
   */
  private checkBalances(): string | null {
    const [account] = this.accounts;
    if (this.accounts.length !== 1 || !account?.balance) return null;
    const opening = this.skippedRows.find(
      (row) => row.reason === 'Saldo' && isOpeningBalanceLabel(normalizeForMatching(row.text)),
    );
    return checkBalancesAgree(opening?.amountCents ?? null, account.transactions, account.balance.amountCents);
  }
}

/** The later of two "YYYY-MM-DD" dates (they compare as text). */
function findLaterDate(first: string, second: string): string {
  if (first >= second) return first;
  return second;
}

/** Why a STMTTRN is not imported as a transaction, or null when it is one. */
function findSkipReason(date: string | null, amountCents: number | null, description: string): string | null {
  if (date === null && amountCents === null) return 'Data e valor inválidos';
  if (date === null) return 'Data inválida';
  if (amountCents === null) return 'Valor inválido';
  if (isBalanceDescription(description)) return 'Saldo';
  if (isFutureDescription(description)) return 'Lançamento futuro';
  if (amountCents === 0) return 'Valor zero';
  return null;
}

/** OFX amounts: signed, "." or "," decimal, maybe padded or with thousands dots ("6000.000,00"). */
export function parseOfxAmount(text: string | null): number | null {
  if (!text) return null;
  try {
    return parseMoneyToCents(text, { dotIsDecimal: true });
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}

/** PagBank writes non-standard IN/OUT types; their direction is unambiguous, so it wins over a missing sign. */
function applyTypeSign(type: string | null, amountCents: number): number {
  if (type === 'OUT' && amountCents > 0) return -amountCents;
  if (type === 'IN' && amountCents < 0) return -amountCents;
  return amountCents;
}

function normalizeTransactionType(type: string | null): string | null {
  if (type === 'IN') return 'CREDIT';
  if (type === 'OUT') return 'DEBIT';
  return type;
}

function cleanTextField(text: string | null): string {
  return text ? collapseWhitespace(fixBackslashHexEscapes(text)) : '';
}

/**
 * One readable line from NAME and MEMO: the longer when one contains the other ("MCDONALD'S #112"
 * inside "POS MERCHANDISE;MCDONALD'S #112"), both joined otherwise; a NAME without letters
 * ("000000000000000") is noise and gives way to the MEMO.
 */
export function combineNameAndMemo(name: string | null, memo: string | null): string {
  const cleanName = cleanTextField(name);
  const cleanMemo = cleanTextField(memo);
  const meaningfulName = /\p{L}/u.test(cleanName) ? cleanName : '';
  if (!meaningfulName) return cleanMemo || cleanName;
  if (!cleanMemo) return meaningfulName;
  const lowerName = meaningfulName.toLowerCase();
  const lowerMemo = cleanMemo.toLowerCase();
  if (lowerMemo.includes(lowerName)) return cleanMemo;
  if (lowerName.includes(lowerMemo)) return meaningfulName;
  return `${meaningfulName} - ${cleanMemo}`;
}

function readBalance(fields: BalanceFields): StatementBalance | null {
  const amountCents = parseOfxAmount(fields.amount);
  if (amountCents === null) return null;
  return { amountCents, date: parseOfxDate(fields.date) };
}

/** Numeric codes become COMPE codes ("1" → "001", "0341" → "341"); others ("SUNCORP") stay as written. */
export function normalizeStatementBankCode(raw: string | null): string | null {
  const trimmed = raw?.trim();
  if (!trimmed) return null;
  return /^\d+$/.test(trimmed) ? normalizeBankCode(trimmed) : trimmed;
}

/** The sign-on FID is the bank's COMPE code for Brazilian banks ("001", "077", "290"); longer ids are not. */
function findBankCodeInInstitutionId(institutionId: string | null): string | null {
  const trimmed = institutionId?.trim() ?? '';
  return /^0*\d{1,3}$/.test(trimmed) ? trimmed : null;
}
