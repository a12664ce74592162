import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** /app/{organization}/arquivo: the file review — 'Pendências' (one form per account), then the imported files. */
export class FilesPage {
  readonly pendencies: Locator;
  readonly noPendency: Locator;

  constructor(readonly page: Page) {
    this.pendencies = page.getByRole('form', { name: /^Pendência: / });
    this.noPendency = page.getByText('Nenhuma pendência.', { exact: true });
  }

  static path(organization: string): string {
    return AppShell.path(organization, 'arquivo');
  }

  async open(organization: string): Promise<void> {
    await this.page.goto(FilesPage.path(organization));
  }

  /** The names of the accounts still pending, in the panel's order. */
  async pendingAccountNames(): Promise<string[]> {
    const labels = await this.pendencies.evaluateAll((forms) => forms.map((form) => form.getAttribute('aria-label')));
    return labels.map((label) => (label ?? '').replace(/^Pendência: /, ''));
  }

  /** Types an account's balance ('1.234,56') in its own form and saves it. */
  async completeAccount(accountName: string, balance: string): Promise<void> {
    const form = this.page.getByRole('form', { name: `Pendência: ${accountName}`, exact: true });
    await form.getByLabel('Saldo atual').fill(balance);
    await form.getByRole('button', { name: 'Salvar', exact: true }).click();
  }

  /** A file's row in 'Arquivos importados', found by its name. */
  fileRow(fileName: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByText(fileName, { exact: true }) });
  }
}
