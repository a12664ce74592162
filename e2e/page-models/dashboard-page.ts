import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** /app/{organization}/dashboard: one address, one content per role. */
export class DashboardPage {
  readonly shell: AppShell;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  static path(organization: string): string {
    return AppShell.path(organization, 'dashboard');
  }

  async open(organization: string): Promise<void> {
    await this.page.goto(DashboardPage.path(organization));
  }

  /** 'Olá, Carla!' */
  greeting(firstName: string): Locator {
    return this.page.getByText(`Olá, ${firstName}!`, { exact: true });
  }

  /** A card of the dashboard, found by its title ('Meus clientes', 'Planejadores', 'Meu planejador'…). */
  section(title: string): Locator {
    return this.page
      .locator('.mantine-Paper-root')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** The row of a person in the table of a card, found by the name shown. */
  tableRow(sectionTitle: string, personName: string): Locator {
    // The name cell also holds the avatar's initials, so match the name's own text.
    return this.section(sectionTitle)
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell').getByText(personName, { exact: true }) });
  }

  /** The text of one column ('Último acesso', 'Clientes', 'E-mail'…) in a person's row. */
  async cellOf(sectionTitle: string, personName: string, column: string): Promise<Locator> {
    await this.section(sectionTitle).getByRole('columnheader').first().waitFor();
    const headers = (await this.section(sectionTitle).getByRole('columnheader').allInnerTexts()).map((text) =>
      text.trim(),
    );
    const index = headers.indexOf(column);
    if (index < 0) throw new Error(`No column '${column}' in '${sectionTitle}' (columns: ${headers.join(', ')})`);
    return this.tableRow(sectionTitle, personName).getByRole('cell').nth(index);
  }

  /** The manager's choice of planner for a client (the clients table's last column). */
  plannerChoiceOf(clientName: string): Locator {
    return this.page.getByRole('combobox', { name: `Planejador de ${clientName}`, exact: true });
  }

  /** The client's card 'Meu planejador'. */
  myPlannerCard(): Locator {
    return this.section('Meu planejador');
  }

  /** The client's 'Importar extratos', on the 'Meu caixa' card. */
  async openImport(): Promise<void> {
    await this.section('Meu caixa').getByRole('button', { name: 'Importar extratos', exact: true }).click();
  }

  /** The client's 'Ver meu caixa', on the 'Meu caixa' card. */
  async openCashRegister(): Promise<void> {
    await this.section('Meu caixa').getByRole('link', { name: 'Ver meu caixa', exact: true }).click();
  }

  /** A planner's 'Ver caixa' on a client's row of 'Meus clientes'. */
  /**
   * Follows 'Ver caixa' and waits for the client's cash register: the side menu closes when the
   * address changes, so a menu opened while the screen still loads would close under the test.
   */
  async openClientCashRegister(clientName: string): Promise<void> {
    await this.tableRow('Meus clientes', clientName)
      .getByRole('link', { name: `Ver caixa de ${clientName}`, exact: true })
      .click();
    await this.page.getByRole('heading', { level: 1, name: `Caixa: ${clientName}`, exact: true }).waitFor();
  }
}
