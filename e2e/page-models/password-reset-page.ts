import type { Locator, Page } from '@playwright/test';

/** /{organization}/redefinir-senha: asks for the reset link; shows the challenge when the server asks. */
export class PasswordResetPage {
  readonly emailField: Locator;
  readonly sendButton: Locator;
  readonly sentNotice: Locator;
  readonly challenge: Locator;
  readonly challengeSolved: Locator;

  constructor(readonly page: Page) {
    this.emailField = page.getByLabel('E-mail', { exact: true });
    this.sendButton = page.getByRole('button', { name: 'Enviar link', exact: true });
    this.sentNotice = page.getByRole('alert').filter({ hasText: 'Verifique seu e-mail' });
    this.challenge = page.getByRole('group', { name: 'Verificação de segurança' });
    this.challengeSolved = this.challenge.getByText('Verificação concluída. Envie o formulário de novo.');
  }

  static path(organization: string): string {
    return `/${organization}/redefinir-senha`;
  }

  async open(organization: string): Promise<void> {
    await this.page.goto(PasswordResetPage.path(organization));
    await this.sendButton.waitFor();
  }

  async ask(email: string): Promise<void> {
    await this.emailField.fill(email);
    await this.sendButton.click();
  }
}
