import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** /app/{organization}/planejadores: the manager's team — planners, their books, deactivation, links. */
export class PlannersPage {
  readonly shell: AppShell;
  readonly moveDialog: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.moveDialog = page.getByRole('dialog', { name: /^Mover clientes de / });
  }

  static path(organization: string): string {
    return AppShell.path(organization, 'planejadores');
  }

  /** The planner's row in the active list: a table row on a wide screen, a card on a phone. */
  activePlanner(email: string): Locator {
    return this.page
      .getByLabel('Planejadores', { exact: true })
      .locator('tr, [role="listitem"]')
      .filter({ hasText: email });
  }

  /** The planner's row among the deactivated ones. */
  inactivePlanner(email: string): Locator {
    return this.page
      .getByLabel('Planejadores desativados', { exact: true })
      .locator('tr, [role="listitem"]')
      .filter({ hasText: email });
  }

  /** How many clients the row says the planner advises. */
  bookSize(row: Locator): Locator {
    return row.getByTestId('clientes-do-planejador');
  }

  /** A dialog by its title ('Mova os clientes primeiro', 'Desativar Fulano?'). */
  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title, exact: true });
  }

  async askToDeactivate(fullName: string): Promise<void> {
    await this.page.getByRole('button', { name: `Desativar ${fullName}`, exact: true }).click();
  }

  /** In the move dialog: every client stays chosen, the new planner is picked, and the move confirmed. */
  async moveAllClientsTo(plannerName: string, clientCount: number): Promise<void> {
    await this.moveDialog.getByRole('combobox', { name: 'Novo planejador' }).click();
    await this.page.getByRole('option', { name: plannerName, exact: true }).click();
    await this.moveDialog.getByRole('button', { name: `Mover ${clientCount} clientes`, exact: true }).click();
  }

  clientChoice(fullName: string): Locator {
    return this.moveDialog.getByRole('checkbox', { name: new RegExp(`^${fullName}`) });
  }
}
