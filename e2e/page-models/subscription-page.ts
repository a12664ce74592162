import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';
import type { PaymentDetails } from './payment-page';

/** /app/{organization}/configuracao/meu-perfil/assinatura: the client's subscription in their profile. */
export class SubscriptionPage {
  readonly shell: AppShell;
  readonly current: Locator;
  readonly noSubscriptionHeading: Locator;
  readonly plansLink: Locator;
  readonly changeCardButton: Locator;
  readonly cancelButton: Locator;
  readonly reactivateButton: Locator;
  readonly cancelDialog: Locator;
  readonly changeCardDialog: Locator;
  readonly charges: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.current = page.locator('section').filter({ hasText: 'Plano atual' });
    this.noSubscriptionHeading = page.getByRole('heading', { name: 'Você ainda não tem uma assinatura', exact: true });
    this.plansLink = page.getByRole('link', { name: 'Ver planos', exact: true });
    this.changeCardButton = page.getByRole('button', { name: 'Trocar cartão', exact: true });
    this.cancelButton = page.getByRole('button', { name: 'Cancelar assinatura', exact: true });
    this.reactivateButton = page.getByRole('button', { name: 'Reativar', exact: true });
    this.cancelDialog = page.getByRole('dialog', { name: 'Cancelar assinatura' });
    this.changeCardDialog = page.getByRole('dialog', { name: 'Trocar cartão' });
    // A table on wide screens, a list of cards on a phone: both named 'Cobranças'.
    this.charges = page.getByRole('table', { name: 'Cobranças' }).or(page.getByRole('list', { name: 'Cobranças' }));
  }

  static path(organization: string): string {
    return AppShell.path(organization, 'configuracao/meu-perfil/assinatura');
  }

  async open(organization: string): Promise<void> {
    await this.page.goto(SubscriptionPage.path(organization));
  }

  planHeading(name: string): Locator {
    return this.current.getByRole('heading', { name, exact: true });
  }

  /** The status badge, named "Situação: Ativa" and so on. */
  status(label: string): Locator {
    return this.current.getByLabel(`Situação: ${label}`, { exact: true });
  }

  /** A value of the summary ('Próxima cobrança', 'Último pagamento', 'Cartão', 'Valor por mês'). */
  summary(label: string): Locator {
    return this.current.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  }

  /** The charges, one row (or card) each, newest first. */
  chargeRows(): Locator {
    return this.charges
      .getByRole('row')
      .filter({ hasNot: this.page.getByRole('columnheader') })
      .or(this.charges.getByRole('listitem'));
  }

  async cancelSubscription(): Promise<void> {
    await this.cancelButton.click();
    await this.cancelDialog.getByRole('button', { name: 'Cancelar assinatura', exact: true }).click();
  }

  async changeCard(card: Pick<PaymentDetails, 'holderName' | 'cardNumber' | 'expiry' | 'cvv'>): Promise<void> {
    await this.changeCardButton.click();
    const dialog = this.changeCardDialog;
    const newCard = dialog.getByRole('radio', { name: 'Novo cartão', exact: true });
    if (await newCard.isVisible()) await newCard.check();
    await dialog.getByRole('textbox', { name: 'Nome impresso no cartão', exact: true }).fill(card.holderName);
    await dialog.getByRole('textbox', { name: 'Número do cartão', exact: true }).fill(card.cardNumber);
    await dialog.getByRole('textbox', { name: 'Validade', exact: true }).fill(card.expiry);
    await dialog.getByRole('textbox', { name: 'CVV', exact: true }).fill(card.cvv);
    await dialog.getByRole('button', { name: 'Salvar cartão', exact: true }).click();
  }
}
