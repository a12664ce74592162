import { findBankNamedIn } from '@prumo/domain/banks/brazilian-banks';
import type { StatementReadResult } from './statement-types';

function isYear(digits: string): boolean {
  const year = Number(digits);
  return year >= 1990 && year <= 2100;
}

function isMonth(digits: string): boolean {
  const month = Number(digits);
  return month >= 1 && month <= 12;
}

function isDay(digits: string): boolean {
  const day = Number(digits);
  return day >= 1 && day <= 31;
}

/** "2026", "202610", "102026", "20261031", "31102026" and longer stamps starting with a date. */
function looksLikeDate(digits: string): boolean {
  if (digits.length === 4) return isYear(digits);
  if (digits.length === 6) {
    return (
      (isYear(digits.slice(0, 4)) && isMonth(digits.slice(4))) ||
      (isMonth(digits.slice(0, 2)) && isYear(digits.slice(2)))
    );
  }
  if (digits.length >= 8) {
    const yearFirst = isYear(digits.slice(0, 4)) && isMonth(digits.slice(4, 6)) && isDay(digits.slice(6, 8));
    const dayFirst = isDay(digits.slice(0, 2)) && isMonth(digits.slice(2, 4)) && isYear(digits.slice(4, 8));
    return yearFirst || dayFirst;
  }
  return false;
}

/** The last account-like number of a file name: 4 to 13 digits, maybe "-" and a check digit, not a date. */
export function findAccountNumberInFileName(fileName: string): string | null {
  const stem = fileName.replace(/\.[^.]*$/, '');
  const numbers = [...stem.matchAll(/(?<!\d)(\d{4,13})(-[\dxX])?(?!\d)/g)]
    .filter((match) => !looksLikeDate(match[1] ?? ''))
    .map((match) => `${match[1]}${match[2] ?? ''}`);
  return numbers.at(-1) ?? null;
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
