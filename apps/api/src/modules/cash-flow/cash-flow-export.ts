import * as XLSX from '@e965/xlsx';
import type { AppDependencies } from '../../dependencies';
import type { ClientScope } from '../../lib/scope';
import { listCashFlow } from './cash-flow.service';
import type { CashFlowFilter } from './cash-flow-filters';

/** A spreadsheet is for a person, not a dump: one workbook of at most this many lines. */
const maximumExportLines = 100_000;

function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * cash-flow/export-xls/: the filtered lines as a real .xlsx, amounts as numbers in reais
 * (cents / 100, formatted "R$ #,##0.00") so the spreadsheet sums them.
 */
export async function buildCashFlowWorkbook(
  deps: AppDependencies,
  scope: ClientScope,
  filter: CashFlowFilter,
): Promise<Buffer> {
  const { rows } = await listCashFlow(deps, scope, { ...filter, limit: maximumExportLines, offset: 0 });
  const header = [
    'Data',
    'Data de caixa',
    'Descrição',
    'Conta',
    'Categoria',
    'Subcategoria',
    'Valor (R$)',
    'Tipo',
    'Ignorada',
  ];
  const body = rows.map((row) => [
    formatDay(row.date),
    formatDay(row.cash_date),
    row.name,
    row.origin_name,
    row.category_name ?? 'Sem categoria',
    row.description_name ?? '',
    row.amount / 100,
    row.is_expense ? 'Saída' : 'Entrada',
    row.ignored ? 'Sim' : 'Não',
  ]);
  const sheet = XLSX.utils.aoa_to_sheet([header, ...body]);
  for (let rowIndex = 1; rowIndex <= body.length; rowIndex++) {
    const cell = sheet[XLSX.utils.encode_cell({ r: rowIndex, c: 6 })];
    if (cell) cell.z = '"R$" #,##0.00';
  }
  sheet['!cols'] = [
    { wch: 11 },
    { wch: 13 },
    { wch: 45 },
    { wch: 30 },
    { wch: 22 },
    { wch: 26 },
    { wch: 14 },
    { wch: 9 },
    { wch: 9 },
  ];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'Meu caixa');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
