import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';
import { BudgetPage } from './budget-page';

/**
 * /app/{organization}/planejamento?task=&client=: one planning task's month budget. The planner
 * fills it and finishes it; the client reviews it and accepts it. The budget's sections, rows and
 * item dialog are those of Meu orçamento.
 */
export class BudgetPlanningPage {
  readonly shell: AppShell;
  readonly budget: BudgetPage;
  readonly finishButton: Locator;
  readonly acceptButton: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.budget = new BudgetPage(page);
    this.finishButton = page.getByRole('button', { name: 'Finalizar planejamento', exact: true });
    this.acceptButton = page.getByRole('button', { name: 'Aceitar planejamento', exact: true });
  }

  static path(organization: string): string {
    return AppShell.path(organization, 'planejamento');
  }

  /** The task's title, the screen's second-level heading. */
  title(title: string): Locator {
    return this.page.getByRole('heading', { level: 2, name: title, exact: true });
  }

  /** The panel above the budget: title, whose month, status badge and the finish button. */
  header(title: string): Locator {
    return this.page.locator('.mantine-Paper-root').filter({ has: this.title(title) });
  }

  /** The planned amount of a row ('Receitas' or 'Despesas', by description), as the screen shows it. */
  plannedAmount(section: string, name: string): Locator {
    return this.budget.row(section, name).getByRole('cell').nth(1);
  }
}
