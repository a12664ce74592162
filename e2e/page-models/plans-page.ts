import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** /app/{organization}/planos: the organization's active plans as cards, for everyone. */
export class PlansPage {
  constructor(readonly page: Page) {}

  static path(organization: string): string {
    return AppShell.path(organization, 'planos');
  }

  async open(organization: string): Promise<void> {
    await this.page.goto(PlansPage.path(organization));
  }

  /** A plan's card, named by the plan. */
  card(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  /** The total per month a plan's card shows ("R$ 250,00"). */
  total(name: string): Locator {
    return this.card(name).getByLabel(`Total do plano ${name}`, { exact: true });
  }

  /** The mark of the caller's current plan on its card. */
  currentPlanMark(name: string): Locator {
    return this.card(name).getByText('Plano atual', { exact: true });
  }

  subscribeLink(name: string): Locator {
    return this.card(name).getByRole('link', { name: `Assinar ${name}`, exact: true });
  }
}
