import type { Locator, Page } from '@playwright/test';

/** The figures of each imported file's result, by their label. */
export type ImportFigure = 'Linhas lidas' | 'Linhas adicionadas' | 'Duplicadas ignoradas' | 'Linhas puladas';

/** 'Importar extratos': choose statements, send them, watch them processed, then each file's result. */
export class ImportDialog {
  readonly dialog: Locator;
  readonly fileField: Locator;
  readonly sendButton: Locator;
  readonly processing: Locator;
  readonly finishButton: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Importar extratos', exact: true });
    this.fileField = this.dialog.getByLabel('Arquivos de extrato', { exact: true });
    this.sendButton = this.dialog.getByRole('button', { name: 'Enviar arquivos', exact: true });
    this.processing = this.dialog.getByRole('status', { name: 'Processando arquivos', exact: true });
    this.finishButton = this.dialog.getByRole('button', { name: 'Concluir', exact: true });
  }

  /** Chooses statement files from the disk, as the file picker would. */
  async chooseFiles(filePaths: readonly string[]): Promise<void> {
    await this.fileField.setInputFiles([...filePaths]);
  }

  /** The chosen files, by name, before sending. */
  chosenFile(fileName: string): Locator {
    return this.dialog.getByRole('list', { name: 'Arquivos escolhidos' }).getByRole('listitem').filter({
      hasText: fileName,
    });
  }

  async send(): Promise<void> {
    await this.sendButton.click();
  }

  async finish(): Promise<void> {
    await this.finishButton.click();
  }

  /** '2 arquivos importados', once the result shows. */
  importedCount(text: string): Locator {
    return this.dialog.getByRole('status').filter({ has: this.page.getByText(text, { exact: true }) });
  }

  /** The result box of one file. */
  resultOf(fileName: string): Locator {
    return this.dialog.getByRole('group', { name: `Resultado de ${fileName}`, exact: true });
  }

  /** The number under a figure's label in a file's result ('3' under 'Linhas lidas'). */
  figureOf(fileName: string, figure: ImportFigure): Locator {
    return this.resultOf(fileName)
      .locator('.mantine-SimpleGrid-root > *')
      .filter({ has: this.page.getByText(figure, { exact: true }) })
      .getByText(/^\d+$/);
  }
}
