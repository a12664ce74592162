import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Searchable lists: typing narrows them, then the option is chosen; the choice counts once the
 * list has closed, and is made again otherwise (as BudgetPage.choose).
 */
async function chooseFromList(page: Page, field: Locator, list: string, option: string, search: string) {
  await expect(async () => {
    await field.fill(search);
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 2_000 });
    await expect(page.getByRole('listbox', { name: list })).toBeHidden({ timeout: 1_000 });
  }).toPass();
}

/** The import dialog's line 'Não sabe baixar o extrato?': choosing a bank opens its guide. */
export class BankGuidePicker {
  readonly bankField: Locator;
  readonly reopenButton: Locator;

  constructor(
    readonly page: Page,
    scope: Locator,
  ) {
    this.bankField = scope.getByRole('combobox', { name: 'Banco', exact: true });
    this.reopenButton = scope.getByRole('button', { name: 'Ver guia', exact: true });
  }

  /** `search` is what is typed ('itau' finds 'Itaú Unibanco': accents are ignored). */
  async chooseBank(bank: string, search = bank): Promise<void> {
    await chooseFromList(this.page, this.bankField, 'Banco', bank, search);
  }
}

/** 'Alerta de integração': a bank's statement guide, one step at a time. */
export class BankGuideDialog {
  readonly dialog: Locator;
  readonly progress: Locator;
  readonly stepImage: Locator;
  readonly nextButton: Locator;
  readonly backButton: Locator;
  readonly finishButton: Locator;
  /** The offer to connect the bank instead, where the organization's widget reaches it. */
  readonly connectOffer: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Alerta de integração', exact: true });
    this.progress = this.dialog.getByText(/^Passo \d+ de \d+$/);
    // The step's own picture (an <img>), not the stepper's icons.
    this.stepImage = this.dialog.locator('img');
    this.nextButton = this.dialog.getByRole('button', { name: 'Próximo', exact: true });
    this.backButton = this.dialog.getByRole('button', { name: 'Voltar', exact: true });
    this.finishButton = this.dialog.getByRole('button', { name: 'Finalizar', exact: true });
    this.connectOffer = this.dialog.getByRole('alert').filter({ hasText: 'Prefere não baixar arquivos?' });
  }

  /** N of 'Passo 1 de N'. */
  async stepCount(): Promise<number> {
    await expect(this.progress).toBeVisible();
    const match = /de (\d+)$/.exec((await this.progress.textContent())?.trim() ?? '');
    return Number(match?.[1] ?? 0);
  }
}

/** The manager's 'Guias de extrato por banco', on the 'Organização' screen. */
export class BankGuidesManager {
  readonly panel: Locator;
  readonly bankField: Locator;
  readonly saveButton: Locator;
  readonly restoreButton: Locator;
  readonly previewButton: Locator;
  readonly addStepButton: Locator;
  /** Shown once the organization has its own guide for the chosen bank. */
  readonly customBadge: Locator;

  constructor(readonly page: Page) {
    this.panel = page
      .locator('.mantine-Paper-root')
      .filter({ has: page.getByRole('heading', { name: 'Guias de extrato por banco', exact: true }) });
    this.bankField = this.panel.getByRole('combobox', { name: 'Banco', exact: true });
    this.saveButton = this.panel.getByRole('button', { name: 'Salvar guia', exact: true });
    this.restoreButton = this.panel.getByRole('button', { name: 'Restaurar guia do Prumo', exact: true });
    this.previewButton = this.panel.getByRole('button', { name: 'Pré-visualizar', exact: true });
    this.addStepButton = this.panel.getByRole('button', { name: 'Adicionar passo', exact: true });
    this.customBadge = this.panel.getByText('Personalizado pela organização', { exact: true });
  }

  async chooseBank(bank: string): Promise<void> {
    await chooseFromList(this.page, this.bankField, 'Banco', bank, bank);
  }

  /** The text of step `number` (from 1). */
  stepText(number: number): Locator {
    return this.panel.getByRole('textbox', { name: `Passo ${number}`, exact: true });
  }
}
