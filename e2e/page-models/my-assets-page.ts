import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

export interface NewInvestment {
  /** The kind as the form lists it ('Renda fixa', 'Previdência privada'…). */
  kind: string;
  name: string;
  balance: string;
  monthlyContribution?: string;
}

export interface NewDebt {
  name: string;
  balance: string;
  monthlyPayment: string;
  /** Percent a month, as typed: "1,5". */
  interestRate: string;
  installmentsLeft?: string;
}

/**
 * /app/{organization}/meu-patrimonio: the net-worth summary, then the groups (Contas, Cartões,
 * Investimentos, Outros bens, Dívidas), each opening to its items: rows of a table on a wide
 * screen, cards on a phone, both named by the item.
 */
export class MyAssetsPage {
  readonly shell: AppShell;
  readonly summary: Locator;
  readonly netWorth: Locator;
  readonly chart: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.summary = page.getByRole('region', { name: 'Resumo do patrimônio', exact: true });
    this.netWorth = this.summary.getByLabel('Patrimônio líquido', { exact: true });
    this.chart = page.getByLabel('Gráfico do patrimônio líquido mês a mês', { exact: true });
  }

  static path(organization: string): string {
    return AppShell.path(organization, 'meu-patrimonio');
  }

  /** A part of net worth in the summary ('Contas', 'Investimentos', 'Dívidas'…): its amount. */
  part(label: string): Locator {
    return this.summary.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  }

  /** A group's bar: its title, count and total; it opens and closes the group. */
  group(title: string): Locator {
    return this.page.getByRole('button', { name: title, exact: true });
  }

  async openGroup(title: string): Promise<void> {
    const bar = this.group(title);
    if ((await bar.getAttribute('aria-expanded')) !== 'true') await bar.click();
  }

  /** An item of a list ('Contas', 'Dívidas', 'Investimentos: Renda fixa'…): a table row or a phone's card. */
  item(list: string, name: string): Locator {
    const row = this.page
      .getByRole('table', { name: list, exact: true })
      .getByRole('row')
      .filter({ has: this.page.getByText(name, { exact: true }) });
    const card = this.page.getByRole('list', { name: list, exact: true }).getByRole('listitem', { name, exact: true });
    return row.or(card);
  }

  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title, exact: true });
  }

  async addInvestment(investment: NewInvestment): Promise<void> {
    await this.openGroup('Investimentos');
    await this.page.getByRole('button', { name: 'Adicionar investimento', exact: true }).click();
    const dialog = this.dialog('Novo investimento');
    await dialog.getByRole('combobox', { name: 'Tipo' }).click();
    await this.page.getByRole('option', { name: investment.kind, exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Nome' }).fill(investment.name);
    await dialog.getByRole('textbox', { name: 'Saldo líquido' }).fill(investment.balance);
    if (investment.monthlyContribution) {
      await dialog.getByRole('textbox', { name: 'Contribuição mensal' }).fill(investment.monthlyContribution);
    }
    await dialog.getByRole('button', { name: 'Salvar investimento', exact: true }).click();
  }

  async addDebt(debt: NewDebt): Promise<void> {
    await this.openGroup('Dívidas');
    await this.page.getByRole('button', { name: 'Adicionar dívida', exact: true }).click();
    const dialog = this.dialog('Nova dívida');
    await dialog.getByRole('textbox', { name: 'Nome' }).fill(debt.name);
    await dialog.getByRole('textbox', { name: 'Saldo devedor' }).fill(debt.balance);
    await dialog.getByRole('textbox', { name: 'Parcela mensal' }).fill(debt.monthlyPayment);
    await dialog.getByRole('textbox', { name: 'Juros ao mês (%)' }).fill(debt.interestRate);
    if (debt.installmentsLeft) {
      await dialog.getByRole('textbox', { name: 'Parcelas restantes' }).fill(debt.installmentsLeft);
    }
    await dialog.getByRole('button', { name: 'Salvar dívida', exact: true }).click();
  }

  /** Renames an account in place: its name becomes a field, then 'Salvar nome'. */
  async renameAccount(name: string, newName: string): Promise<void> {
    await this.openGroup('Contas');
    await this.page.getByRole('button', { name: `Renomear ${name}`, exact: true }).click();
    const field = this.page.getByRole('textbox', { name: 'Nome da conta' });
    await field.fill(newName);
    await this.page.getByRole('button', { name: 'Salvar nome', exact: true }).click();
  }
}
