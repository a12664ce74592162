import { describe, expect, it } from 'vitest';
import { findAccountNumberInFileName, identifyAccountsByFileName } from './identify-account-by-file-name';
import { createEmptyAccount } from './read-spreadsheet-statement';
import type { StatementAccount, StatementReadResult } from './statement-types';

function readResultWith(account: Partial<StatementAccount>): StatementReadResult {
  return {
    format: 'xlsx',
    skippedRows: [],
    warnings: [],
    accounts: [{ ...createEmptyAccount(), ...account }],
  } as StatementReadResult;
}

describe('an account told by its file name', () => {
  it('takes the number the name labels as an account or card, never a bare number', () => {
    expect(findAccountNumberInFileName('Bradesco-CC-12345.xlsx')).toBe('12345');
    expect(findAccountNumberInFileName('itau ag 1234 cc 56789-0.xls')).toBe('56789-0');
    expect(findAccountNumberInFileName('extrato conta corrente 98765-4.xlsx')).toBe('98765-4');
    expect(findAccountNumberInFileName('Fatura Nubank final 1234.xlsx')).toBe('1234');
    expect(findAccountNumberInFileName('cartão_4321.xls')).toBe('4321');
    // Download stamps and sequence numbers change between two exports of one account.
    expect(findAccountNumberInFileName('Bradesco_22112026_143012.xls')).toBeNull();
    expect(findAccountNumberInFileName('Extrato_3849201.xls')).toBeNull();
    expect(findAccountNumberInFileName('extrato (1).xlsx')).toBeNull();
    expect(findAccountNumberInFileName('contabilidade 2026.xlsx')).toBeNull();
  });

  it('fills a statement that names no account, and leaves alone one that does', () => {
    const unnamed = identifyAccountsByFileName(readResultWith({}), 'Itau-CC-22222.xlsx');
    expect(unnamed.accounts[0]).toMatchObject({ bankCode: '341', branch: null, accountNumber: '22222' });

    const named = identifyAccountsByFileName(
      readResultWith({ bankCode: '001', accountNumber: '455000-5' }),
      'Itau-CC-22222.xlsx',
    );
    expect(named.accounts[0]).toMatchObject({ bankCode: '001', accountNumber: '455000-5' });

    const silent = identifyAccountsByFileName(readResultWith({}), 'extrato.xlsx');
    expect(silent.accounts[0]).toMatchObject({ bankCode: null, accountNumber: null });
  });
});
