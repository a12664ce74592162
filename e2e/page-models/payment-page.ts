import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** What a client types into the payment form: masked or not, the fields mask it as they go. */
export interface PaymentDetails {
  cpf: string;
  /** A CEP the lookup knows fills street, neighborhood, city and state. */
  zipcode: string;
  number: string;
  complement?: string;
  holderName: string;
  cardNumber: string;
  /** MMAA or MM/AA. */
  expiry: string;
  cvv: string;
}

/**
 * /app/{organization}/payment/{planHash}: the three steps of subscribing (1 Plano proposto,
 * 2 Pagamento e assinatura, 3 Concluído).
 */
export class PaymentPage {
  readonly shell: AppShell;
  readonly steps: Locator;
  readonly proposal: Locator;
  readonly proposalTotal: Locator;
  readonly continueButton: Locator;
  readonly acceptPlatformButton: Locator;
  readonly rejectButton: Locator;
  readonly paymentForm: Locator;
  readonly payButton: Locator;
  readonly paymentRefusal: Locator;
  readonly processing: Locator;
  readonly doneHeading: Locator;
  readonly subscriptionLink: Locator;
  readonly dashboardLink: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.steps = page.getByLabel('Etapas da assinatura', { exact: true });
    this.proposal = page.locator('section').filter({ hasText: 'Plano proposto' });
    this.proposalTotal = page.getByLabel('Total do plano proposto', { exact: true });
    this.continueButton = page.getByRole('button', { name: 'Continuar para o pagamento', exact: true });
    this.acceptPlatformButton = page.getByRole('button', { name: 'Aceitar plano', exact: true });
    this.rejectButton = page.getByRole('button', { name: 'Recusar', exact: true });
    this.paymentForm = page.getByRole('form', { name: 'Pagamento e assinatura', exact: true });
    this.payButton = this.paymentForm.getByRole('button', { name: 'Pagar e assinar', exact: true });
    this.paymentRefusal = this.paymentForm.getByRole('alert').filter({ hasText: 'Pagamento não realizado' });
    this.processing = page.getByRole('status').filter({ hasText: 'Pagamento em processamento' });
    this.doneHeading = page.getByRole('heading', { name: 'Assinatura concluída', exact: true });
    this.subscriptionLink = page.getByRole('link', { name: 'Ver minha assinatura', exact: true });
    this.dashboardLink = page.getByRole('link', { name: 'Ir para o início', exact: true });
  }

  static path(organization: string, planHash: string): string {
    return AppShell.path(organization, `payment/${planHash}`);
  }

  async open(organization: string, planHash: string): Promise<void> {
    await this.page.goto(PaymentPage.path(organization, planHash));
  }

  /** The proposal's plan name, a heading of its own. */
  planHeading(name: string): Locator {
    return this.proposal.getByRole('heading', { name, exact: true });
  }

  /** A field of the payment form by its label ('CPF', 'CEP', 'Rua', 'Número do cartão'…). */
  field(label: string): Locator {
    return this.paymentForm.getByRole('textbox', { name: label, exact: true });
  }

  /** The message shown under a field of the payment form. */
  errorOf(label: string): Locator {
    // `has` looks inside each wrapper, so the field is named from there, not from the form.
    const field = this.page.getByRole('textbox', { name: label, exact: true });
    return this.paymentForm
      .locator('.mantine-InputWrapper-root', { has: field })
      .locator('.mantine-InputWrapper-error');
  }

  /**
   * Fills the form as a person does: the CEP first, leaving it so the lookup fills the address,
   * then the number and the card.
   */
  async fill(details: PaymentDetails): Promise<void> {
    await this.field('CPF').fill(details.cpf);
    await this.field('CEP').fill(details.zipcode);
    await this.field('CEP').blur();
    await this.field('Número').fill(details.number);
    if (details.complement) await this.field('Complemento').fill(details.complement);
    await this.fillCard(details);
  }

  /** Types a new card (after choosing "Novo cartão" when saved cards are offered). */
  async fillCard(card: Pick<PaymentDetails, 'holderName' | 'cardNumber' | 'expiry' | 'cvv'>): Promise<void> {
    const newCard = this.paymentForm.getByRole('radio', { name: 'Novo cartão', exact: true });
    if (await newCard.isVisible()) await newCard.check();
    await this.field('Nome impresso no cartão').fill(card.holderName);
    await this.field('Número do cartão').fill(card.cardNumber);
    await this.field('Validade').fill(card.expiry);
    await this.field('CVV').fill(card.cvv);
  }

  async pay(): Promise<void> {
    await this.payButton.click();
  }
}
