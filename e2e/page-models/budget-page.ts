import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** /app/{organization}/meu-orcamento: a client's budget of a month, planned against actual. */
export class BudgetPage {
  readonly shell: AppShell;
  readonly heading: Locator;
  readonly newItemButton: Locator;
  readonly itemDialog: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.heading = page.getByRole('heading', { level: 1, name: 'Meu orçamento', exact: true });
    this.newItemButton = page.getByRole('button', { name: 'Novo item', exact: true });
    this.itemDialog = page.getByRole('dialog');
  }

  static path(organization: string): string {
    return AppShell.path(organization, 'meu-orcamento');
  }

  /** The section ('Receitas', 'Despesas', …) with its table. */
  section(title: string): Locator {
    return this.page
      .locator('.mantine-Paper-root')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** A row of a section by its first cell (a category or a description), its amounts in order. */
  row(section: string, name: string): Locator {
    return this.section(section)
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  /** Fills the item dialog: category and description chosen from their lists, the amount typed in reais. */
  async fillItem(item: { category?: string; description?: string; amount: string }): Promise<void> {
    if (item.category) {
      // Searchable lists: typing narrows them, then the option is chosen.
      await this.itemDialog.getByRole('combobox', { name: 'Categoria' }).fill(item.category);
      await this.page.getByRole('option', { name: item.category, exact: true }).click();
    }
    if (item.description) {
      await this.itemDialog.getByRole('combobox', { name: 'Descrição' }).fill(item.description);
      await this.page.getByRole('option', { name: item.description, exact: true }).click();
    }
    await this.itemDialog.getByRole('textbox', { name: 'Valor planejado' }).fill(item.amount);
    await this.itemDialog.getByRole('button', { name: 'Salvar item', exact: true }).click();
  }

  async addItem(item: { category: string; description?: string; amount: string }): Promise<void> {
    await this.newItemButton.click();
    await this.fillItem(item);
  }
}
