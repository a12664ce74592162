import { test as base, expect } from '@playwright/test';
import { PrumoApi } from '../page-models/api';
import { AppShell } from '../page-models/app-shell';
import { CashRegisterPage } from '../page-models/cash-register-page';
import { DashboardPage } from '../page-models/dashboard-page';
import { type DemoUser, demoMenus, demoPassword, type MenuRole } from '../page-models/demo-data';
import { EmailConfirmationPage } from '../page-models/email-confirmation-page';
import { FutureFlowPage } from '../page-models/future-flow-page';
import { ImportDialog } from '../page-models/import-dialog';
import { LoginPage } from '../page-models/login-page';
import { MonthBudgetPage } from '../page-models/month-budget-page';
import { NotificationBell } from '../page-models/notification-bell';
import { OrganizationSettingsPage } from '../page-models/organization-settings-page';
import { RegistrationPage } from '../page-models/registration-page';
import { Snackbars } from '../page-models/snackbars';
import { TasksPage } from '../page-models/tasks-page';
import { e2eWorkerCount, findServerPort } from '../servers';

interface PrumoFixtures {
  loginPage: LoginPage;
  shell: AppShell;
  dashboard: DashboardPage;
  registrationPage: RegistrationPage;
  emailConfirmationPage: EmailConfirmationPage;
  organizationSettings: OrganizationSettingsPage;
  cashRegister: CashRegisterPage;
  importDialog: ImportDialog;
  futureFlow: FutureFlowPage;
  monthBudget: MonthBudgetPage;
  snackbars: Snackbars;
  tasksPage: TasksPage;
  notificationBell: NotificationBell;
  api: PrumoApi;
  /** Signs a demo user in through the login page and waits for their dashboard. */
  signInAs: (organization: string, user: DemoUser) => Promise<void>;
  /** What the browser refused under the Content-Security-Policy; every test ends with none. */
  contentSecurityViolations: string[];
}

/** Playwright's test with Prumo's page models; every test gets its own browser context (no shared session). */
export const test = base.extend<PrumoFixtures>({
  // Each worker has a server of its own (servers.ts); pages and API requests go to that one.
  baseURL: async ({ baseURL }, use, testInfo) => {
    // Playwright's --workers above E2E_WORKERS would send this worker to a port nobody serves.
    if (testInfo.parallelIndex >= e2eWorkerCount) {
      throw new Error(`Worker ${testInfo.parallelIndex + 1} has no server: set E2E_WORKERS instead of --workers.`);
    }
    await use(baseURL && `http://127.0.0.1:${findServerPort(testInfo.parallelIndex)}`);
  },
  // Each test's browser and requests speak from an address of their own (X-Forwarded-For, trusted
  // from the loopback: playwright.config.ts). Otherwise the whole run piles its sign-ups on 127.0.0.1
  // and meets the per-address limit (ten in 15 minutes) that one person would never reach.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const address = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
  contentSecurityViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          violations.push(message.text());
        }
      });
      await use(violations);
      expect(violations, 'what the Content-Security-Policy blocked').toEqual([]);
    },
    { auto: true },
  ],
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  shell: async ({ page }, use) => use(new AppShell(page)),
  dashboard: async ({ page }, use) => use(new DashboardPage(page)),
  registrationPage: async ({ page }, use) => use(new RegistrationPage(page)),
  emailConfirmationPage: async ({ page }, use) => use(new EmailConfirmationPage(page)),
  organizationSettings: async ({ page }, use) => use(new OrganizationSettingsPage(page)),
  cashRegister: async ({ page }, use) => use(new CashRegisterPage(page)),
  importDialog: async ({ page }, use) => use(new ImportDialog(page)),
  futureFlow: async ({ page }, use) => use(new FutureFlowPage(page)),
  monthBudget: async ({ page }, use) => use(new MonthBudgetPage(page)),
  snackbars: async ({ page }, use) => use(new Snackbars(page)),
  tasksPage: async ({ page }, use) => use(new TasksPage(page)),
  notificationBell: async ({ page }, use) => use(new NotificationBell(page)),
  api: async ({ request }, use) => use(new PrumoApi(request)),
  signInAs: async ({ page, loginPage, shell }, use) => {
    await use(async (organization, user) => {
      await loginPage.open(organization);
      await loginPage.signIn(user.email, demoPassword);
      await expect(page).toHaveURL(DashboardPage.path(organization));
      await expect(shell.userMenuButtonOf(user.fullName)).toBeVisible();
    });
  },
});

export { expect };

/**
 * The side menu holds exactly the entries of `role`'s menu whose screens exist: at least the
 * screens this build has, nothing of another menu, in the menu's order.
 */
export async function expectMenuOf(shell: AppShell, role: MenuRole): Promise<void> {
  const { full, built } = demoMenus[role];
  const entries = await shell.menuEntries();
  expect(entries, `the ${role} menu has the screens built`).toEqual(expect.arrayContaining([...built]));
  expect(
    entries.filter((entry) => !full.includes(entry)),
    `entries foreign to the ${role} menu`,
  ).toEqual([]);
  expect(entries, `the ${role} menu order`).toEqual(full.filter((entry) => entries.includes(entry)));
}
