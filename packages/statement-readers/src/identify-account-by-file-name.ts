import { findBankNamedIn } from '@prumo/domain/banks/brazilian-banks';
import type { StatementReadResult } from './statement-types';

/**
 * An account or card number a file's name labels as one: after "cc", "conta", "conta corrente",
 * "cta", "cartão" or "final" ("Bradesco-CC-12345.xlsx", "itau ag 1234 cc 56789-0.xls", "Fatura Nubank
 * final 1234.xlsx"); the last such. A bare number is not taken: banks put download times and
 * sequence numbers in their files' names, and a number that changes between two exports of one
 * account would split it in two.
 */
export function findAccountNumberInFileName(fileName: string): string | null {
  const stem = fileName
    .replace(/\.[^.]*$/, '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
  const labelled =
    /(?:^|[^a-z0-9])(?:cc|conta(?:[\s_.-]*corrente)?|cta|cartao|final)[\s_.:#-]*(\d{3,13}(?:-[\dx])?)(?!\d)/gi;
  return [...stem.matchAll(labelled)].map((match) => match[1] ?? '').at(-1) ?? null;
}

/**
 * A statement that does not say which account it is (most spreadsheets, some OFX) is told apart by
 * its file's name when that name does ("Bradesco-CC-12345.xlsx"): its bank and account number.
 * Without this, every such statement of a client would share one account, and two banks' identical
 * lines (the same fee on the same day) would be taken for one (ADR 4). What a file says of itself is
 * never replaced.
 */
export function identifyAccountsByFileName(result: StatementReadResult, fileName: string): StatementReadResult {
  const bank = findBankNamedIn(fileName.replace(/\.[^.]*$/, ''));
  const accountNumber = findAccountNumberInFileName(fileName);
  if (!bank && !accountNumber) return result;
  for (const account of result.accounts) {
    if (account.bankCode || account.branch || account.accountNumber) continue;
    account.bankCode = bank?.code ?? null;
    account.accountNumber = accountNumber;
  }
  return result;
}
