import type { Locator, Page } from '@playwright/test';
import { Snackbars } from './snackbars';

/** /app/{organization}/configuracao/meu-perfil/{view}: the signed-in user's own data, e-mail and password. */
export class ProfilePage {
  readonly newEmailField: Locator;
  readonly emailPasswordField: Locator;
  readonly changeEmailButton: Locator;
  readonly emailSentNotice: Locator;
  readonly currentPasswordField: Locator;
  readonly newPasswordField: Locator;
  readonly passwordConfirmationField: Locator;
  readonly changePasswordButton: Locator;
  readonly snackbars: Snackbars;

  constructor(readonly page: Page) {
    const emailForm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Alterar e-mail' }) });
    this.newEmailField = emailForm.getByLabel('Novo e-mail', { exact: true });
    this.emailPasswordField = emailForm.getByLabel('Senha atual', { exact: true });
    this.changeEmailButton = page.getByRole('button', { name: 'Alterar e-mail', exact: true });
    this.emailSentNotice = page.getByRole('alert').filter({ hasText: 'Confirme o novo e-mail' });
    const passwordForm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Alterar senha' }) });
    this.currentPasswordField = passwordForm.getByLabel('Senha atual', { exact: true });
    this.newPasswordField = passwordForm.getByLabel('Nova senha', { exact: true });
    this.passwordConfirmationField = passwordForm.getByLabel('Confirmar senha', { exact: true });
    this.changePasswordButton = page.getByRole('button', { name: 'Alterar senha', exact: true });
    this.snackbars = new Snackbars(page);
  }

  static path(organization: string, view: 'email' | 'senha'): string {
    return `/app/${organization}/configuracao/meu-perfil/${view}`;
  }

  async openEmail(organization: string): Promise<void> {
    await this.page.goto(ProfilePage.path(organization, 'email'));
    await this.changeEmailButton.waitFor();
  }

  async openPassword(organization: string): Promise<void> {
    await this.page.goto(ProfilePage.path(organization, 'senha'));
    await this.changePasswordButton.waitFor();
  }

  async changeEmail(newEmail: string, password: string): Promise<void> {
    await this.newEmailField.fill(newEmail);
    await this.emailPasswordField.fill(password);
    await this.changeEmailButton.click();
  }

  async changePassword(current: string, next: string): Promise<void> {
    await this.currentPasswordField.fill(current);
    await this.newPasswordField.fill(next);
    await this.passwordConfirmationField.fill(next);
    await this.changePasswordButton.click();
  }

  /** How wide the page is laid out: more than the viewport means it scrolls sideways. */
  layoutWidth(): Promise<number> {
    return this.page.evaluate<number>('document.documentElement.scrollWidth');
  }
}
