import type { Locator, Page } from '@playwright/test';

/** The help button of the top bar and the modals of its stack: the screen's article and the help video. */
export class HelpDesk {
  readonly helpButton: Locator;
  readonly videoModal: Locator;
  readonly videoFrame: Locator;
  readonly hideForeverCheckbox: Locator;
  readonly closeVideoButton: Locator;

  constructor(readonly page: Page) {
    this.helpButton = page.getByRole('banner').getByRole('button', { name: 'Ajuda', exact: true });
    this.videoModal = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('checkbox', { name: 'Não exibir novamente' }) });
    this.videoFrame = this.videoModal.locator('iframe');
    this.hideForeverCheckbox = this.videoModal.getByRole('checkbox', { name: 'Não exibir novamente' });
    this.closeVideoButton = this.videoModal.getByRole('button', { name: 'Fechar', exact: true });
  }

  /** The article modal, named by the article's title. */
  articleModal(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }
}

/** The manager's help screen (/configuracao/ajuda): each screen's article and video. */
export class HelpArticlesPage {
  readonly screenSelect: Locator;
  readonly titleField: Locator;
  readonly markdownField: Locator;
  readonly videoField: Locator;
  readonly descriptionField: Locator;
  readonly saveButton: Locator;
  readonly restoreButton: Locator;
  /** Shown once the organization has its own version of the chosen screen's article. */
  readonly customBadge: Locator;

  constructor(readonly page: Page) {
    this.screenSelect = page.getByRole('combobox', { name: 'Tela' });
    this.titleField = page.getByRole('textbox', { name: 'Título' });
    this.markdownField = page.getByRole('textbox', { name: 'Texto (Markdown)' });
    this.videoField = page.getByRole('textbox', { name: 'Vídeo (opcional)' });
    this.descriptionField = page.getByRole('textbox', { name: 'Descrição do vídeo' });
    this.saveButton = page.getByRole('button', { name: 'Salvar artigo' });
    this.restoreButton = page.getByRole('button', { name: 'Restaurar padrão' });
    this.customBadge = page.getByText('Personalizado pela organização', { exact: true });
  }

  async chooseScreen(label: string): Promise<void> {
    await this.screenSelect.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }
}

/** The first-sign-in tour: its offer on the dashboard and the popover of each step. */
export class GuidedTour {
  readonly offer: Locator;
  readonly startButton: Locator;
  readonly declineButton: Locator;
  readonly popover: Locator;
  readonly popoverTitle: Locator;
  readonly progress: Locator;
  readonly nextButton: Locator;
  readonly closeButton: Locator;
  readonly resetAction: Locator;

  constructor(readonly page: Page) {
    this.offer = page.getByRole('region', { name: 'Tour guiado' });
    this.startButton = this.offer.getByRole('button', { name: 'Fazer o tour' });
    this.declineButton = this.offer.getByRole('button', { name: 'Agora não' });
    this.popover = page.locator('.driver-popover');
    this.popoverTitle = this.popover.locator('.driver-popover-title');
    this.progress = this.popover.locator('.driver-popover-progress-text');
    this.nextButton = this.popover.locator('.driver-popover-next-btn');
    this.closeButton = this.popover.locator('.driver-popover-close-btn');
    this.resetAction = page.getByRole('banner').getByRole('button', { name: 'Refazer o tour' });
  }
}
