import type { Locator, Page } from '@playwright/test';

/** The client's bell in the top bar: the count of new tasks, and the list with open and ignore. */
export class NotificationBell {
  readonly button: Locator;
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByRole('banner').getByRole('button', { name: /^Tarefas novas/ });
    this.panel = page.getByRole('dialog', { name: 'Tarefas novas', exact: true });
  }

  async open(): Promise<void> {
    await this.button.click();
    await this.panel.waitFor();
  }

  /** A task in the open bell, found by its title. */
  item(title: string): Locator {
    return this.panel.getByRole('group', { name: title, exact: true });
  }

  /** The 'Abrir' link of a task: where following it leads. */
  followLink(title: string): Locator {
    return this.item(title).getByRole('link', { name: 'Abrir', exact: true });
  }

  async ignore(title: string): Promise<void> {
    await this.item(title)
      .getByRole('button', { name: `Ignorar: ${title}`, exact: true })
      .click();
  }
}
