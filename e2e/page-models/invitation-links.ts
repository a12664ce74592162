import type { Locator, Page } from '@playwright/test';

type LinkRole = 'client' | 'planner' | 'manager';
const roleWords: Record<LinkRole, string> = { client: 'cliente', planner: 'planejador', manager: 'gestor' };

/** 'Links de convite' on the team screens: one section per role, each link with copy and revoke. */
export class InvitationLinks {
  constructor(readonly page: Page) {}

  section(role: LinkRole): Locator {
    return this.page.getByTestId(`convites-${role}`);
  }

  async generate(role: LinkRole): Promise<void> {
    await this.section(role)
      .getByRole('button', { name: `Gerar link de ${roleWords[role]}` })
      .click();
  }

  /** The links of a role, newest first after the standing ones. */
  items(role: LinkRole): Locator {
    return this.section(role).locator('.mantine-Paper-root');
  }

  async linkOf(item: Locator): Promise<string> {
    return item.getByRole('textbox').first().inputValue();
  }

  async revoke(item: Locator): Promise<void> {
    await item.getByRole('button', { name: 'Revogar' }).click();
    await this.page.getByRole('dialog', { name: 'Revogar link' }).getByRole('button', { name: 'Revogar' }).click();
  }

  /** What the page's copy button put on the clipboard (the test grants clipboard access). */
  async readClipboard(): Promise<string> {
    return this.page.evaluate<string>('navigator.clipboard.readText()');
  }

  /** The page's full width: more than the viewport means sideways scrolling. */
  async pageWidth(): Promise<number> {
    return this.page.evaluate<number>('document.documentElement.scrollWidth');
  }
}
