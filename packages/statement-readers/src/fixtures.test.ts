import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStatement } from './read-statement';
import { StatementReadError, type StatementReadErrorCode, statementReadMessages } from './statement-read-error';
import type { StatementReadResult } from './statement-types';

// The fixtures live beside the repository (shared/), locally and in CI alike.
const fixturesFolder = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');

function listFixtureFiles(folder: string, prefix = ''): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const relativePath = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return listFixtureFiles(path.join(folder, entry.name), relativePath);
    return entry.name.endsWith('.md') ? [] : [relativePath];
  });
}

function readFixture(relativePath: string): StatementReadResult {
  return readStatement(path.basename(relativePath), readFileSync(path.join(fixturesFolder, relativePath)));
}

interface Totals {
  count: number;
  creditCents: number;
  debitCents: number;
  firstDate: string | null;
  lastDate: string | null;
}

function sumTransactions(result: StatementReadResult): Totals {
  const transactions = result.accounts.flatMap((account) => account.transactions);
  const dates = transactions.map((transaction) => transaction.date).sort();
  return {
    count: transactions.length,
    creditCents: transactions.filter((t) => t.amountCents > 0).reduce((sum, t) => sum + t.amountCents, 0),
    debitCents: transactions.filter((t) => t.amountCents < 0).reduce((sum, t) => sum + t.amountCents, 0),
    firstDate: dates[0] ?? null,
    lastDate: dates[dates.length - 1] ?? null,
  };
}

function descriptionsOf(result: StatementReadResult): string[] {
  return result.accounts.flatMap((account) => account.transactions.map((transaction) => transaction.description));
}

function amountsOf(result: StatementReadResult): number[] {
  return result.accounts.flatMap((account) => account.transactions.map((transaction) => transaction.amountCents));
}

interface ImportedFixture {
  file: string;
  totals: Totals;
  check?: (result: StatementReadResult) => void;
}

interface RefusedFixture {
  file: string;
  code: StatementReadErrorCode;
  messageIncludes?: string;
}

const importedFixtures: ImportedFixture[] = [
  {
    file: 'actualbudget__actual/1252.qfx',
    totals: { count: 1, creditCents: 0, debitCents: -2000, firstDate: '2022-10-19', lastDate: '2022-10-19' },
    check: (result) => {
      // € (0x80) and — (0x97) exist only in windows-1252, not in ISO-8859-1.
      expect(result.encoding).toBe('windows-1252');
      expect(descriptionsOf(result)).toEqual(['Café Métro €uro - Paiement 5€ — débit']);
      expect(result.accounts[0]?.currency).toBe('CAD');
    },
  },
  {
    file: 'actualbudget__actual/8859-1.qfx',
    totals: { count: 1, creditCents: 0, debitCents: -2000, firstDate: '2022-10-19', lastDate: '2022-10-19' },
    check: (result) => {
      expect(result.encoding).toBe('windows-1252');
      expect(descriptionsOf(result)).toEqual(['Paiement facture/Carte prépayée - PWW']);
    },
  },
  {
    file: 'actualbudget__actual/utf-8.qfx',
    totals: { count: 1, creditCents: 0, debitCents: -2000, firstDate: '2022-10-19', lastDate: '2022-10-19' },
    check: (result) => {
      expect(result.encoding).toBe('utf-8');
      expect(descriptionsOf(result)).toEqual(['Café Métro €uro - Paiement 5€ — débit']);
    },
  },
  {
    file: 'actualbudget__actual/html-vals.qfx',
    totals: { count: 2, creditCents: 0, debitCents: -200, firstDate: '2023-03-01', lastDate: '2023-05-09' },
    check: (result) => {
      // The all-zero NAME gives way to the MEMO; the double-escaped "&amp;lt;" comes out as "<".
      expect(descriptionsOf(result)).toEqual([
        'PREAUTHORIZED DEBIT;B.C. HYDRO & POWER AUTHORITY;Electronic Funds Transfer',
        'TPAY <DEFTPYMT> - PREAUTHORIZED DEBIT;LUXMORE REALTY PPTY MGMT;Electronic Funds Transfer',
      ]);
      expect(result.accounts[0]?.transactions[0]?.date).toBe('2023-05-09');
    },
  },
  {
    file: 'actualbudget__actual/data-multi-decimal.ofx',
    totals: { count: 2, creditCents: 0, debitCents: -3377, firstDate: '2019-01-23', lastDate: '2019-01-23' },
    check: (result) => {
      expect(amountsOf(result)).toEqual([-3000, -377]);
      expect(result.accounts[0]?.balance).toBeNull();
      expect(result.accounts[0]?.transactions[0]?.fitId).toBe('00092990122-30.00019012312798.01');
    },
  },
  {
    file: 'adelarcubs__ofxparser/extrato_caixa.ofx',
    totals: { count: 4, creditCents: 0, debitCents: -30152, firstDate: '2015-07-01', lastDate: '2015-07-27' },
    check: (result) => {
      const account = result.accounts[0];
      expect(account?.startDate).toBe('2015-07-01');
      expect(account?.endDate).toBe('2015-07-31');
      expect(account?.balance).toEqual({ amountCents: 20770, date: '2015-09-21' });
      expect(account?.transactions[1]).toMatchObject({ fitId: '0', description: 'DEB.IOF', amountCents: -209 });
    },
  },
  {
    file: 'adelarcubs__ofxparser/extrato_itau.ofx',
    totals: { count: 48, creditCents: 1427351, debitCents: -1658657, firstDate: '2016-08-02', lastDate: '2016-09-26' },
    check: (result) => {
      // Header says CHARSET:1252, bytes are UTF-8.
      expect(result.encoding).toBe('utf-8');
      expect(descriptionsOf(result)).toContain('DA NET SERVIÇOS 6833197');
      expect(result.accounts[0]?.balance).toEqual({ amountCents: 1140, date: '2016-09-27' });
    },
  },
  {
    file: 'adelarcubs__ofxparser/extrato_itau_iso.ofx',
    totals: { count: 1, creditCents: 0, debitCents: -197454, firstDate: '2018-01-02', lastDate: '2018-01-02' },
    check: (result) => {
      expect(descriptionsOf(result)).toEqual(['ççççåADáéñ']);
      expect(result.accounts[0]?.balance?.amountCents).toBe(-24858);
    },
  },
  {
    file: 'adelarcubs__ofxparser/extrato_santander.ofx',
    totals: { count: 24, creditCents: 313490, debitCents: -318163, firstDate: '2016-08-01', lastDate: '2016-09-15' },
    check: (result) => {
      expect(amountsOf(result).slice(0, 4)).toEqual([-56000, 7, 60000, -4]);
      expect(result.accounts[0]?.bankCode).toBe('033');
      expect(result.accounts[0]?.balance?.amountCents).toBe(1154);
    },
  },
  {
    file: 'adelarcubs__ofxparser/fatura_cc_1.ofx',
    totals: { count: 6, creditCents: 0, debitCents: -39212, firstDate: '2015-02-10', lastDate: '2015-02-19' },
    check: (result) => {
      expect(result.accounts[0]).toMatchObject({
        kind: 'credit_card',
        bankCode: null,
        accountNumber: '54e88fea-25a4-4bf6-985b-d72f98a20e85',
        balance: { amountCents: -39212, date: '2015-02-20' },
      });
      expect(amountsOf(result)[0]).toBe(-13690);
    },
  },
  {
    file: 'asgrim__ofxparser/ofx-multiple-accounts-xml.ofx',
    totals: { count: 3, creditCents: 51870, debitCents: -398, firstDate: '2014-07-01', lastDate: '2014-07-17' },
    check: (result) => {
      expect(result.accounts.map((account) => account.accountNumber)).toEqual([
        '54658222458596',
        '546582659855',
        '21252344525548',
      ]);
      expect(result.accounts.map((account) => account.balance?.amountCents)).toEqual([4301, 300025, 1172856]);
      expect(result.accounts.map((account) => account.transactions.length)).toEqual([0, 2, 1]);
      expect(result.accounts[0]?.currency).toBe('GBP');
    },
  },
  {
    // Malformed: its only STMTTRN holds "*snipped*"; the account and balance import, the row is reported.
    file: 'asgrim__ofxparser/ofxdata-banking-xml200.ofx',
    totals: { count: 0, creditCents: 0, debitCents: 0, firstDate: null, lastDate: null },
    check: (result) => {
      expect(result.skippedRows).toEqual([
        { reason: 'Data e valor inválidos', text: '*snipped*', date: null, amountCents: null },
      ]);
      expect(result.accounts[0]).toMatchObject({
        currency: 'ZAR',
        balance: { amountCents: 123456, date: '2017-01-16' },
      });
    },
  },
  {
    file: 'asgrim__ofxparser/ofxdata-bb-two-stmtrs.ofx',
    totals: { count: 36, creditCents: 7478387, debitCents: -7843253, firstDate: '2017-03-01', lastDate: '2017-03-27' },
    check: (result) => {
      expect(result.encoding).toBe('windows-1252');
      expect(result.accounts.map((account) => account.accountNumber)).toEqual(['455000-5', '655000-2']);
      expect(result.accounts[0]?.transactions).toEqual([]);
      expect(result.accounts[0]?.balance).toEqual({ amountCents: 0, date: '2017-03-29' });
      expect(result.accounts[1]?.balance).toEqual({ amountCents: 455528, date: '2017-03-29' });
      expect(descriptionsOf(result)).toContain('TED-CRÉDITO EM CONTA');
      expect(descriptionsOf(result)).toContain('TARIFA PACOTE DE SERVIÇOS');
    },
  },
  {
    file: 'asgrim__ofxparser/ofxdata-bb.ofx',
    totals: { count: 1, creditCents: 23955, debitCents: 0, firstDate: '2015-11-03', lastDate: '2015-11-03' },
    check: (result) => {
      expect(result.encoding).toBe('utf-8');
      expect(descriptionsOf(result)).toEqual(['DOC CRÉDITO EM CONTA']);
      expect(result.accounts[0]).toMatchObject({
        bankCode: '001',
        accountNumber: '455000-5',
        balance: { amountCents: 23935, date: '2015-12-09' },
      });
    },
  },
  {
    file: 'asgrim__ofxparser/ofxdata-emptyDateTime.ofx',
    totals: { count: 2, creditCents: 48750, debitCents: 0, firstDate: '2018-12-13', lastDate: '2018-12-14' },
    check: (result) => {
      expect(result.accounts[0]).toMatchObject({
        bankCode: null,
        branch: null,
        accountNumber: null,
        startDate: null,
        endDate: null,
        balance: null,
        currency: 'AUD',
      });
    },
  },
  {
    file: 'asgrim__ofxparser/ofxdata-memoWithAmpersand.ofx',
    totals: { count: 16, creditCents: 112787, debitCents: -73405, firstDate: '2018-09-13', lastDate: '2018-10-05' },
    check: (result) => {
      expect(result.accounts[0]?.kind).toBe('credit_card');
      expect(result.accounts[0]?.transactions[0]).toMatchObject({
        description: 'Amazon.Com.Br Amazon & Cloud 3/3',
        amountCents: -3330,
      });
      expect(descriptionsOf(result)).toContain('IOF de "Leupay.Eu" & Whoelse');
      expect(result.accounts[0]?.balance?.amountCents).toBe(-73405);
    },
  },
  {
    file: 'asgrim__ofxparser/ofxdata-oneline.ofx',
    totals: { count: 8, creditCents: 20000, debitCents: -217710, firstDate: '2016-02-16', lastDate: '2016-07-19' },
    check: (result) => {
      expect(result.accounts[0]?.currency).toBe('EUR');
      expect(descriptionsOf(result)[0]).toBe('FRAIS TRIMESTRIELS');
    },
  },
  {
    file: 'asgrim__ofxparser/ofxdata-selfclose.ofx',
    totals: { count: 5, creditCents: 70000, debitCents: -11500, firstDate: '2019-09-18', lastDate: '2019-09-23' },
    check: (result) => {
      // The empty <BALAMT> is no balance at all, not a zero balance.
      expect(result.accounts[0]?.balance).toBeNull();
      expect(result.accounts[0]?.bankCode).toBe('341');
    },
  },
  {
    file: 'asgrim__ofxparser/ofxdata-xml.ofx',
    totals: { count: 3, creditCents: 35000, debitCents: -10000, firstDate: '2007-03-15', lastDate: '2007-07-09' },
    check: (result) => {
      expect(descriptionsOf(result)).toEqual(['automatic deposit', 'Transfer from checking', 'Cheque']);
      expect(result.accounts[0]?.transactions[2]).toMatchObject({
        type: 'CHECK',
        checkNumber: '1025',
        fitId: '980309001',
        amountCents: -10000,
      });
      expect(result.accounts[0]).toMatchObject({
        accountNumber: '098-121',
        currency: 'USD',
        balance: { amountCents: 525000, date: '2007-10-15' },
      });
    },
  },
  {
    file: 'financeiroLLE__Conciliacao-Extratos/Bradesco-CC-12345.xlsx',
    totals: { count: 10, creditCents: 750000, debitCents: -540100, firstDate: '2026-05-04', lastDate: '2026-05-05' },
    check: (result) => {
      expect(result.format).toBe('xlsx');
      // The sheet does not say its account; its file's name does.
      expect(result.accounts[0]).toMatchObject({ bankCode: '237', branch: null, accountNumber: '12345' });
      expect(result.skippedRows.map((row) => row.reason)).toEqual(['Saldo', 'Saldo']);
      expect(result.skippedRows[0]?.text).toContain('SALDO INICIAL');
      expect(result.accounts[0]?.balance).toEqual({ amountCents: 1059900, date: '2026-05-05' });
      expect(result.accounts[0]?.transactions.find((t) => t.description === 'APLICAÇÃO AUTOMÁTICA')?.amountCents).toBe(
        -300000,
      );
      const fees = result.accounts[0]?.transactions.filter((t) => t.description === 'TAR LIQ COB') ?? [];
      expect(fees.map((fee) => [fee.checkNumber, fee.occurrence])).toEqual([
        ['T1', 1],
        ['T2', 2],
      ]);
    },
  },
  {
    file: 'financeiroLLE__Conciliacao-Extratos/Itau-CC-67890.xlsx',
    totals: { count: 2, creditCents: 320000, debitCents: -250000, firstDate: '2026-05-04', lastDate: '2026-05-04' },
    check: (result) => {
      expect(descriptionsOf(result)).toEqual(['BOLETO ALUGUEL', 'RECEBIMENTO CLIENTE B']);
      expect(result.accounts[0]).toMatchObject({ bankCode: '341', accountNumber: '67890' });
    },
  },
  {
    file: 'financeiroLLE__Conciliacao-Extratos/extrato_banco_exemplo.xlsx',
    totals: { count: 17, creditCents: 160000, debitCents: -6809027, firstDate: '2026-05-04', lastDate: '2026-05-07' },
    check: (result) => {
      expect(result.accounts).toHaveLength(1);
      // Neither the sheet nor its file's name says which account it is.
      expect(result.accounts[0]).toMatchObject({ bankCode: null, branch: null, accountNumber: null });
      const transactions = result.accounts[0]?.transactions ?? [];
      expect(transactions.find((t) => t.amountCents === -80050)?.description).toBe('PAGAMENTO DE TITULO 9999.0000');
      // Two identical fee rows on 07/05 are both kept, told apart by their occurrence.
      const lastDayFees = transactions.filter((t) => t.date === '2026-05-07' && t.amountCents === -300);
      expect(lastDayFees.map((fee) => fee.occurrence)).toEqual([1, 2]);
    },
  },
  {
    file: 'jseutter__ofxparse/anzcc.ofx',
    totals: { count: 1, creditCents: 0, debitCents: -550, firstDate: '2017-05-08', lastDate: '2017-05-08' },
    check: (result) => {
      expect(result.accounts[0]).toMatchObject({
        kind: 'credit_card',
        accountNumber: '1234123412341234',
        currency: 'AUD',
        balance: { amountCents: -12345, date: '2017-05-10' },
      });
    },
  },
  {
    file: 'jseutter__ofxparse/bank_medium.ofx',
    totals: { count: 3, creditCents: 0, debitCents: -34527, firstDate: '2009-04-01', lastDate: '2009-04-03' },
    check: (result) => {
      expect(result.accounts[0]).toMatchObject({
        bankCode: '160000100',
        branch: '00',
        accountNumber: '12300 000012345678',
        balance: { amountCents: 38234, date: '2009-05-23' },
      });
      expect(result.accounts[0]?.transactions[0]).toMatchObject({
        description: "POS MERCHANDISE;MCDONALD'S #112",
        type: 'POS',
        amountCents: -660,
        fitId: '0000123456782009040100001',
      });
    },
  },
  {
    // Malformed: no header; one row without DTPOSTED, one empty, one on 31 February. Nothing to import, three reported.
    file: 'jseutter__ofxparse/fail_nice/date_missing.ofx',
    totals: { count: 0, creditCents: 0, debitCents: 0, firstDate: null, lastDate: null },
    check: (result) => {
      expect(result.skippedRows.map((row) => row.reason)).toEqual(['Data inválida', 'Data inválida', 'Data inválida']);
      // The impossible day is no date; the row is told by its text and amount.
      expect(result.skippedRows[2]).toEqual({
        reason: 'Data inválida',
        text: 'TestFail2',
        date: null,
        amountCents: 20_000,
      });
    },
  },
  {
    // Malformed: "$120" and month 20. Nothing to import, one row reported.
    file: 'jseutter__ofxparse/fail_nice/decimal_error.ofx',
    totals: { count: 0, creditCents: 0, debitCents: 0, firstDate: null, lastDate: null },
    check: (result) => {
      expect(result.skippedRows).toEqual([
        { reason: 'Data e valor inválidos', text: 'Fail1', date: null, amountCents: null },
      ]);
    },
  },
  {
    // Malformed balances (blank BALAMT): the transaction imports, the account has no balance.
    file: 'jseutter__ofxparse/fail_nice/empty_balance.ofx',
    totals: { count: 1, creditCents: 12000, debitCents: 0, firstDate: '2011-03-08', lastDate: '2011-03-08' },
    check: (result) => {
      expect(result.accounts[0]?.balance).toBeNull();
      expect(result.skippedRows).toEqual([]);
    },
  },
  {
    file: 'jseutter__ofxparse/multiple_accounts2.ofx',
    totals: { count: 0, creditCents: 0, debitCents: 0, firstDate: null, lastDate: null },
    check: (result) => {
      expect(
        result.accounts.map((account) => [account.bankCode, account.branch, account.accountNumber, account.balance]),
      ).toEqual([
        ['123', '00', '9100', { amountCents: 11100, date: '2012-06-03' }],
        ['123', '00', '9200', { amountCents: 22200, date: '2012-06-03' }],
      ]);
    },
  },
  {
    file: 'jseutter__ofxparse/ofx-v102-empty-tags.ofx',
    totals: { count: 1, creditCents: 1234, debitCents: 0, firstDate: '2018-05-07', lastDate: '2018-05-07' },
    check: (result) => {
      expect(result.accounts[0]?.transactions[0]).toMatchObject({
        type: 'CREDIT',
        fitId: null,
        checkNumber: null,
        description: 'CBA:Transfer',
      });
      // CURDEF is empty; the transaction's own CURSYM says AUD.
      expect(result.accounts[0]).toMatchObject({ currency: 'AUD', balance: null, bankCode: 'NPBS', branch: null });
    },
  },
  {
    file: 'jseutter__ofxparse/suncorp.ofx',
    totals: { count: 1, creditCents: 0, debitCents: -1685, firstDate: '2013-12-15', lastDate: '2013-12-15' },
    check: (result) => {
      expect(descriptionsOf(result)).toEqual(['EFTPOS WDL HANDYWAY ALDI STORE GEELONG WEST VICAU']);
    },
  },
  {
    file: 'kamino-company__OfxSharp/bb.ofx',
    totals: { count: 3, creditCents: 344480, debitCents: -12225, firstDate: '2014-03-05', lastDate: '2014-03-05' },
    check: (result) => {
      expect(result.encoding).toBe('windows-1252');
      expect(descriptionsOf(result)).toEqual(['Transferência Agendada', 'Compra com Cartão', 'Saque']);
      expect(result.accounts[0]).toMatchObject({
        bankCode: '001',
        branch: '9999-9',
        accountNumber: '99999-9',
        balance: { amountCents: 999999, date: '2014-03-27' },
      });
    },
  },
  {
    file: 'kamino-company__OfxSharp/itau.ofx',
    totals: { count: 3, creditCents: 9999, debitCents: -74443, firstDate: '2013-12-09', lastDate: '2013-12-10' },
    check: (result) => {
      expect(descriptionsOf(result)).toEqual(['RSHOP', 'REND PAGO APLIC AUT MAIS', 'SISDEB']);
      expect(result.accounts[0]).toMatchObject({
        bankCode: '341',
        accountNumber: '9999 99999-9',
        balance: { amountCents: -999999, date: '2014-03-04' },
      });
    },
  },
  {
    file: 'kamino-company__OfxSharp/santander-thousands-separator.ofx',
    totals: {
      count: 4,
      creditCents: 600000000,
      debitCents: -595254362,
      firstDate: '2026-04-30',
      lastDate: '2026-04-30',
    },
    check: (result) => {
      expect(amountsOf(result)).toEqual([-248, 600000000, -580000000, -15254114]);
      expect(result.accounts[0]?.balance?.amountCents).toBe(4688875);
    },
  },
  {
    file: 'kamino-company__OfxSharp/santander.ofx',
    totals: { count: 3, creditCents: 0, debitCents: -56666, firstDate: '2013-11-07', lastDate: '2013-11-08' },
    check: (result) => {
      expect(amountsOf(result)).toEqual([-1111, -22222, -33333]);
      expect(descriptionsOf(result)[1]).toBe('COMPENSACAO INTERNA DE CHEQUE');
      expect(result.accounts[0]?.balance?.amountCents).toBe(999999);
    },
  },
  {
    file: 'kamino-company__OfxSharp/sulcredi-signon-request.ofx',
    totals: { count: 2, creditCents: 150000, debitCents: -25000, firstDate: '2026-04-15', lastDate: '2026-04-20' },
    check: (result) => {
      expect(result.accounts[0]).toMatchObject({ bankCode: '273', accountNumber: '12345-6' });
      expect(amountsOf(result)[0]).toBe(150000);
    },
  },
  {
    file: 'mabahamo__beancount-chile/banco_chile_cartola_binary_sample.xls',
    totals: { count: 5, creditCents: 50000000, debitCents: -62000000, firstDate: '2024-01-15', lastDate: '2024-01-31' },
    check: (result) => {
      expect(result.format).toBe('xls');
      expect(result.accounts[0]).toMatchObject({
        kind: 'bank_account',
        accountNumber: '00-123-45678-90',
        currency: 'CLP',
      });
      expect(result.accounts[0]?.transactions[0]).toMatchObject({
        description: 'TRASPASO A:Maria González Internet',
        amountCents: -50000000,
      });
    },
  },
  {
    file: 'mabahamo__beancount-chile/banco_chile_cartola_sample.xls',
    totals: {
      count: 10,
      creditCents: 26904000,
      debitCents: -124786600,
      firstDate: '2026-01-01',
      lastDate: '2026-01-19',
    },
    check: (result) => {
      // Named .xls, but the bytes are an XLSX zip.
      expect(result.format).toBe('xlsx');
      expect(result.accounts[0]).toMatchObject({ accountNumber: '00-123-45678-90', currency: 'CLP' });
      expect(result.skippedRows).toEqual([]);
    },
  },
  {
    file: 'mabahamo__beancount-chile/banco_chile_credit_facturado_binary.xls',
    totals: { count: 42, creditCents: 0, debitCents: -64600000, firstDate: '2025-12-11', lastDate: '2026-01-08' },
    check: (result) => {
      expect(result.format).toBe('xls');
      expect(result.accounts[0]).toMatchObject({ kind: 'credit_card', accountNumber: '1235', currency: 'CLP' });
      expect(descriptionsOf(result)).toContain('RESTAURANT JAPONÉS');
    },
  },
  {
    file: 'mabahamo__beancount-chile/banco_chile_credit_facturado_sample.xls',
    totals: { count: 11, creditCents: 0, debitCents: -70278700, firstDate: '2025-12-08', lastDate: '2026-01-08' },
    check: (result) => {
      expect(result.accounts[0]).toMatchObject({ kind: 'credit_card', accountNumber: '1234', currency: 'CLP' });
      expect(result.accounts[0]?.transactions[0]).toMatchObject({
        description: 'Pago Pesos TEF',
        date: '2025-12-16',
        amountCents: -3927200,
      });
    },
  },
  {
    file: 'mabahamo__beancount-chile/banco_chile_credit_no_facturado_sample.xls',
    totals: { count: 10, creditCents: 0, debitCents: -28831000, firstDate: '2026-01-11', lastDate: '2026-01-16' },
    check: (result) => {
      // "Monto ($)" heads a column of "1 / 0"; the amounts sit two columns to the right.
      expect(result.accounts[0]?.transactions[0]).toMatchObject({
        description: 'NETFLIX.COM COMPRAS',
        amountCents: -4754700,
      });
      expect(result.accounts[0]).toMatchObject({ kind: 'credit_card', accountNumber: '1234' });
    },
  },
  {
    file: 'operandbr__ofxparser/right/ofxdata-inter.ofx',
    totals: { count: 4, creditCents: 1100000, debitCents: -403417, firstDate: '2021-01-29', lastDate: '2021-02-04' },
    check: (result) => {
      expect(descriptionsOf(result)[3]).toBe('PAGAMENTO DE CONVENIO CUSTAS CERTIDÃO Guia 001120279606');
      expect(result.accounts[0]).toMatchObject({
        bankCode: '077',
        branch: '0001-0',
        accountNumber: '12345678',
        balance: { amountCents: 1234567, date: '2021-02-05' },
      });
    },
  },
  {
    // Malformed as the bank sends it: a MEMO broken across two lines. It reads exactly like the fixed file.
    file: 'operandbr__ofxparser/wrong/ofxdata-inter.ofx',
    totals: { count: 4, creditCents: 1100000, debitCents: -403417, firstDate: '2021-01-29', lastDate: '2021-02-04' },
    check: (result) => {
      expect(result.accounts).toEqual(readFixture('operandbr__ofxparser/right/ofxdata-inter.ofx').accounts);
    },
  },
  {
    file: 'stoicflame__ofx4j/pag-seguro.ofx',
    totals: { count: 3, creditCents: 202000, debitCents: -190100, firstDate: '2025-06-02', lastDate: '2025-06-02' },
    check: (result) => {
      expect(result.accounts[0]?.transactions.map((t) => t.type)).toEqual(['DEBIT', 'CREDIT', 'CREDIT']);
      // "R$ 5.326,43" with a no-break space, dated "30/06/2025".
      expect(result.accounts[0]).toMatchObject({
        bankCode: '290',
        accountNumber: '12345678-1',
        balance: { amountCents: 532643, date: '2025-06-30' },
      });
    },
  },
];

const refusedFixtures: RefusedFixture[] = [
  { file: 'asgrim__ofxparser/ofxdata-investments-xml.ofx', code: 'not_a_bank_statement' },
  { file: 'jseutter__ofxparse/fidelity.ofx', code: 'not_a_bank_statement' },
  { file: 'jseutter__ofxparse/error_message.ofx', code: 'unreadable', messageIncludes: 'General Server Error' },
];

describe('statement fixtures', () => {
  it('has expectations for every fixture file', () => {
    const described = [...importedFixtures, ...refusedFixtures].map((fixture) => fixture.file).sort();
    expect(described).toEqual(listFixtureFiles(fixturesFolder).sort());
  });

  it.each(importedFixtures)('imports $file', ({ file, totals, check }) => {
    const result = readFixture(file);
    expect(sumTransactions(result)).toEqual(totals);
    // Each fixture is a whole file: none looks cut short, none has balances its lines contradict.
    expect(result.warnings).toEqual([]);
    check?.(result);
  });

  it.each(refusedFixtures)('refuses $file with $code', ({ file, code, messageIncludes }) => {
    let caught: unknown;
    try {
      readFixture(file);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StatementReadError);
    const error = caught as StatementReadError;
    expect(error.code).toBe(code);
    if (messageIncludes) expect(error.message).toContain(messageIncludes);
    else expect(error.message).toBe(statementReadMessages[code]);
  });
});
