import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** A PNG image a manager can choose as a logo (1×1 pixel, teal). */
export const tinyPngLogo = {
  name: 'logo.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** /app/{organization}/configuracao/organizacao: 'Customização do Tema', for managers. */
export class OrganizationSettingsPage {
  readonly shell: AppShell;
  readonly heading: Locator;
  readonly primaryColourField: Locator;
  readonly secondaryColourField: Locator;
  readonly logoField: Locator;
  readonly currentLogo: Locator;
  readonly saveButton: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.heading = page.getByRole('heading', { name: 'Customização do Tema', exact: true });
    this.primaryColourField = page.getByLabel('Cor primária', { exact: true });
    this.secondaryColourField = page.getByLabel('Cor secundária', { exact: true });
    this.logoField = page.getByLabel('Logo', { exact: true });
    this.currentLogo = page.getByRole('img', { name: /^Logo atual de / });
    this.saveButton = page.getByRole('button', { name: 'Salvar alterações', exact: true });
  }

  static path(organization: string): string {
    return AppShell.path(organization, 'configuracao/organizacao');
  }

  /** Types a colour ('#2f9e44') into the primary colour picker's field. */
  async setPrimaryColour(hex: string): Promise<void> {
    await this.primaryColourField.fill(hex);
    await this.primaryColourField.press('Escape');
  }

  async chooseLogo(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.logoField.setInputFiles(file);
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }
}
