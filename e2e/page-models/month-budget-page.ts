import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** /app/{organization}/orcamento-do-mes/{YYYY-MM}/{taskId?}: one month's budget. */
export class MonthBudgetPage {
  readonly shell: AppShell;
  readonly backToFutureFlow: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.backToFutureFlow = page.getByRole('link', { name: 'Voltar ao fluxo futuro', exact: true });
  }

  static path(organization: string, month: string): string {
    return AppShell.path(organization, `orcamento-do-mes/${month}`);
  }

  /** 'Orçamento de dezembro de 2026'. */
  heading(monthName: string): Locator {
    return this.page.getByRole('heading', { name: `Orçamento de ${monthName}`, exact: true });
  }

  /** The planned amount of a total card ('Receitas planejadas', 'Despesas planejadas'…). */
  plannedTotal(title: string): Locator {
    return this.page
      .locator('.mantine-Paper-root')
      .filter({ has: this.page.getByText(title, { exact: true }) })
      .getByText(/^-?R\$/)
      .first();
  }

  /** The notice of a month that follows an earlier month's budget. */
  followedPlanNotice(date: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: `Este mês segue o orçamento de ${date}` });
  }

  copyButton(date: string): Locator {
    return this.page.getByRole('button', { name: `Copiar o orçamento de ${date}`, exact: true });
  }
}
