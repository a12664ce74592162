import type { Download, Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** /app/{organization}/dashboard-indicadores: the manager's indicators for a period. */
export class IndicatorsPage {
  readonly shell: AppShell;
  readonly heading: Locator;
  readonly periodPresets: Locator;
  readonly exportButton: Locator;
  readonly prospectsChart: Locator;
  readonly startDate: Locator;
  readonly endDate: Locator;
  readonly plannersLabel = 'Indicadores por planejador';

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.heading = page.getByRole('heading', { name: 'Indicadores', exact: true, level: 1 });
    this.periodPresets = page.getByRole('radiogroup', { name: 'Período' });
    this.exportButton = page.getByRole('button', { name: 'Exportar XLSX', exact: true });
    this.prospectsChart = page.getByRole('figure', { name: 'Prospects por etapa', exact: true });
    this.startDate = page.getByLabel('De', { exact: true });
    this.endDate = page.getByLabel('Até', { exact: true });
  }

  static path(organization: string): string {
    return AppShell.path(organization, 'dashboard-indicadores');
  }

  /** One of the organization's figure cards ('Conversão de prospects', 'Clientes ativos'…). */
  card(label: string): Locator {
    return this.page.getByRole('group', { name: label, exact: true });
  }

  /** The big number of a figure card. */
  figure(label: string): Locator {
    return this.card(label).locator('p').nth(1);
  }

  async choosePreset(label: 'Este ano' | '12 meses' | 'Ano passado'): Promise<void> {
    await this.periodPresets.getByText(label, { exact: true }).click();
  }

  /** Types the period's days ("2026-03-31") into the date fields. */
  async typePeriod(start: string, end: string): Promise<void> {
    await this.startDate.fill(start);
    await this.endDate.fill(end);
  }

  async exportSpreadsheet(): Promise<Download> {
    const downloading = this.page.waitForEvent('download');
    await this.exportButton.click();
    return downloading;
  }
}
