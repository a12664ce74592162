import type { Download, Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';
import { Snackbars } from './snackbars';

/** /app/{organization}/prospect: the planner's prospects, one opened with its statements, diagnosis and links. */
export class ProspectsPage {
  readonly shell: AppShell;
  readonly snackbars: Snackbars;
  readonly newProspectButton: Locator;
  readonly stageFilter: Locator;
  readonly dialog: Locator;
  readonly statements: Locator;
  readonly diagnosis: Locator;
  readonly monthsChart: Locator;
  readonly categoriesChart: Locator;
  readonly downloadPdfButton: Locator;
  readonly inviteButton: Locator;
  readonly invitationLink: Locator;
  readonly uploadLinkButton: Locator;
  readonly uploadLink: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.snackbars = new Snackbars(page);
    this.newProspectButton = page.getByRole('button', { name: 'Novo prospect', exact: true });
    this.stageFilter = page.getByRole('textbox', { name: 'Etapa', exact: true });
    this.dialog = page.getByRole('dialog');
    this.statements = page
      .locator('.mantine-Paper-root')
      .filter({ has: page.getByRole('heading', { name: 'Extratos', exact: true }) });
    this.diagnosis = page
      .locator('.mantine-Paper-root')
      .filter({ has: page.getByRole('heading', { name: 'Diagnóstico', exact: true }) });
    this.monthsChart = page.getByRole('figure', { name: 'Renda e despesa por mês', exact: true });
    this.categoriesChart = page.getByRole('figure', { name: 'Despesa por categoria', exact: true });
    this.downloadPdfButton = page.getByRole('button', { name: 'Baixar PDF', exact: true });
    this.inviteButton = page.getByRole('button', { name: 'Convidar como cliente', exact: true });
    this.invitationLink = page.getByRole('textbox', { name: 'Link do convite', exact: true });
    this.uploadLinkButton = page.getByRole('button', { name: 'Gerar link de envio', exact: true });
    this.uploadLink = page.getByRole('textbox', { name: 'Link de envio', exact: true });
  }

  static path(organization: string): string {
    return AppShell.path(organization, 'prospect');
  }

  async open(organization: string): Promise<void> {
    await this.page.goto(ProspectsPage.path(organization));
  }

  /** Registers a prospect through the 'Novo prospect' dialog. */
  async create(values: { name: string; email: string; phone: string; notes?: string }): Promise<void> {
    await this.newProspectButton.click();
    await this.dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(values.name);
    await this.dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill(values.email);
    await this.dialog.getByRole('textbox', { name: 'Telefone', exact: true }).fill(values.phone);
    if (values.notes) await this.dialog.getByRole('textbox', { name: 'Observações', exact: true }).fill(values.notes);
    await this.dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
  }

  /** A prospect's row (a card on a phone) in the list. */
  row(name: string): Locator {
    return this.page.getByRole('row').or(this.page.getByRole('listitem')).filter({ hasText: name });
  }

  async openProspect(name: string): Promise<void> {
    await this.row(name).getByRole('button', { name: 'Abrir', exact: true }).click();
    await this.page.getByRole('heading', { name, exact: true }).waitFor();
  }

  /** Sends statement files from the opened prospect's 'Extratos' section. */
  async uploadStatements(paths: string[]): Promise<void> {
    await this.statements.locator('input[type="file"]').setInputFiles(paths);
    await this.statements.getByRole('button', { name: 'Enviar extratos', exact: true }).click();
  }

  statementFile(name: string): Locator {
    return this.statements.getByRole('listitem').filter({ hasText: name });
  }

  summaryCard(label: string): Locator {
    return this.diagnosis.locator('.mantine-Paper-root').filter({ hasText: label });
  }

  async downloadPdf(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.downloadPdfButton.click();
    return download;
  }

  /** Invites the opened prospect as a client and answers the link to send them. */
  async invite(): Promise<string> {
    await this.inviteButton.click();
    await this.invitationLink.waitFor();
    return this.invitationLink.inputValue();
  }
}
