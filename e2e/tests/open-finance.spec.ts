import type { Page } from '@playwright/test';
import type { PrumoApi } from '../page-models/api';
import { BankGuideDialog } from '../page-models/bank-guides';
import { CashRegisterPage } from '../page-models/cash-register-page';
import { DashboardPage } from '../page-models/dashboard-page';
import { demo, demoPassword } from '../page-models/demo-data';
import type { LoginPage } from '../page-models/login-page';
import { MyAssetsPage } from '../page-models/my-assets-page';
import { OpenFinancePage, SimulatedBankPages } from '../page-models/open-finance-page';
import { OrganizationSettingsPage } from '../page-models/organization-settings-page';
import { createEmail } from '../page-models/people';
import { PhoneLists, phoneViewport } from '../page-models/phone-lists';
import { expect, test } from './fixtures';

async function expectNothingScrollsSideways(page: Page, moment: string): Promise<void> {
  const measured = await new PhoneLists(page).measureSidewaysScroll();
  expect(measured.page.scrollWidth, `page width ${moment}`).toBeLessThanOrEqual(measured.page.clientWidth);
}

/** A new client of the demo planner, signed in on the dashboard: their e-mail. */
async function signInNewClient(api: PrumoApi, loginPage: LoginPage, firstName: string): Promise<string> {
  const email = createEmail('open-finance');
  const hash = await api.invitationHashOf(demo.planner.email, demoPassword, demo.slug);
  await api.registerConfirmedClient(demo.slug, hash, { email, firstName, password: demoPassword });
  await loginPage.open(demo.slug);
  await loginPage.signIn(email, demoPassword);
  await expect(loginPage.page).toHaveURL(DashboardPage.path(demo.slug));
  return email;
}

test.describe('Open Finance', () => {
  // Each story registers a client of its own (the connection brings two years of lines) and goes
  // through the bank's pages. Their first names are not the demo clients': other specs find those
  // by name in the planner's lists.
  test.describe.configure({ timeout: 120_000 });

  for (const viewport of [
    { name: 'a desktop', size: { width: 1366, height: 900 }, phone: false },
    { name: 'a phone (390 px)', size: phoneViewport, phone: true },
  ]) {
    test(`on ${viewport.name}, a client connects the simulated bank, sees its lines and balances, syncs again and revokes`, async ({
      page,
      api,
      loginPage,
      shell,
    }) => {
      await page.setViewportSize(viewport.size);
      const openFinance = new OpenFinancePage(page);
      const email = await signInNewClient(api, loginPage, 'Olga');

      // From the user menu.
      const menu = await shell.openUserMenu();
      await menu.getByRole('menuitem', { name: 'Open Finance', exact: true }).click();
      await expect(page).toHaveURL(OpenFinancePage.path(demo.slug));
      await expect(page.getByText('Nenhum banco conectado ainda.')).toBeVisible();

      await openFinance.searchField.fill('simulado');
      await openFinance.institution('Banco Simulado').click();
      await expect(page.getByLabel('Contas: saldos e lançamentos')).toBeChecked();
      await openFinance.monthsOption(12).click();
      if (viewport.phone) await expectNothingScrollsSideways(page, 'on Open Finance');
      await openFinance.goToBankButton.click();

      // The bank's own pages.
      const bank = new SimulatedBankPages(page);
      await bank.authorise('user-ok', 'password-ok', '123456');
      await expect(page.getByText('por 12 meses')).toBeVisible();
      if (viewport.phone) await expectNothingScrollsSideways(page, "on the bank's review");
      await page.getByRole('button', { name: 'Autorizar', exact: true }).click();

      // Back in Prumo: the code and state leave the address at once; the first sync runs.
      await expect(page).toHaveURL(OpenFinancePage.callbackPath(demo.slug));
      await expect(page.getByText('Pronto: 2 contas sincronizadas.')).toBeVisible({ timeout: 30_000 });
      expect(page.url()).not.toContain('code=');
      expect(page.url()).not.toContain('state=');
      if (viewport.phone) await expectNothingScrollsSideways(page, 'after the return');

      // The synced lines in Meu caixa.
      await page.getByRole('link', { name: 'Ver em Meu caixa', exact: true }).click();
      // On the last 30 days, lines included whatever today's date.
      await expect(page).toHaveURL((address) => address.pathname === CashRegisterPage.path(demo.slug));
      const cashRegister = new CashRegisterPage(page);
      await expect(cashRegister.lineCount).toBeVisible();
      await expect(cashRegister.transactions.getByText('Banco 990 · 0001 123456-7').first()).toBeVisible();

      // The bank's balance in Open Finance and in Meu patrimônio.
      await page.goto(OpenFinancePage.path(demo.slug));
      const connection = openFinance.connectionOf('Banco Simulado');
      await expect(connection).toContainText('Ativa');
      await expect(connection).toContainText('Sincronizada');
      const checkingRow = connection.getByText('Conta Corrente', { exact: true }).locator('xpath=..');
      const balance = ((await checkingRow.textContent()) ?? '').match(/-?R\$\s?[\d.]+,\d{2}/)?.[0] ?? '';
      expect(balance, 'the checking balance shown').not.toBe('');
      await page.goto(MyAssetsPage.path(demo.slug));
      const myAssets = new MyAssetsPage(page);
      await expect(myAssets.part('Contas')).toHaveText(balance);

      // Again: nothing doubles.
      const key = await api.signIn(email, demoPassword, demo.slug);
      const countLines = async () => {
        const answer = await page.request.get('/api/cash-flow/', {
          headers: { Authorization: `Token ${key}` },
        });
        return (await answer.json()).count as number;
      };
      const before = await countLines();
      await page.goto(OpenFinancePage.path(demo.slug));
      await connection.getByRole('button', { name: 'Sincronizar agora', exact: true }).click();
      await expect(connection).toContainText('Sincronizada', { timeout: 30_000 });
      await expect(connection.getByRole('button', { name: 'Sincronizar agora', exact: true })).toBeEnabled();
      expect(await countLines()).toBe(before);

      // Revoking says what happens to what came.
      await connection.getByRole('button', { name: 'Revogar', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Revogar a conexão com Banco Simulado?' });
      await expect(confirm).toContainText('Os lançamentos e saldos que já vieram continuam nas suas contas.');
      await confirm.getByRole('button', { name: 'Revogar', exact: true }).click();
      await expect(connection).toContainText('Revogada');
      await expect(connection.getByRole('button', { name: 'Conectar de novo', exact: true })).toBeVisible();
      if (viewport.phone) await expectNothingScrollsSideways(page, 'after revoking');
      expect(await countLines()).toBe(before);
      await api.signOut(key);
    });
  }

  test('a client connects BS2 through its own integration and comes back through bs2-callback', async ({
    page,
    api,
    loginPage,
  }) => {
    const openFinance = new OpenFinancePage(page);
    await signInNewClient(api, loginPage, 'Bia');

    const bank = await openFinance.reachConsentReview(demo.slug, 'BS2 Simulado');
    await bank.answer('Autorizar');

    await expect(page).toHaveURL(OpenFinancePage.bs2CallbackPath(demo.slug));
    await expect(page.getByText('Pronto: 2 contas sincronizadas.')).toBeVisible({ timeout: 30_000 });
    await page.goto(OpenFinancePage.path(demo.slug));
    const connection = openFinance.connectionOf('BS2 Simulado');
    await expect(connection).toContainText('Ativa');
  });

  test('refusing at the bank opens that bank’s statement guide, run to the end on a phone', async ({
    page,
    api,
    loginPage,
  }) => {
    await page.setViewportSize(phoneViewport);
    const openFinance = new OpenFinancePage(page);
    await signInNewClient(api, loginPage, 'Rui');

    const bank = await openFinance.reachConsentReview(demo.slug, 'BS2 Simulado');
    await bank.answer('Recusar');

    await expect(page).toHaveURL(OpenFinancePage.bs2CallbackPath(demo.slug));
    // 'Alerta de integração' opens at once on the bank's own guide: the other way to bring its lines.
    const guide = new BankGuideDialog(page);
    await expect(guide.dialog).toBeVisible();
    await expect(guide.dialog).toContainText('BS2');
    const steps = await guide.stepCount();
    for (let step = 1; step < steps; step += 1) await guide.nextButton.click();
    await guide.finishButton.click();
    await expect(guide.dialog).toBeHidden();
    await expect(page.getByText('Não autorizada', { exact: true })).toBeVisible();
    await expectNothingScrollsSideways(page, 'after the guide');
  });

  test("a client's Belvo widget, opened by the bank's code, returns its link through callback-opb", async ({
    page,
    api,
    loginPage,
  }) => {
    await signInNewClient(api, loginPage, 'Dora');
    // The widget is opened in the browser's own session: the link is taken only by the session that opened it.
    const token = await page.evaluate<string | null>('localStorage.getItem("token")');
    const opened = await page.request.get('/api/integration/belvo/access_token/?bankCode=990', {
      headers: { Authorization: `Token ${token}` },
    });
    expect(opened.status()).toBe(200);
    await page.goto((await opened.json()).widget_url);
    await new SimulatedBankPages(page).authorise('user-ok', 'password-ok', '123456');
    await page.getByRole('button', { name: 'Autorizar', exact: true }).click();

    // The public return forwards the link to the organization's callback-opb, which hands it over once.
    await expect(page).toHaveURL(OpenFinancePage.callbackPath(demo.slug));
    await expect(page.getByText('Banco Simulado conectado')).toBeVisible();
    await expect(page.getByText('Pronto: 2 contas sincronizadas.')).toBeVisible({ timeout: 30_000 });
    await page.goto(OpenFinancePage.path(demo.slug));
    await expect(new OpenFinancePage(page).connectionOf('Banco Simulado')).toContainText('Ativa');
  });

  test("a manager's Belvo keys are tried before they are kept: refused, the simulated institution stays", async ({
    page,
    signInAs,
  }) => {
    await signInAs(demo.slug, demo.manager);
    await page.goto(OrganizationSettingsPage.path(demo.slug));
    // Open Finance's own consent goes through Pluggy; the bank guide's widget through Belvo.
    const openFinance = page
      .getByRole('region', { name: 'Open Finance' })
      .getByRole('group', { name: 'Open Finance (consentimento pelo Prumo)' });
    await openFinance.getByRole('combobox', { name: 'Provedor' }).click();
    await expect(page.getByRole('option', { name: 'Pluggy', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    const section = page
      .getByRole('region', { name: 'Open Finance' })
      .getByRole('group', { name: 'Widget de bancos (guia de extratos)' });
    await section.getByRole('combobox', { name: 'Provedor' }).click();
    await page.getByRole('option', { name: 'Belvo', exact: true }).click();
    await section.getByRole('textbox', { name: 'Secret ID' }).fill('secret-id-de-teste');
    await section.getByLabel('Secret password').fill('segredo-que-a-belvo-recusa');
    await section.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(
      section.getByText('O provedor recusou estas chaves ou não respondeu. Confira o id e o segredo e tente de novo.'),
    ).toBeVisible();

    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Open Finance' })
        .getByRole('group', { name: 'Widget de bancos (guia de extratos)' })
        .getByRole('combobox', { name: 'Provedor' }),
    ).toHaveValue('Instituição simulada do Prumo');
  });

  test('a bank answer arriving after the session ended is dropped and the login offered', async ({ page }) => {
    await page.goto(`${OpenFinancePage.publicReturnPath}?code=abc&state=${'x'.repeat(40)}`);
    await expect(page.getByText('Conexão não concluída')).toBeVisible();
    await expect(page).toHaveURL(OpenFinancePage.publicReturnPath);
    await page.getByRole('link', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
