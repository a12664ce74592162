import type { Locator, Page } from '@playwright/test';
import { Snackbars } from './snackbars';

export interface RegistrationValues {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  cpf: string;
  password: string;
  passwordConfirmation: string;
}

/** The labels of the registration form's fields, by what they hold. */
export const registrationFields = {
  email: 'E-mail',
  firstName: 'Nome',
  lastName: 'Sobrenome',
  phone: 'Telefone',
  cpf: 'CPF',
  password: 'Senha',
  passwordConfirmation: 'Confirmar senha',
} as const satisfies Record<keyof RegistrationValues, string>;

export type RegistrationField = keyof typeof registrationFields;

/** /{organization}/cadastro/{role}/{hash}: the sign-up form an invitation link opens. */
export class RegistrationPage {
  readonly heading: Locator;
  readonly invitation: Locator;
  readonly registerButton: Locator;
  readonly accountCreatedHeading: Locator;
  readonly goToLoginButton: Locator;
  readonly snackbars: Snackbars;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: /^Cadastro de / });
    this.invitation = page.getByText(/^Convite de /);
    this.registerButton = page.getByRole('button', { name: 'Cadastrar', exact: true });
    this.accountCreatedHeading = page.getByRole('heading', { name: 'Conta criada', exact: true });
    this.goToLoginButton = page.getByRole('link', { name: 'Ir para o login', exact: true });
    this.snackbars = new Snackbars(page);
  }

  static path(organization: string, role: 'cliente' | 'planejador' | 'gestor', hash: string): string {
    return `/${organization}/cadastro/${role}/${hash}`;
  }

  /** Opens an invitation link (the form, or the reason it cannot be used). */
  async open(organization: string, role: 'cliente' | 'planejador' | 'gestor', hash: string): Promise<void> {
    await this.page.goto(RegistrationPage.path(organization, role, hash));
  }

  /** The box that replaces the form when the link cannot be used. */
  refusal(): Locator {
    return this.page.getByRole('alert').filter({ hasText: 'Não é possível se cadastrar' });
  }

  field(name: RegistrationField): Locator {
    return this.page.getByLabel(registrationFields[name], { exact: true });
  }

  /** Types each given value into its field, leaving the others as they are. */
  async fill(values: Partial<RegistrationValues>): Promise<void> {
    for (const [name, value] of Object.entries(values) as [RegistrationField, string][]) {
      await this.field(name).fill(value);
    }
  }

  async submit(): Promise<void> {
    await this.registerButton.click();
  }

  async register(values: RegistrationValues): Promise<void> {
    await this.fill(values);
    await this.submit();
  }

  /**
   * The error message shown under a field, apart from the field's hint: the password's hint
   * 'Mínimo 8 caracteres' is also an error text, so a page-wide text search would prove nothing.
   */
  errorOf(name: RegistrationField): Locator {
    const field = this.field(name);
    return this.page.locator('.mantine-InputWrapper-root', { has: field }).locator('.mantine-InputWrapper-error');
  }
}
