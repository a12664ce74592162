import type { Locator, Page } from '@playwright/test';
import { Snackbars } from './snackbars';

/** /{organization}/login: the organization's branded card with the sign-in form. */
export class LoginPage {
  readonly heading: Locator;
  readonly emailField: Locator;
  readonly passwordField: Locator;
  readonly signInButton: Locator;
  readonly testEnvironmentBanner: Locator;
  readonly snackbars: Snackbars;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Entrar', exact: true });
    this.emailField = page.getByLabel('E-mail', { exact: true });
    this.passwordField = page.getByLabel('Senha', { exact: true });
    this.signInButton = page.getByRole('button', { name: 'Entrar', exact: true });
    this.testEnvironmentBanner = page.getByRole('note');
    this.snackbars = new Snackbars(page);
  }

  static path(organization: string): string {
    return `/${organization}/login`;
  }

  async open(organization: string): Promise<void> {
    await this.page.goto(LoginPage.path(organization));
    await this.signInButton.waitFor();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.emailField.fill(email);
    await this.passwordField.fill(password);
    await this.signInButton.click();
  }

  /** The organization's uploaded logo, named after the organization. */
  logo(organizationName: string): Locator {
    return this.page.getByRole('img', { name: organizationName, exact: true });
  }

  /**
   * The organization's brand at the top of the card: its logo (an image named after the
   * organization) once one is uploaded, else its name written in the brand colour.
   */
  brand(organizationName: string): Locator {
    return this.logo(organizationName).or(this.page.getByText(organizationName, { exact: true }));
  }
}
