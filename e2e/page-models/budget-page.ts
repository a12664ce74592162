import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** /app/{organization}/meu-orcamento: a client's budget of a month, planned against actual. */
interface BudgetItemInput {
  category?: string;
  description?: string;
  amount: string;
  /** The item dialog's 'Repetição': left as it is when not said ('Todo mês' for a new item). */
  recurrence?: 'Todo mês' | 'Todo ano' | 'Só neste mês';
}

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

  /** Fills the item dialog: category and description chosen from their lists, the amount typed in reais, how it repeats. */
  async fillItem(item: BudgetItemInput): Promise<void> {
    if (item.category) await this.choose('Categoria', item.category);
    if (item.description) await this.choose('Descrição', item.description);
    await this.itemDialog.getByRole('textbox', { name: 'Valor planejado' }).fill(item.amount);
    if (item.recurrence) await this.itemDialog.getByText(item.recurrence, { exact: true }).click();
    await this.itemDialog.getByRole('button', { name: 'Salvar item', exact: true }).click();
  }

  /**
   * Searchable lists: typing narrows them, then the option is chosen. A click can land while the
   * list redraws for the text typed (seen once: the option stayed unchosen, the list open), so the
   * choice counts only once the list has closed, and is made again otherwise.
   */
  private async choose(list: string, option: string): Promise<void> {
    await expect(async () => {
      await this.itemDialog.getByRole('combobox', { name: list }).fill(option);
      await this.page.getByRole('option', { name: option, exact: true }).click({ timeout: 2_000 });
      await expect(this.page.getByRole('listbox', { name: list })).toBeHidden({ timeout: 1_000 });
    }).toPass();
  }

  async addItem(item: BudgetItemInput & { category: string }): Promise<void> {
    await this.newItemButton.click();
    await this.fillItem(item);
  }
}
