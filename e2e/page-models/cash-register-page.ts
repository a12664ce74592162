import type { Download, Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** /app/{organization}/meu-caixa (a client's) or …/cliente/{id} (a planner's view of a client): Meu caixa. */
export class CashRegisterPage {
  readonly shell: AppShell;
  readonly rangeStartField: Locator;
  readonly rangeEndField: Locator;
  readonly categoryFilter: Locator;
  readonly exportButton: Locator;
  readonly transactions: Locator;
  readonly lineCount: Locator;
  readonly monthField: Locator;
  readonly categoryShareChart: Locator;
  readonly periodChart: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.rangeStartField = page.getByLabel('Data inicial', { exact: true });
    this.rangeEndField = page.getByLabel('Data final', { exact: true });
    this.categoryFilter = page.getByRole('combobox', { name: 'Categoria', exact: true });
    this.exportButton = page.getByRole('button', { name: 'Exportar', exact: true });
    this.transactions = page
      .locator('.mantine-Paper-root')
      .filter({ has: page.getByRole('heading', { name: 'Transações', exact: true }) });
    this.lineCount = this.transactions.getByText(/^\d+ transaç(ão|ões) · Página \d+ de \d+$/);
    this.monthField = page.getByRole('combobox', { name: 'Mês', exact: true });
    this.categoryShareChart = page.getByRole('figure', { name: 'Participação das saídas por categoria', exact: true });
    this.periodChart = page.getByRole('figure', { name: 'Entradas e saídas no período', exact: true });
  }

  static path(organization: string): string {
    return AppShell.path(organization, 'meu-caixa');
  }

  async open(organization: string, query = ''): Promise<void> {
    await this.page.goto(`${CashRegisterPage.path(organization)}${query}`);
  }

  /** Shows the lines from `start` to `end` (dd/mm/aaaa) with the 'Período' control. */
  async showPeriod(start: string, end: string): Promise<void> {
    await this.page.getByText('Período', { exact: true }).click();
    await this.rangeStartField.fill(start);
    await this.rangeEndField.fill(end);
    // The period is applied once it is in the address; acting before that would act on the old period.
    const [isoStart, isoEnd] = [start, end].map((day) => day.split('/').reverse().join('-'));
    await this.page.waitForURL((address) => {
      const query = address.searchParams;
      return query.get('start') === isoStart && query.get('end') === isoEnd;
    });
  }

  /** The row of a category in the chart of expenses by category; its cells read name, total and share. */
  categoryShareRow(category: string): Locator {
    return this.categoryShareChart
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell').getByText(category, { exact: true }) });
  }

  /** The names of the categories in that chart's table, top to bottom. */
  categoryShareNames(): Locator {
    return this.categoryShareChart
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell') })
      .locator('td:first-child');
  }

  /** What the period chart adds up for 'Entradas' or 'Saídas' ('R$ 3.299,99'). */
  periodChartTotal(label: 'Entradas' | 'Saídas'): Locator {
    return this.periodChart
      .getByRole('group', { name: `Total de ${label.toLowerCase()} no gráfico`, exact: true })
      .getByText(/R\$/);
  }

  /** The bars the period chart draws (recharts' SVG rectangles). */
  periodChartBars(): Locator {
    return this.periodChart.locator('.recharts-bar-rectangle path');
  }

  /** The rows of the lines shown (the header row aside). */
  lineRows(): Locator {
    return this.transactions.getByRole('row').filter({ has: this.page.getByRole('cell') });
  }

  /** The row of the line named `name`. */
  lineRow(name: string): Locator {
    return this.lineRows().filter({ has: this.page.getByRole('cell').getByText(name, { exact: true }) });
  }

  /** The amount of a line as shown ('-R$ 666,66'). */
  amountOf(name: string): Locator {
    return this.lineRow(name).getByText(/R\$/);
  }

  /** A line's inline category picker; its value reads 'Categoria · Descrição'. */
  categoryPickerOf(name: string): Locator {
    return this.page.getByRole('combobox', { name: `Categoria de ${name}`, exact: true });
  }

  /** Chooses a description (and so its category) for one line in its inline picker. */
  async categorize(name: string, description: string): Promise<void> {
    await this.categoryPickerOf(name).click();
    await this.page.getByRole('option', { name: description, exact: true }).click();
  }

  /** Shows only the lines of a category, with the 'Categoria' filter. */
  async filterByCategory(category: string): Promise<void> {
    await this.categoryFilter.click();
    await this.page.getByRole('option', { name: category, exact: true }).click();
    await this.categoryFilter.press('Escape');
  }

  /** Clicks 'Exportar' and returns the file the browser downloads. */
  async export(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.exportButton.click();
    return download;
  }
}
