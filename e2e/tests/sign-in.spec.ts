import { DashboardPage } from '../page-models/dashboard-page';
import { demo, demoPassword, hexToRgb, outra } from '../page-models/demo-data';
import { LoginPage } from '../page-models/login-page';
import { expect, expectMenuOf, test } from './fixtures';

/** 'dd/mm/aaaa' of now in São Paulo, as the tables show the date of a last access. */
function todayInSaoPaulo(): string {
  return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date());
}

const lastAccessPattern = /^(Nunca entrou|\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2})$/;

test.describe('Sign-in', () => {
  test('a client lands on the dashboard with the client menu and sees their planner', async ({
    page,
    loginPage,
    shell,
    dashboard,
  }) => {
    await loginPage.open(demo.slug);
    await loginPage.signIn(demo.client.email, demoPassword);

    await expect(page).toHaveURL(DashboardPage.path(demo.slug));
    await expect(shell.userMenuButtonOf(demo.client.fullName)).toBeVisible();
    await expectMenuOf(shell, 'client');
    await expect(dashboard.greeting(demo.client.firstName)).toBeVisible();
    const plannerCard = dashboard.myPlannerCard();
    await expect(plannerCard.getByText(demo.planner.fullName, { exact: true })).toBeVisible();
    await expect(plannerCard.getByRole('link', { name: demo.planner.email })).toHaveAttribute(
      'href',
      `mailto:${demo.planner.email}`,
    );
  });

  test('a planner lands on the dashboard with the planner menu and sees their clients', async ({
    page,
    api,
    loginPage,
    shell,
    dashboard,
  }) => {
    // Carla enters now, so her last access is today; Caio's may be any (or none).
    const today = todayInSaoPaulo();
    await api.signIn(demo.client.email, demoPassword, demo.slug);

    await loginPage.open(demo.slug);
    await loginPage.signIn(demo.planner.email, demoPassword);

    await expect(page).toHaveURL(DashboardPage.path(demo.slug));
    await expect(shell.userMenuButtonOf(demo.planner.fullName)).toBeVisible();
    await expectMenuOf(shell, 'planner');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(dashboard.greeting(demo.planner.firstName)).toBeVisible();

    await expect(dashboard.tableRow('Meus clientes', demo.client.fullName)).toBeVisible();
    await expect(dashboard.tableRow('Meus clientes', demo.secondClient.fullName)).toBeVisible();
    await expect(await dashboard.cellOf('Meus clientes', demo.client.fullName, 'E-mail')).toHaveText(demo.client.email);
    // Today in São Paulo (either side of midnight, should the test run across it).
    const todays = [...new Set([today, todayInSaoPaulo()])].map((date) => date.replaceAll('/', '\\/'));
    await expect(await dashboard.cellOf('Meus clientes', demo.client.fullName, 'Último acesso')).toHaveText(
      new RegExp(`^(${todays.join('|')}), \\d{2}:\\d{2}$`),
    );
    await expect(await dashboard.cellOf('Meus clientes', demo.secondClient.fullName, 'Último acesso')).toHaveText(
      lastAccessPattern,
    );
    // A planner sees only their own clients: nobody of the other organization, no planner.
    await expect(dashboard.section('Meus clientes')).not.toContainText(outra.client.fullName);
    await expect(dashboard.section('Meus clientes')).not.toContainText(demo.manager.fullName);
  });

  test('a manager lands on the dashboard with the manager menu and sees planners and clients', async ({
    page,
    loginPage,
    shell,
    dashboard,
  }) => {
    await loginPage.open(demo.slug);
    await loginPage.signIn(demo.manager.email, demoPassword);

    await expect(page).toHaveURL(DashboardPage.path(demo.slug));
    await expect(shell.userMenuButtonOf(demo.manager.fullName)).toBeVisible();
    await expectMenuOf(shell, 'manager');
    // The secondary colour (1b1f3b) underlines the top bar.
    await expect(shell.topBar).toHaveCSS('border-bottom-color', hexToRgb(demo.secondaryColor));
    await expect(dashboard.greeting(demo.manager.firstName)).toBeVisible();

    await expect(dashboard.tableRow('Planejadores', demo.planner.fullName)).toBeVisible();
    await expect(await dashboard.cellOf('Planejadores', demo.planner.fullName, 'E-mail')).toHaveText(
      demo.planner.email,
    );
    await expect(await dashboard.cellOf('Planejadores', demo.planner.fullName, 'Clientes')).toHaveText(/^\d+$/);
    await expect(await dashboard.cellOf('Planejadores', demo.planner.fullName, 'Último acesso')).toHaveText(
      lastAccessPattern,
    );

    await expect(dashboard.tableRow('Clientes', demo.client.fullName)).toBeVisible();
    await expect(dashboard.tableRow('Clientes', demo.secondClient.fullName)).toBeVisible();
    await expect(dashboard.plannerChoiceOf(demo.client.fullName)).toHaveValue(demo.planner.fullName);
    await expect(dashboard.plannerChoiceOf(demo.secondClient.fullName)).toHaveValue(demo.planner.fullName);
  });

  test('a wrong password is refused with ‘E-mail ou senha incorretos.’', async ({ page, loginPage }) => {
    await loginPage.open(demo.slug);
    await loginPage.signIn(demo.secondClient.email, 'SenhaErrada@1');

    await expect(loginPage.snackbars.error('E-mail ou senha incorretos.')).toBeVisible();
    await expect(page).toHaveURL(LoginPage.path(demo.slug));
    await expect(loginPage.signInButton).toBeVisible();
  });

  test('a user of another organization is told the organization is wrong', async ({ page, loginPage }) => {
    await loginPage.open(demo.slug);
    await loginPage.signIn(outra.manager.email, demoPassword);

    await expect(loginPage.snackbars.error('Organizacao incorreta')).toBeVisible();
    await expect(page).toHaveURL(LoginPage.path(demo.slug));
  });

  test('an empty sign-in form shows the field messages', async ({ page, loginPage }) => {
    await loginPage.open(demo.slug);
    await loginPage.signInButton.click();

    await expect(page.getByText('Preencha seu e-mail', { exact: true })).toBeVisible();
    await expect(page.getByText('Esse campo é obrigatório.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(LoginPage.path(demo.slug));
  });
});
