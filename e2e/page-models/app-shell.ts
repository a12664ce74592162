import { expect, type Locator, type Page } from '@playwright/test';
import { Snackbars } from './snackbars';

/** Up to this width the side menu hides behind 'Abrir menu'. */
const mobileThresholdPixels = 1360;

/** The frame of every signed-in page (/app/{organization}/…): top bar, side menu and user menu. */
export class AppShell {
  readonly sideMenu: Locator;
  readonly topBar: Locator;
  readonly userMenuButton: Locator;
  readonly openMenuButton: Locator;
  readonly testEnvironmentBanner: Locator;
  readonly snackbars: Snackbars;

  constructor(readonly page: Page) {
    this.sideMenu = page.getByRole('navigation', { name: 'Menu principal' });
    this.topBar = page.getByRole('banner');
    this.userMenuButton = page.getByRole('button', { name: /^Menu do usuário: / });
    this.openMenuButton = page.getByRole('button', { name: 'Abrir menu', exact: true });
    this.testEnvironmentBanner = page.getByRole('note');
    this.snackbars = new Snackbars(page);
  }

  static path(organization: string, screen = 'dashboard'): string {
    return `/app/${organization}/${screen}`;
  }

  /** The texts of the side menu's entries, in order (the menu shows all of them at once). */
  async menuEntries(): Promise<string[]> {
    await this.menuEntryLinks().first().waitFor({ state: 'attached' });
    const entries = await this.menuEntryLinks().allTextContents();
    return entries.map((entry) => entry.trim());
  }

  /** The side menu's links; `toHaveText([...])` on it checks every entry and their order. */
  menuEntryLinks(): Locator {
    return this.sideMenu.getByRole('link');
  }

  /**
   * Opens a screen from the side menu. Up to 1360 px wide (the default viewport
   * included) the menu hides behind the 'Abrir menu' button, so open it first.
   */
  async openMenuEntry(label: string): Promise<void> {
    // Decided by the viewport, not by whether the button is drawn yet (a page still rendering).
    const link = this.sideMenu.getByRole('link', { name: label, exact: true });
    const width = this.page.viewportSize()?.width ?? 0;
    if (width > mobileThresholdPixels) {
      await link.click();
    } else {
      // The menu closes on every change of page, sliding away: one that lands just after it opened (or
      // the previous entry's, still closing) takes the link out of view, so open it again and retry.
      await expect(async () => {
        if (await this.openMenuButton.isVisible()) await this.openMenuButton.click();
        await expect(link).toBeInViewport({ timeout: 1_000 });
        await link.click({ timeout: 2_000 });
      }).toPass();
    }
    // The address changes as the navigation starts, but the previous screen stays (and answers clicks)
    // until the new one has rendered: the entry turns current only then.
    await expect(link).toHaveAttribute('aria-current', 'page');
  }

  userMenuButtonOf(fullName: string): Locator {
    return this.page.getByRole('button', { name: `Menu do usuário: ${fullName}`, exact: true });
  }

  async openUserMenu(): Promise<Locator> {
    await this.userMenuButton.click();
    const menu = this.page.getByRole('menu');
    await menu.waitFor();
    return menu;
  }

  /** The names of the user menu's items ('Editar perfil', 'Sair'…). */
  userMenuItems(): Locator {
    return this.page.getByRole('menu').getByRole('menuitem');
  }

  async signOut(): Promise<void> {
    const menu = await this.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Sair' }).click();
  }
}
