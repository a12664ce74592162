import { AppShell } from '../page-models/app-shell';
import { DashboardPage } from '../page-models/dashboard-page';
import { demo } from '../page-models/demo-data';
import { LoginPage } from '../page-models/login-page';
import { OrganizationSettingsPage } from '../page-models/organization-settings-page';
import { expect, test } from './fixtures';

test.describe('Navigation and access', () => {
  test('the user menu offers profile, sign-out and the version', async ({ page, signInAs, shell }) => {
    await signInAs(demo.slug, demo.manager);
    await shell.openUserMenu();

    // A manager's user menu: no subscription, tour or Open Finance items, those are a client's.
    await expect(shell.userMenuItems()).toHaveText(['Editar perfil', 'Sair']);
    await expect(page.getByRole('menu')).toContainText(demo.manager.email);
    await expect(page.getByRole('menu')).toContainText('Versão 1.2.1');

    await page.getByRole('menuitem', { name: 'Editar perfil' }).click();
    await expect(page).toHaveURL(AppShell.path(demo.slug, 'configuracao/meu-perfil'));
    await expect(shell.topBar.getByRole('heading', { level: 1 })).toHaveText('Meu perfil');
  });

  test('signing out returns to the login and closes the protected pages', async ({
    page,
    signInAs,
    shell,
    loginPage,
  }) => {
    await signInAs(demo.slug, demo.client);
    await shell.signOut();

    await expect(page).toHaveURL(LoginPage.path(demo.slug));
    await expect(loginPage.heading).toBeVisible();
    await expect(shell.sideMenu).toHaveCount(0);

    await page.goto(DashboardPage.path(demo.slug));
    await expect(page).toHaveURL(LoginPage.path(demo.slug));
    await expect(loginPage.signInButton).toBeVisible();
  });

  test('a visitor opening the dashboard is sent to the login', async ({ page, loginPage }) => {
    await page.goto(DashboardPage.path(demo.slug));

    await expect(page).toHaveURL(LoginPage.path(demo.slug));
    await expect(loginPage.brand(demo.name)).toBeVisible();
  });

  test('a client opening a manager-only address is refused and sent to the dashboard', async ({
    page,
    signInAs,
    shell,
    dashboard,
  }) => {
    await signInAs(demo.slug, demo.client);
    await page.goto(AppShell.path(demo.slug, 'planejadores'));

    await expect(shell.snackbars.error('Sem permissão')).toBeVisible();
    await expect(page).toHaveURL(DashboardPage.path(demo.slug));
    await expect(dashboard.greeting(demo.client.firstName)).toBeVisible();
    await expect(dashboard.section('Planejadores')).toHaveCount(0);
  });

  test('a planner opening the organization settings is refused', async ({ page, signInAs, shell }) => {
    await signInAs(demo.slug, demo.planner);
    await page.goto(OrganizationSettingsPage.path(demo.slug));

    await expect(shell.snackbars.error('Sem permissão')).toBeVisible();
    await expect(page).toHaveURL(DashboardPage.path(demo.slug));
    await expect(page.getByRole('heading', { name: 'Customização do Tema' })).toHaveCount(0);
  });

  test('a manager reaches each screen of the menu', async ({ page, signInAs, shell, dashboard }) => {
    await signInAs(demo.slug, demo.manager);

    await shell.openMenuEntry('Planejadores');
    await expect(page).toHaveURL(AppShell.path(demo.slug, 'planejadores'));
    await expect(shell.topBar.getByRole('heading', { level: 1 })).toHaveText('Planejadores');
    await expect(dashboard.tableRow('Planejadores', demo.planner.fullName)).toBeVisible();

    await shell.openMenuEntry('Clientes');
    await expect(page).toHaveURL(AppShell.path(demo.slug, 'clientes'));
    await expect(shell.topBar.getByRole('heading', { level: 1 })).toHaveText('Clientes');
    await expect(dashboard.tableRow('Clientes', demo.client.fullName)).toBeVisible();

    await shell.openMenuEntry('Organização');
    await expect(page).toHaveURL(OrganizationSettingsPage.path(demo.slug));
    await expect(shell.topBar.getByRole('heading', { level: 1 })).toHaveText('Organização');
    await expect(page.getByRole('heading', { name: 'Customização do Tema' })).toBeVisible();

    await shell.openMenuEntry('Início');
    await expect(page).toHaveURL(DashboardPage.path(demo.slug));
    await expect(dashboard.greeting(demo.manager.firstName)).toBeVisible();
  });

  test('an unknown address inside the app warns and keeps the session', async ({
    page,
    signInAs,
    shell,
    dashboard,
  }) => {
    await signInAs(demo.slug, demo.manager);
    await page.goto(AppShell.path(demo.slug, 'nao-existe-xyz'));

    await expect(shell.snackbars.error('Endereço não existe.')).toBeVisible();
    await expect(page).not.toHaveURL(/nao-existe-xyz/);
    // Still signed in: the dashboard opens without a new sign-in.
    await dashboard.open(demo.slug);
    await expect(shell.userMenuButtonOf(demo.manager.fullName)).toBeVisible();
    await expect(dashboard.greeting(demo.manager.firstName)).toBeVisible();
  });

  test('a built file that does not exist is a 404, not the app page', async ({ request }) => {
    // An older version's screen code after a new version is published: the browser must see it fail.
    const missing = await request.get('/assets/tela-antiga-123.js');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).not.toContain('text/html');
    const page = await request.get('/demo/login');
    expect(page.status()).toBe(200);
    expect(page.headers()['content-type']).toContain('text/html');
  });
});
