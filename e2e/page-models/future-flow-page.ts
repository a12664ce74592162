import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** The months table's columns, in the screen's order. */
export const monthColumns = [
  'Mês',
  'Receitas planejadas',
  'Despesas planejadas',
  'Investimentos planejados',
  'Resultado planejado',
  'Contas previstas',
  'Plano',
  'Planejamento',
] as const;

function findColumnIndex(header: (typeof monthColumns)[number]): number {
  return monthColumns.indexOf(header);
}

/** /app/{organization}/fluxo-futuro: the months table and the chart of the two balance series. */
export class FutureFlowPage {
  readonly shell: AppShell;
  readonly monthsTable: Locator;
  readonly chart: Locator;
  readonly chartLines: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.monthsTable = page.getByRole('table', { name: 'Meses do fluxo futuro', exact: true });
    this.chart = page.getByLabel('Gráfico dos saldos planejado e projetado', { exact: true });
    this.chartLines = this.chart.locator('path.recharts-line-curve');
  }

  static path(organization: string): string {
    return AppShell.path(organization, 'fluxo-futuro');
  }

  /** The table's column headers, as the screen shows them. */
  columnHeaders(): Locator {
    return this.monthsTable.getByRole('columnheader');
  }

  /** The row of a month, by its MM/YYYY link. */
  monthRow(date: string): Locator {
    return this.monthsTable.getByRole('row').filter({ has: this.page.getByRole('link', { name: date, exact: true }) });
  }

  /** A month's planned amount in a column (the first line of the cell; the second is the actual). */
  plannedIn(date: string, column: 'income' | 'expense'): Locator {
    return this.monthRow(date)
      .getByRole('cell')
      .nth(findColumnIndex(column === 'income' ? 'Receitas planejadas' : 'Despesas planejadas'))
      .getByText(/^-?R\$/)
      .first();
  }

  /** Where a month's plan comes from: 'Orçamento do mês', 'Segue 12/2026' or 'Sem orçamento'. */
  planOrigin(date: string): Locator {
    return this.monthRow(date).getByRole('cell').nth(findColumnIndex('Plano'));
  }

  /** A series' entry in the chart's legend ('Saldo planejado', 'Saldo projetado'). */
  legendEntry(name: string): Locator {
    return this.chart.getByText(name, { exact: true });
  }

  /** The balance a series reaches in the last month shown, as written above the chart. */
  finalBalance(name: string, lastDate: string): Locator {
    return this.page.getByText(`${name} em ${lastDate}`, { exact: true }).locator('xpath=following-sibling::*[1]');
  }

  async openMonth(date: string): Promise<void> {
    await this.monthsTable.getByRole('link', { name: date, exact: true }).click();
  }
}
