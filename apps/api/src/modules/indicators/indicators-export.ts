import * as XLSX from '@e965/xlsx';
import type { IndicatorFigures, ManagerIndicators } from '@prumo/contract/indicators';
import { formatBrazilianDate } from '@prumo/domain/br/date';
import { prospectStageLabels, prospectStages } from '@prumo/domain/prospects/prospect-stages';

type CellKind = 'count' | 'share' | 'money';

interface Column {
  label: string;
  kind: CellKind;
  read: (figures: IndicatorFigures) => number | null;
}

/** Every figure of a group, in the order the screen shows them, with how its cell is written. */
const columns: readonly Column[] = [
  { label: 'Clientes ativos', kind: 'count', read: (figures) => figures.active_clients },
  { label: 'Clientes novos', kind: 'count', read: (figures) => figures.new_clients },
  { label: 'Clientes perdidos', kind: 'count', read: (figures) => figures.lost_clients },
  { label: 'Clientes em pausa', kind: 'count', read: (figures) => figures.paused_clients },
  { label: 'Prospects', kind: 'count', read: (figures) => figures.prospects },
  ...prospectStages.map(
    (stage): Column => ({
      label: `Prospects: ${prospectStageLabels[stage]}`,
      kind: 'count',
      read: (figures) => figures.prospects_by_stage[stage],
    }),
  ),
  { label: 'Conversão de prospects', kind: 'share', read: (figures) => figures.conversion_rate },
  { label: 'Clientes com importação em 30 dias', kind: 'count', read: (figures) => figures.clients_with_recent_import },
  { label: 'Clientes com importação em 30 dias (%)', kind: 'share', read: (figures) => figures.recent_import_share },
  { label: 'Lançamentos', kind: 'count', read: (figures) => figures.lines },
  { label: 'Lançamentos categorizados', kind: 'count', read: (figures) => figures.categorized_lines },
  { label: 'Lançamentos categorizados (%)', kind: 'share', read: (figures) => figures.categorized_share },
  { label: 'Clientes com orçamento', kind: 'count', read: (figures) => figures.clients_with_budget },
  { label: 'Clientes dentro do orçamento', kind: 'count', read: (figures) => figures.clients_within_budget },
  { label: 'Clientes dentro do orçamento (%)', kind: 'share', read: (figures) => figures.within_budget_share },
  { label: 'Planejamentos enviados', kind: 'count', read: (figures) => figures.plannings_sent },
  { label: 'Planejamentos aceitos', kind: 'count', read: (figures) => figures.plannings_accepted },
];

const subscriptionColumns: readonly Column[] = [
  {
    label: 'Receita recorrente mensal (R$)',
    kind: 'money',
    read: (figures) => figures.subscriptions?.monthly_recurring_revenue ?? null,
  },
  {
    label: 'Assinaturas pagantes',
    kind: 'count',
    read: (figures) => figures.subscriptions?.paying_subscriptions ?? null,
  },
  { label: 'Cobranças falhas', kind: 'count', read: (figures) => figures.subscriptions?.failed_charges ?? null },
  {
    label: 'Cobranças falhas (R$)',
    kind: 'money',
    read: (figures) => figures.subscriptions?.failed_charges_amount ?? null,
  },
];

const cellFormats: Record<CellKind, string | undefined> = {
  count: undefined,
  share: '0.0%',
  money: '"R$" #,##0.00',
};

/** A figure as the cell holds it: a share as a fraction (formatted as percent), money in reais. */
function toCell(kind: CellKind, value: number | null): XLSX.CellObject {
  if (value === null) return { t: 's', v: '—' };
  const number = kind === 'share' ? value / 100 : kind === 'money' ? value / 100 : value;
  const format = cellFormats[kind];
  return format ? { t: 'n', v: number, z: format } : { t: 'n', v: number };
}

function describePlanner(planner: { first_name: string; last_name: string } | null): string {
  return planner ? `${planner.first_name} ${planner.last_name}`.trim() : 'Sem planejador';
}

/**
 * indicators/export-xls/: the indicators as an .xlsx workbook — the organization's figures, one row
 * per planner, and the months — numbers as numbers (shares as percent, money in reais) so the
 * spreadsheet computes with them.
 */
export function buildIndicatorsWorkbook(indicators: ManagerIndicators): Buffer {
  const shown = indicators.organization.subscriptions ? [...columns, ...subscriptionColumns] : columns;
  const period = `${formatBrazilianDate(indicators.start)} a ${formatBrazilianDate(indicators.end)}`;
  const summary = XLSX.utils.aoa_to_sheet([
    ['Período', period],
    ['Situação em', formatBrazilianDate(indicators.reference_day)],
    ['Mês do orçamento', indicators.budget_month.slice(0, 7)],
    [],
    ['Indicador', 'Organização'],
  ]);
  XLSX.utils.sheet_add_aoa(
    summary,
    shown.map((column) => [column.label, toCell(column.kind, column.read(indicators.organization))]),
    { origin: -1 },
  );
  summary['!cols'] = [{ wch: 40 }, { wch: 24 }];

  const byPlanner = XLSX.utils.aoa_to_sheet([['Planejador', ...shown.map((column) => column.label)]]);
  XLSX.utils.sheet_add_aoa(
    byPlanner,
    indicators.planners.map((row) => [
      describePlanner(row.planner),
      ...shown.map((column) => toCell(column.kind, column.read(row))),
    ]),
    { origin: -1 },
  );
  byPlanner['!cols'] = [{ wch: 30 }, ...shown.map(() => ({ wch: 16 }))];

  const byMonth = XLSX.utils.aoa_to_sheet([
    ['Mês', 'Clientes novos', 'Clientes perdidos', 'Planejamentos enviados', 'Planejamentos aceitos'],
    ...indicators.months.map((month) => [
      month.month,
      month.new_clients,
      month.lost_clients,
      month.plannings_sent,
      month.plannings_accepted,
    ]),
  ]);
  byMonth['!cols'] = [{ wch: 10 }, { wch: 16 }, { wch: 18 }, { wch: 24 }, { wch: 22 }];

  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, summary, 'Organização');
  XLSX.utils.book_append_sheet(workbook, byPlanner, 'Por planejador');
  XLSX.utils.book_append_sheet(workbook, byMonth, 'Por mês');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
