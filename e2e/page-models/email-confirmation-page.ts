import type { Locator, Page } from '@playwright/test';

/** /{organization}/confirmar/{token}: the page the confirmation e-mail's link opens. */
export class EmailConfirmationPage {
  readonly heading: Locator;
  readonly signInLink: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Confirmação de e-mail', exact: true });
    this.signInLink = page.getByRole('link', { name: 'Entrar', exact: true });
  }

  /** The result box: 'E-mail confirmado' or 'Não foi possível confirmar o e-mail'. */
  result(title: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: title });
  }

  async goToSignIn(): Promise<void> {
    await this.signInLink.click();
  }
}
