import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { findHeaderRow, readHeaderColumns, type SpreadsheetCell } from './find-header-row';
import { readAmountCell, readDateCell } from './read-spreadsheet-statement';
import { readStatement } from './read-statement';
import { StatementReadError } from './statement-read-error';
import type { StatementReadResult } from './statement-types';

type Rows = SpreadsheetCell[][];

/** Builds a workbook in memory, one sheet per entry, as XLSX or BIFF8 bytes. */
function buildWorkbook(sheets: Record<string, Rows>, bookType: 'xlsx' | 'biff8' = 'xlsx'): Uint8Array {
  const workbook = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), name);
  }
  return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType }) as ArrayBuffer);
}

function readWorkbook(sheets: Record<string, Rows>, bookType: 'xlsx' | 'biff8' = 'xlsx'): StatementReadResult {
  const bytes = buildWorkbook(sheets, bookType);
  return readStatement(bookType === 'xlsx' ? 'extrato.xlsx' : 'extrato.xls', bytes);
}

function rowsOf(result: StatementReadResult): [string, number, string][] {
  return (result.accounts[0]?.transactions ?? []).map((t) => [t.date, t.amountCents, t.description]);
}

describe('header detection', () => {
  it.each([
    [['Data', 'Histórico', 'Documento', 'Valor (R$)'], { date: 0, description: 1, document: 2, amount: 3 }],
    [
      ['Data', 'Lançamento', 'Ag./Origem', 'Valor (R$)', 'Saldos (R$)'],
      { date: 0, description: 1, amount: 3, balance: 4 },
    ],
    [
      ['Data', 'Descrição', 'Crédito (R$)', 'Débito (R$)', 'Saldo (R$)'],
      { date: 0, description: 1, credit: 2, debit: 3 },
    ],
    [
      ['Fecha', null, 'Descripción', null, 'Canal o Sucursal', null, 'Cargos (CLP)', 'Abonos (CLP)', 'Saldo (CLP)'],
      { date: 0, description: 2, debit: 6, credit: 7, balance: 8 },
    ],
    [['Categoría', 'Fecha', 'Descripción', 'Cuotas', 'Monto ($)'], { date: 1, description: 2, amount: 4 }],
    [['DATA', 'ESTABELECIMENTO', 'VALOR EM US$', 'VALOR EM R$'], { date: 0, description: 1, amount: 3 }],
  ])('reads the columns of %j', (row, columns) => {
    expect(readHeaderColumns(row)).toMatchObject(columns);
  });

  it.each([
    [['Saldo Disponible', 'Saldo Contable']],
    [['Monto Facturado', 'Pago Mínimo', 'Fecha de Facturación']],
    [['Data', 'Valor']],
    [[46146, 'PIX', -10]],
  ])('does not take %j for a header', (row) => {
    expect(readHeaderColumns(row)).toBeNull();
  });

  it('finds the header below a title block', () => {
    const rows: Rows = [['Extrato de conta corrente'], ['Agência', '1234'], [], ['Data', 'Histórico', 'Valor']];
    expect(findHeaderRow(rows)?.rowIndex).toBe(3);
  });
});

describe('spreadsheet cells', () => {
  it.each([
    [46146, '2026-05-04'],
    [46146.75, '2026-05-04'],
    ['04/05/2026', '2026-05-04'],
    ['4/5/26', '2026-05-04'],
    ['04-05-2026', '2026-05-04'],
    ['04.05.2026', '2026-05-04'],
    ['2026-05-04', '2026-05-04'],
    ['04/05/2026 10:31', '2026-05-04'],
    [20260504, '2026-05-04'],
    ['31/02/2026', null],
    ['04/05', null],
    ['SALDO', null],
    [null, null],
  ])('reads the date cell %j as %j', (cell, date) => {
    expect(readDateCell(cell)).toBe(date);
  });

  it.each([
    [-800.5, -80050],
    [1500, 150000],
    [0.1 + 0.2, 30],
    ['1.234,56', 123456],
    ['-1.234,56', -123456],
    ['R$ 1.234,56', 123456],
    ['1.234,56 D', -123456],
    ['1.234,56 C', 123456],
    ['1.234,56-', -123456],
    ['1 / 0', null],
    ['', null],
    ['-', null],
    [null, null],
  ])('reads the amount cell %j as %j cents', (cell, cents) => {
    expect(readAmountCell(cell)).toBe(cents);
  });
});

describe('spreadsheet statements', () => {
  it('reads a checking statement with serial dates, skipping balance rows and keeping the closing balance', () => {
    const result = readWorkbook({
      Extrato: [
        ['Banco Exemplo S.A.'],
        ['Agência:', '1234-5', null, 'Conta:', '98765-4'],
        [],
        ['Data', 'Lançamento', 'Nº documento', 'Valor (R$)', 'Saldo (R$)'],
        [45536, 'Saldo Anterior', null, null, 1000],
        [45537, 'PIX RECEBIDO MARIA', '001', 250.5, null],
        [45537, 'COMPRA CARTAO PADARIA', '002', -30.25, null],
        [45537, 'SALDO DO DIA', null, null, 1220.25],
        [45538, 'TARIFA PACOTE', null, -12.9, null],
        [null, 'S A L D O', null, null, 1207.35],
      ],
    });
    expect(result.format).toBe('xlsx');
    expect(rowsOf(result)).toEqual([
      ['2024-09-02', 25050, 'PIX RECEBIDO MARIA'],
      ['2024-09-02', -3025, 'COMPRA CARTAO PADARIA'],
      ['2024-09-03', -1290, 'TARIFA PACOTE'],
    ]);
    expect(result.accounts[0]).toMatchObject({
      kind: 'bank_account',
      branch: '1234-5',
      accountNumber: '98765-4',
      currency: 'BRL',
      startDate: '2024-09-02',
      endDate: '2024-09-03',
      balance: { amountCents: 120735, date: null },
    });
    expect(result.accounts[0]?.transactions[0]?.checkNumber).toBe('001');
    expect(result.skippedRows.map((row) => row.reason)).toEqual(['Saldo', 'Saldo', 'Saldo']);
  });

  it('reads debit and credit columns, text dates and text amounts in a BIFF8 .xls', () => {
    const result = readWorkbook(
      {
        Planilha1: [
          ['Data', 'Descrição', 'Crédito (R$)', 'Débito (R$)', 'Saldo (R$)'],
          ['02/09/2024', 'SALÁRIO', '5.000,00', null, '5.000,00'],
          ['03/09/2024', 'ALUGUEL', null, '-1.800,00', '3.200,00'],
          ['03/09/2024', 'CONTA DE LUZ', null, '150,75', '3.049,25'],
        ],
      },
      'biff8',
    );
    expect(result.format).toBe('xls');
    expect(rowsOf(result)).toEqual([
      ['2024-09-02', 500000, 'SALÁRIO'],
      ['2024-09-03', -180000, 'ALUGUEL'],
      ['2024-09-03', -15075, 'CONTA DE LUZ'],
    ]);
  });

  it('skips the rows under a "Lançamentos futuros" section, total rows and rows without a date', () => {
    const result = readWorkbook({
      Extrato: [
        ['Data', 'Histórico', 'Valor'],
        ['02/09/2024', 'PIX ENVIADO', -10],
        ['Total', null, -10],
        ['??', 'LINHA ESTRANHA', -5],
        ['02/09/2024', 'SEM VALOR', null],
        [],
        ['Lançamentos futuros'],
        ['20/09/2024', 'BOLETO AGENDADO', -99],
      ],
    });
    expect(rowsOf(result)).toEqual([['2024-09-02', -1000, 'PIX ENVIADO']]);
    expect(result.skippedRows.map((row) => row.reason)).toEqual([
      'Total',
      'Data inválida',
      'Valor inválido',
      'Lançamento futuro',
    ]);
    expect(result.skippedRows[3]).toEqual({
      reason: 'Lançamento futuro',
      text: 'BOLETO AGENDADO',
      date: '2024-09-20',
      amountCents: -9_900,
    });
  });

  it('reads a card bill: purchases are money out, credits money in, the card final digits identify it', () => {
    const result = readWorkbook({
      Fatura: [
        ['Fatura do cartão de crédito'],
        ['Cartão', 'Mastercard final 4321'],
        [],
        ['Data', 'Estabelecimento', 'Valor em US$', 'Valor em R$'],
        ['05/09/2024', 'MERCADO LIVRE 2/3', null, 150],
        ['06/09/2024', 'NETFLIX.COM', 9.99, 55.9],
        ['10/09/2024', 'ESTORNO COMPRA', null, -20],
      ],
    });
    expect(result.accounts[0]).toMatchObject({ kind: 'credit_card', accountNumber: '4321' });
    expect(rowsOf(result)).toEqual([
      ['2024-09-05', -15000, 'MERCADO LIVRE 2/3'],
      ['2024-09-06', -5590, 'NETFLIX.COM'],
      ['2024-09-10', 2000, 'ESTORNO COMPRA'],
    ]);
  });

  it('reads every sheet of a workbook into one account, restarting at repeated headers', () => {
    const header = ['Data', 'Histórico', 'Valor'];
    const result = readWorkbook({
      '01.09': [header, ['01/09/2024', 'A', -1]],
      Capa: [['Resumo'], ['nada aqui']],
      '02.09': [header, ['02/09/2024', 'B', 2], header, ['02/09/2024', 'C', -3]],
    });
    expect(result.accounts).toHaveLength(1);
    expect(rowsOf(result).map((row) => row[2])).toEqual(['A', 'B', 'C']);
  });

  it('reads a Spanish layout with the currency in the header', () => {
    const result = readWorkbook({
      Cartola: [
        ['Cuenta N°:', null, '00-123-45678-90'],
        ['Fecha', 'Descripción', 'Cargos (CLP)', 'Abonos (CLP)', 'Saldo (CLP)'],
        ['15/01/2024', 'TRASPASO A:María', 500000, null, 5000000],
        ['20/01/2024', 'DEPÓSITO', null, 300000, 5300000],
      ],
    });
    expect(result.accounts[0]).toMatchObject({ currency: 'CLP', accountNumber: '00-123-45678-90' });
    expect(rowsOf(result)).toEqual([
      ['2024-01-15', -50000000, 'TRASPASO A:María'],
      ['2024-01-20', 30000000, 'DEPÓSITO'],
    ]);
  });

  it('refuses a workbook without a statement table', () => {
    const bytes = buildWorkbook({
      Plan1: [
        ['Nome', 'Idade'],
        ['Ana', 30],
      ],
    });
    expect(() => readStatement('planilha.xlsx', bytes)).toThrow(StatementReadError);
  });
});
