import { generateKeyPairSync } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { BudgetPlanningPage } from '../page-models/budget-planning-page';
import { demo, demoPassword } from '../page-models/demo-data';
import { LoginPage } from '../page-models/login-page';
import { NotificationsBell } from '../page-models/notifications-bell';
import { OrganizationSettingsPage } from '../page-models/organization-settings-page';
import { desktopViewport, PhoneLists, phoneViewport } from '../page-models/phone-lists';
import { Snackbars } from '../page-models/snackbars';
import { expect, test } from './fixtures';

const client = demo.client;

/** Next month in Brasília ("2026-12"), where the planning is for: computed from the real clock. */
function findNextMonthInBrasilia(): string {
  const [year = 0, month = 0] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/** The planner in a browser of their own (another context: another session, another stream). */
async function openPlannerBrowser(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: desktopViewport,
  });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.open(demo.slug);
  await login.signIn(demo.planner.email, demoPassword);
  await expect(page).toHaveURL(new RegExp(`/app/${demo.slug}/`));
  return page;
}

test.describe('Notifications: the client hears of a planning without reloading', () => {
  let clientId: number;
  let planning: { id: number; title: string };

  // Carla starts with no task, an empty budget next month and every notification read.
  test.beforeEach(async ({ api }) => {
    const month = findNextMonthInBrasilia();
    const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
    clientId = await api.clientIdOf(plannerKey, client.email);
    await api.deleteTasksOf(plannerKey, clientId);
    planning = await api.createTask(plannerKey, 'budget-planning', { client: clientId, start: `${month}-01` });
    await api.signOut(plannerKey);
    const clientKey = await api.signIn(client.email, demoPassword, demo.slug);
    await api.clearBudget(clientKey, month);
    await api.markAllNotificationsRead(clientKey);
    await api.signOut(clientKey);
  });

  for (const viewport of [desktopViewport, phoneViewport]) {
    test(`at ${viewport.width} px the planner sends a planning; the client's open bell shows it and marks it read`, async ({
      browser,
      baseURL,
      page,
      signInAs,
    }) => {
      // Two people in two browsers, one typing a budget line: longer than one screen's test.
      test.slow();
      const bell = new NotificationsBell(page);
      const body = `Seu planejador enviou "${planning.title}". Confira e aceite o planejamento.`;

      await page.setViewportSize(viewport);
      await signInAs(demo.slug, client);
      await expect(bell.button).toHaveAccessibleName('Notificações');
      // A mark on this very document: were the page reloaded, it would be gone.
      await page.evaluate('window.__sameDocument = true');

      const plannerPage = await openPlannerBrowser(browser, baseURL);
      const plannerScreen = new BudgetPlanningPage(plannerPage);
      await plannerPage.goto(`${BudgetPlanningPage.path(demo.slug)}?task=${planning.id}&client=${clientId}`);
      await expect(plannerScreen.title(planning.title)).toBeVisible();
      await plannerScreen.budget.addItem({ category: 'Moradia', description: 'Aluguel', amount: '2.300,50' });
      await expect(new Snackbars(plannerPage).success('Item criado').last()).toBeVisible();
      await plannerScreen.finishButton.click();
      await expect(new Snackbars(plannerPage).success('Planejamento enviado ao cliente')).toBeVisible();
      await plannerPage.context().close();

      // Carla's bell, untouched since she signed in, counts it and lists it.
      await expect(bell.button).toHaveAccessibleName('Notificações: 1 notificação não lida');
      expect(await page.evaluate('window.__sameDocument'), 'the client page was not reloaded').toBe(true);
      await bell.open();
      const item = bell.item('Planejamento recebido', body);
      await expect(item).toBeVisible();
      await expect(item).toContainText(body);
      const sideways = await new PhoneLists(page).measureSidewaysScroll();
      expect(sideways.page.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(sideways.page.clientWidth);
      expect(sideways.boxes, 'boxes scrolling sideways').toEqual([]);

      await bell.markRead(item, 'Planejamento recebido');
      await expect(bell.button).toHaveAccessibleName('Notificações');
      await expect(bell.panel).toContainText('Nenhuma notificação não lida');
      await expect(item.getByRole('button', { name: /^Marcar como lida/ })).toHaveCount(0);
    });
  }

  test('at 390 px "Ver todas" opens every notification; marking all read empties the bell', async ({
    api,
    page,
    signInAs,
    shell,
  }) => {
    const bell = new NotificationsBell(page);
    const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
    const titles = ['Traga os extratos de março', 'Revise o seguro do carro'];
    for (const title of titles) await api.createTask(plannerKey, 'notification', { client: clientId, title });
    await api.signOut(plannerKey);

    await page.setViewportSize(phoneViewport);
    await signInAs(demo.slug, client);
    await expect(bell.button).toHaveAccessibleName('Notificações: 2 notificações não lidas');
    await bell.open();
    await bell.seeAllLink.click();
    await expect(page).toHaveURL(new RegExp(`/app/${demo.slug}/notificacoes$`));
    const list = page.getByRole('list', { name: 'Notificações', exact: true });
    for (const title of titles) {
      await expect(list.getByRole('group', { name: 'Novo aviso' }).filter({ hasText: title })).toBeVisible();
    }
    await expect(page.getByText('2 não lidas.', { exact: true })).toBeVisible();
    const sideways = await new PhoneLists(page).measureSidewaysScroll();
    expect(sideways.page.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(sideways.page.clientWidth);
    expect(sideways.boxes, 'boxes scrolling sideways').toEqual([]);

    await page.getByRole('button', { name: 'Marcar todas como lidas', exact: true }).click();
    await expect(shell.snackbars.success('2 notificações marcadas como lidas')).toBeVisible();
    await expect(page.getByText('Nenhuma não lida.', { exact: true })).toBeVisible();
    await expect(bell.button).toHaveAccessibleName('Notificações');
    // Read, each can be marked unread again.
    await list
      .getByRole('group', { name: 'Novo aviso' })
      .filter({ hasText: titles[0] })
      .getByRole('button', { name: 'Marcar como não lida: Novo aviso', exact: true })
      .click();
    await expect(bell.button).toHaveAccessibleName('Notificações: 1 notificação não lida');
  });

  test("the planner's bell hears the client accept, without a reload", async ({ api, page, signInAs }) => {
    const bell = new NotificationsBell(page, 'Notificações');
    const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
    await api.sendPlanning(
      plannerKey,
      { id: planning.id, client: clientId, month: findNextMonthInBrasilia() },
      { category: 'Moradia', amount: 230_050 },
    );
    await api.markAllNotificationsRead(plannerKey);
    await api.signOut(plannerKey);

    await signInAs(demo.slug, demo.planner);
    await expect(bell.button).toHaveAccessibleName('Notificações');
    await page.evaluate('window.__sameDocument = true');
    const clientKey = await api.signIn(client.email, demoPassword, demo.slug);
    await api.acceptPlanning(clientKey, planning.id);
    await api.signOut(clientKey);

    await expect(bell.button).toHaveAccessibleName('Notificações: 1 notificação não lida');
    expect(await page.evaluate('window.__sameDocument'), 'the planner page was not reloaded').toBe(true);
    await bell.open();
    const item = bell.item('Planejamento aceito', `${client.fullName}: O cliente aceitou "${planning.title}".`);
    await expect(item).toBeVisible();
    await bell.markRead(item, 'Planejamento aceito');
    await expect(bell.button).toHaveAccessibleName('Notificações');
  });
});

test.describe('Push settings of the organization', () => {
  test("on a 390 px phone, a manager adds the organization's Firebase project, sees it by name, and goes back to Web Push", async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize(phoneViewport);
    await signInAs(demo.slug, demo.manager);
    await page.goto(OrganizationSettingsPage.path(demo.slug));
    const section = page.getByRole('region', { name: 'Notificações push' });
    const provider = section.getByRole('combobox', { name: 'Envio' });
    await expect(provider).toHaveValue('Somente Web Push do Prumo (navegadores)');
    await provider.click();
    await page.getByRole('option', { name: 'Firebase Cloud Messaging (app próprio)' }).click();
    const account = section.getByRole('textbox', { name: 'Conta de serviço do Firebase (JSON)' });
    await account.fill('{"type": "authorized_user"}');
    await section.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(section.getByText(/^Conta de serviço inválida/)).toBeVisible();

    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    await account.fill(
      JSON.stringify({
        type: 'service_account',
        project_id: 'app-do-escritorio',
        private_key: privateKey,
        client_email: 'firebase-adminsdk@app-do-escritorio.iam.gserviceaccount.com',
      }),
    );
    await section.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(new Snackbars(page).success('Notificações push salvas')).toBeVisible();
    await page.reload();
    const saved = page.getByRole('region', { name: 'Notificações push' });
    await expect(saved.getByText(/Projeto app-do-escritorio \(firebase-adminsdk@/)).toBeVisible();
    // The key is never shown again: the field starts empty.
    await expect(saved.getByRole('textbox', { name: 'Conta de serviço do Firebase (JSON)' })).toHaveValue('');
    const widths = await new PhoneLists(page).measureSidewaysScroll();
    expect(widths.page.scrollWidth).toBeLessThanOrEqual(widths.page.clientWidth);

    await saved.getByRole('combobox', { name: 'Envio' }).click();
    await page.getByRole('option', { name: 'Somente Web Push do Prumo (navegadores)' }).click();
    await saved.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(new Snackbars(page).success('Notificações push salvas')).toBeVisible();
    await expect(saved.getByText(/Projeto app-do-escritorio/)).toHaveCount(0);
  });
});
