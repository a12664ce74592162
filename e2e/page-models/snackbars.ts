import type { Locator, Page } from '@playwright/test';

/**
 * The snackbars at the corner of every page: errors are `alert`s, successes are `status`es, each
 * with a 'Fechar' button. Errors last 4 s and successes 1.5 s, so assert them right after acting.
 */
export class Snackbars {
  constructor(private readonly page: Page) {}

  /** The error snackbar that says exactly `message`. */
  error(message: string): Locator {
    return this.page.getByRole('alert').filter({ has: this.page.getByText(message, { exact: true }) });
  }

  /** The success snackbar that says exactly `message`. */
  success(message: string): Locator {
    return this.page.getByRole('status').filter({ has: this.page.getByText(message, { exact: true }) });
  }

  async close(snackbar: Locator): Promise<void> {
    await snackbar.getByRole('button', { name: 'Fechar' }).click();
  }
}
