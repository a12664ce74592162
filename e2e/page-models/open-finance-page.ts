import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** integration-opb: the client's connections and a new one. */
export class OpenFinancePage {
  readonly searchField: Locator;
  readonly goToBankButton: Locator;
  readonly connections: Locator;

  constructor(readonly page: Page) {
    this.searchField = page.getByLabel('Instituição', { exact: true });
    this.goToBankButton = page.getByRole('button', { name: /^Ir para / });
    this.connections = page.getByTestId('open-finance-connection');
  }

  static path(organization: string): string {
    return AppShell.path(organization, 'integration-opb');
  }

  static callbackPath(organization: string): string {
    return AppShell.path(organization, 'callback-opb');
  }

  static bs2CallbackPath(organization: string): string {
    return AppShell.path(organization, 'bs2-callback');
  }

  /** The one address the banks of Open Finance send everyone back to. */
  static readonly publicReturnPath = '/callback-opb';

  institution(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  monthsOption(months: number): Locator {
    return this.page.getByText(`${months} meses`, { exact: true });
  }

  connectionOf(institution: string): Locator {
    return this.connections.filter({ hasText: institution });
  }

  /** From integration-opb to the institution's review of what is shared, signed in as its test user. */
  async reachConsentReview(organization: string, institution: string): Promise<SimulatedBankPages> {
    await this.page.goto(OpenFinancePage.path(organization));
    await this.institution(institution).click();
    await this.goToBankButton.click();
    const bank = new SimulatedBankPages(this.page);
    await bank.authorise('user-ok', 'password-ok', '123456');
    return bank;
  }
}

/** The simulated institution's own pages: login, one-time code, review of what is shared. */
export class SimulatedBankPages {
  constructor(readonly page: Page) {}

  async authorise(user: string, password: string, code: string): Promise<void> {
    await this.page.getByText('Entre na sua conta').waitFor();
    await this.page.getByLabel('Usuário', { exact: true }).fill(user);
    await this.page.getByLabel('Senha', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await this.page.getByLabel('Código', { exact: true }).fill(code);
    await this.page.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await this.page.getByText('Confirme o compartilhamento').waitFor();
  }

  async answer(decision: 'Autorizar' | 'Recusar'): Promise<void> {
    await this.page.getByRole('button', { name: decision, exact: true }).click();
  }
}
