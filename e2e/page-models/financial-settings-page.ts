import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

export interface PlanService {
  name: string;
  period: string;
  description: string;
  /** As typed: "150,00". */
  fee: string;
}

export interface NewPlan {
  name: string;
  description: string;
  platformAmount: string;
  serviceAmount: string;
  serviceMonths: string;
  services: PlanService[];
}

/** R$ 50,00 of platform plus R$ 200,00 of services: R$ 250,00 a month for 12 months. */
export function buildCompletePlan(name: string): NewPlan {
  return {
    name,
    description: 'Plataforma e um ano de planejamento financeiro.',
    platformAmount: '50,00',
    serviceAmount: '200,00',
    serviceMonths: '12',
    services: [
      {
        name: 'Planejamento',
        period: '12',
        description: 'Encontros mensais com o planejador durante um ano.',
        fee: '200,00',
      },
    ],
  };
}

export interface NewBankAccount {
  holderName: string;
  cnpj: string;
  /** Typed into the bank picker ("Itaú"), then the option of this label is chosen. */
  bankSearch: string;
  bankOption: string;
  branch: string;
  account: string;
  accountDigit: string;
}

export interface NewPartner {
  name: string;
  email: string;
  cpf: string;
  birthdate: string;
  phone: string;
  zipcode: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
}

// Fields are found by role and name: a required field's label shows an asterisk its accessible name leaves out.

/** /app/{organization}/configuracao/financeiro: Planos, Contas bancárias, Sócios administradores (managers). */
export class FinancialSettingsPage {
  readonly shell: AppShell;
  readonly plansSection: Locator;
  readonly bankAccountsSection: Locator;
  readonly partnersSection: Locator;
  readonly gatewaySection: Locator;
  readonly planDialog: Locator;
  readonly bankAccountDialog: Locator;
  readonly partnerDialog: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.plansSection = page.getByRole('region', { name: 'Planos', exact: true });
    this.bankAccountsSection = page.getByRole('region', { name: 'Contas bancárias', exact: true });
    this.partnersSection = page.getByRole('region', { name: 'Sócios administradores', exact: true });
    this.gatewaySection = page.getByRole('region', { name: 'Gateway de pagamento', exact: true });
    this.planDialog = page.getByRole('dialog', { name: 'Novo plano' });
    this.bankAccountDialog = page.getByRole('dialog', { name: 'Nova conta bancária' });
    this.partnerDialog = page.getByRole('dialog', { name: 'Novo sócio administrador' });
  }

  static path(organization: string): string {
    return AppShell.path(organization, 'configuracao/financeiro');
  }

  async open(organization: string): Promise<void> {
    await this.page.goto(FinancialSettingsPage.path(organization));
  }

  /** The total the plan form shows as its amounts are typed. */
  planTotalPreview(): Locator {
    return this.planDialog.getByText(/^Total por mês:/);
  }

  /** A plan of the list: a table row on wide screens, a card on a phone. */
  plan(name: string): Locator {
    return this.plansSection
      .getByRole('row')
      .or(this.plansSection.getByRole('listitem'))
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }

  planActiveSwitch(name: string): Locator {
    return this.plansSection.getByRole('switch', { name: `Plano ${name} ativo` });
  }

  /**
   * Switches a plan on or off as a person does, on the switch's track: the track covers the hidden
   * input, and the label around both turns it. The switch turns once the server has saved it.
   */
  async togglePlanActive(name: string): Promise<void> {
    await this.planActiveSwitch(name).locator('xpath=ancestor::label[1]').click();
  }

  async openNewPlan(): Promise<void> {
    await this.plansSection.getByRole('button', { name: 'Novo plano', exact: true }).click();
  }

  /** Fills the new plan's form (a plan with services), its services included. */
  async fillPlan(plan: NewPlan): Promise<void> {
    const dialog = this.planDialog;
    await dialog.getByRole('textbox', { name: 'Nome do plano', exact: true }).fill(plan.name);
    await dialog.getByRole('textbox', { name: 'Descrição', exact: true }).fill(plan.description);
    await dialog.getByRole('textbox', { name: 'Valor da plataforma', exact: true }).fill(plan.platformAmount);
    await dialog.getByRole('textbox', { name: 'Valor dos serviços', exact: true }).fill(plan.serviceAmount);
    await dialog.getByRole('textbox', { name: 'Meses de serviços', exact: true }).fill(plan.serviceMonths);
    for (const [index, service] of plan.services.entries()) {
      await dialog.getByRole('button', { name: 'Adicionar serviço', exact: true }).click();
      const fields = dialog.getByRole('group', { name: `Serviço ${index + 1}`, exact: true });
      await fields.getByRole('textbox', { name: 'Nome do serviço', exact: true }).fill(service.name);
      await fields.getByRole('textbox', { name: 'Período (meses)', exact: true }).fill(service.period);
      await fields.getByRole('textbox', { name: 'Valor', exact: true }).fill(service.fee);
      await fields.getByRole('textbox', { name: 'Descrição do serviço', exact: true }).fill(service.description);
    }
  }

  async savePlan(): Promise<void> {
    await this.planDialog.getByRole('button', { name: 'Salvar plano', exact: true }).click();
  }

  bankAccount(text: string): Locator {
    return this.bankAccountsSection
      .getByRole('row')
      .or(this.bankAccountsSection.getByRole('listitem'))
      .filter({ hasText: text });
  }

  async addBankAccount(account: NewBankAccount): Promise<void> {
    await this.bankAccountsSection.getByRole('button', { name: 'Nova conta', exact: true }).click();
    const dialog = this.bankAccountDialog;
    await dialog.getByRole('textbox', { name: 'Nome do titular', exact: true }).fill(account.holderName);
    await dialog.getByRole('textbox', { name: 'CNPJ do titular', exact: true }).fill(account.cnpj);
    await dialog.getByRole('combobox', { name: 'Banco', exact: true }).fill(account.bankSearch);
    await this.page.getByRole('option', { name: account.bankOption, exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Agência', exact: true }).fill(account.branch);
    await dialog.getByRole('textbox', { name: 'Conta', exact: true }).fill(account.account);
    await dialog.getByRole('textbox', { name: 'Dígito da conta', exact: true }).fill(account.accountDigit);
    await dialog.getByRole('button', { name: 'Salvar conta', exact: true }).click();
  }

  partner(name: string): Locator {
    return this.partnersSection
      .getByRole('row')
      .or(this.partnersSection.getByRole('listitem'))
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }

  async openNewPartner(): Promise<void> {
    await this.partnersSection.getByRole('button', { name: 'Novo sócio', exact: true }).click();
  }

  async fillPartner(partner: NewPartner): Promise<void> {
    const dialog = this.partnerDialog;
    await dialog.getByRole('textbox', { name: 'Nome completo', exact: true }).fill(partner.name);
    await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill(partner.email);
    await dialog.getByRole('textbox', { name: 'CPF', exact: true }).fill(partner.cpf);
    await dialog.getByRole('textbox', { name: 'Data de nascimento', exact: true }).fill(partner.birthdate);
    await dialog.getByRole('textbox', { name: 'Telefone', exact: true }).fill(partner.phone);
    await dialog.getByRole('textbox', { name: 'CEP', exact: true }).fill(partner.zipcode);
    await dialog.getByRole('textbox', { name: 'Rua', exact: true }).fill(partner.street);
    await dialog.getByRole('textbox', { name: 'Número', exact: true }).fill(partner.number);
    await dialog.getByRole('textbox', { name: 'Bairro', exact: true }).fill(partner.neighborhood);
    await dialog.getByRole('textbox', { name: 'Cidade', exact: true }).fill(partner.city);
    await dialog.getByRole('combobox', { name: 'Estado', exact: true }).fill(partner.state);
    await this.page.getByRole('option', { name: partner.state, exact: true }).click();
  }

  async savePartner(): Promise<void> {
    await this.partnerDialog.getByRole('button', { name: 'Salvar sócio', exact: true }).click();
  }
}
