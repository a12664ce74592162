import type { Locator, Page } from '@playwright/test';

/** The client's insights: the card on the dashboard and the /app/{organization}/insights screen. */
export class InsightsPage {
  readonly card: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByTestId('insight');
  }

  static path(organization: string): string {
    return `/app/${organization}/insights`;
  }

  /** One insight, by its title. */
  insight(title: string): Locator {
    return this.page.getByRole('article', { name: title, exact: true });
  }

  /** The link of an insight to the screen that shows it ('Ver no fluxo futuro'…). */
  linkOf(title: string, label: string): Locator {
    return this.insight(title).getByRole('link', { name: label, exact: true });
  }

  allInsightsLink(): Locator {
    return this.page.getByRole('link', { name: 'Ver todos os insights', exact: true });
  }
}
