import type { Locator, Page } from '@playwright/test';

/**
 * A bell of notifications in the top bar: the unread count in its name, the latest notifications
 * in its panel (each a group named by its title) and the way to all of them. 'Notificações' is
 * everyone's own; 'Notificações dos clientes' a planner's about their clients (insight feature).
 */
export class NotificationsBell {
  readonly button: Locator;
  readonly panel: Locator;
  readonly seeAllLink: Locator;

  constructor(
    readonly page: Page,
    name: 'Notificações' | 'Notificações dos clientes' = 'Notificações',
  ) {
    this.button = page.getByRole('banner').getByRole('button', { name: new RegExp(`^${name}(:|$)`) });
    this.panel = page.getByRole('dialog', { name, exact: true });
    this.seeAllLink = this.panel.getByRole('link', { name: 'Ver todas', exact: true });
  }

  async open(): Promise<void> {
    await this.button.click();
    await this.panel.waitFor();
  }

  /** The newest notification in the open panel with this title whose text holds `text`. */
  item(title: string, text: string): Locator {
    return this.panel.getByRole('group', { name: title, exact: true }).filter({ hasText: text }).first();
  }

  async markRead(item: Locator, title: string): Promise<void> {
    await item.getByRole('button', { name: `Marcar como lida: ${title}`, exact: true }).click();
  }
}
