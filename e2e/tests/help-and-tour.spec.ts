import type { Page } from '@playwright/test';
import { PrumoApi } from '../page-models/api';
import { DashboardPage } from '../page-models/dashboard-page';
import { demo, demoPassword } from '../page-models/demo-data';
import { GuidedTour, HelpArticlesPage, HelpDesk } from '../page-models/help-and-tour';
import { createEmail } from '../page-models/people';
import { desktopViewport, PhoneLists, phoneViewport } from '../page-models/phone-lists';
import { expect, test } from './fixtures';

const video = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
const longDescription = `${'Veja como ler os avisos e as importações. '.repeat(30)}FIM-QUE-NAO-APARECE`;

async function expectNothingScrollsSideways(page: Page): Promise<void> {
  const measured = await new PhoneLists(page).measureSidewaysScroll();
  expect(measured.page.scrollWidth).toBeLessThanOrEqual(measured.page.clientWidth);
}

/** A new client of the demo planner, signed in on the dashboard: their tour and help preferences are their own. */
async function signInNewClient(
  { page, api, loginPage }: Pick<Parameters<Parameters<typeof test>[2]>[0], 'page' | 'api' | 'loginPage'>,
  prefix: string,
) {
  const plannerHash = await api.invitationHashOf(demo.planner.email, demoPassword, demo.slug);
  const email = createEmail(prefix);
  await api.registerConfirmedClient(demo.slug, plannerHash, { email, firstName: 'Tina', password: demoPassword });
  await loginPage.open(demo.slug);
  await loginPage.signIn(email, demoPassword);
  await expect(page).toHaveURL(DashboardPage.path(demo.slug));
  return email;
}

test.describe('Help desk and guided tour', () => {
  // Each story registers and signs in people of its own on a machine shared with other runs.
  test.describe.configure({ timeout: 90_000 });

  test.afterEach(async ({ request }) => {
    // The demo organization's article goes back to Prumo's, so no other spec meets the video.
    const api = new PrumoApi(request);
    const key = await api.signIn(demo.manager.email, demoPassword, demo.slug);
    await request.delete('/api/help/articles/tarefas-e-avisos/', { headers: { Authorization: `Token ${key}` } });
    await api.signOut(key);
  });

  test("a manager's help video opens by itself until 'Não exibir novamente', also after a reload", async ({
    page,
    api,
    loginPage,
    signInAs,
    shell,
  }) => {
    const helpDesk = new HelpDesk(page);
    const articles = new HelpArticlesPage(page);
    await signInAs(demo.slug, demo.manager);
    await shell.openMenuEntry('Ajuda');
    await articles.chooseScreen('Avisos e importações');
    await articles.titleField.fill('Como usar os avisos');
    await articles.markdownField.fill('Aqui ficam as **tarefas** e os avisos.\n\n<script>alert(1)</script>');
    // Only the two privacy-friendly players are taken.
    await articles.videoField.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await articles.saveButton.click();
    await expect(page.getByText(/Use um vídeo do YouTube sem cookies/)).toBeVisible();
    await articles.videoField.fill(video);
    await articles.descriptionField.fill(longDescription.slice(0, 1000));
    await articles.saveButton.click();
    await expect(articles.customBadge).toBeVisible();
    await expect(articles.screenSelect).toHaveValue('Avisos e importações (personalizado)');
    await shell.signOut();

    // A new client on a wide screen, then another on a 390 px phone.
    for (const viewport of [desktopViewport, phoneViewport]) {
      await page.setViewportSize(viewport);
      await signInNewClient({ page, api, loginPage }, `ajuda.video.${viewport.width}`);
      await shell.openMenuEntry('Avisos e importações');
      await expect(helpDesk.videoModal).toBeVisible();
      await expect(helpDesk.videoModal.getByRole('heading', { name: 'Como usar os avisos' })).toBeVisible();
      await expect(helpDesk.videoFrame).toHaveAttribute('src', video);
      await expect(helpDesk.videoModal).toContainText(longDescription.slice(0, 1000).trim().slice(-40));
      await expect(helpDesk.videoModal).not.toContainText('FIM-QUE-NAO-APARECE');
      await helpDesk.hideForeverCheckbox.check();
      const kept = page.waitForResponse((response) => response.url().endsWith('/api/help/user-preference/'));
      await helpDesk.closeVideoButton.click();
      await expect(helpDesk.videoModal).toBeHidden();
      expect((await kept).status()).toBe(201);

      // After a reload the screen's videos are read again, and this one stays closed.
      const onboarding = page.waitForResponse((response) => response.url().includes('/api/help/onboarding/'));
      await page.reload();
      await onboarding;
      await expect(shell.topBar.getByRole('heading', { level: 1 })).toHaveText('Avisos e importações');
      await expect(helpDesk.videoModal).toBeHidden();

      // The help button opens the screen's article (its script gone), and from it the video.
      await helpDesk.helpButton.click();
      const article = helpDesk.articleModal('Como usar os avisos');
      await expect(article).toContainText('Aqui ficam as tarefas e os avisos.');
      await expect(article.locator('script')).toHaveCount(0);
      await article.getByRole('button', { name: 'Assistir ao vídeo' }).click();
      await expect(helpDesk.videoFrame).toHaveAttribute('src', video);
      await helpDesk.closeVideoButton.click();
      // Hiding the video clears its source; the article is still there beneath it.
      await expect(page.locator(`iframe[src="${video}"]`)).toHaveCount(0);
      await expect(article).toBeVisible();

      // A route change (here the browser's back button) empties the help stack.
      await page.goBack();
      await expect(page).toHaveURL(DashboardPage.path(demo.slug));
      await expect(article).toBeHidden();
      await expect(helpDesk.videoModal).toBeHidden();
      if (viewport === phoneViewport) await expectNothingScrollsSideways(page);
      await shell.signOut();
    }
  });

  test("the tour runs on the first sign-in, keeps its step, and 'Reset Tour' restarts it", async ({
    page,
    request,
    api,
    loginPage,
    shell,
    snackbars,
  }) => {
    const tour = new GuidedTour(page);
    await signInNewClient({ page, api, loginPage }, 'tour.cliente');
    await tour.startButton.click();
    await expect(tour.popoverTitle).toHaveText('Bem-vindo à Prumo');
    await expect(tour.progress).toHaveText('1 de 6');
    await tour.nextButton.click();
    // The dashboard's own import, where a new client starts.
    await expect(tour.popoverTitle).toHaveText('Seus extratos');
    await expect(
      page.locator('.driver-active-element').getByRole('button', { name: 'Importar extratos', exact: true }),
    ).toBeVisible();
    await tour.nextButton.click();
    await expect(tour.popoverTitle).toHaveText('Menu');

    // The step reached is on the server: a reload goes on from there.
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/onboarding/tour/') && (response.request().postData() ?? '').includes('"step":3'),
    );
    await tour.nextButton.click();
    await expect(tour.popoverTitle).toHaveText('Avisos');
    await saved;
    await page.reload();
    await expect(tour.popoverTitle).toHaveText('Avisos');
    await tour.nextButton.click();
    await expect(tour.popoverTitle).toHaveText('Ajuda');
    await tour.nextButton.click();
    await expect(tour.popoverTitle).toHaveText('Seu menu');
    await tour.nextButton.click();
    await expect(tour.popover).toBeHidden();
    // The finished tour is recorded on the server for this user.
    const key = await page.evaluate<string | null>('localStorage.getItem("token")');
    await expect
      .poll(async () => {
        const response = await request.get('/api/onboarding/tour/', { headers: { Authorization: `Token ${key}` } });
        return response.json();
      })
      .toMatchObject({ register_tour: true });
    await page.reload();
    await expect(shell.userMenuButton).toBeVisible();
    await expect(tour.offer).toBeHidden();
    await expect(tour.popover).toBeHidden();

    // Reset Tour, from another screen: back to the dashboard, the tour from its first step.
    await shell.openMenuEntry('Avisos e importações');
    const menu = await shell.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Reset Tour' }).click();
    await expect(page).toHaveURL(DashboardPage.path(demo.slug));
    await expect(tour.popoverTitle).toHaveText('Bem-vindo à Prumo');
    await tour.closeButton.click();
    await expect(tour.popover).toBeHidden();

    // The top bar's action does the same; when the server fails, the user is told.
    await page.route('**/api/tour/', (route) => route.fulfill({ status: 500, body: '{"detail":"x"}' }));
    await tour.resetAction.click();
    await expect(snackbars.error('Não foi possível resetar o tour.')).toBeVisible();
    await page.unroute('**/api/tour/');
    await tour.resetAction.click();
    await expect(tour.popoverTitle).toHaveText('Bem-vindo à Prumo');
  });

  test("the tour, 'Reset Tour' and the help article work on a 390 px phone", async ({
    page,
    api,
    loginPage,
    shell,
  }) => {
    await page.setViewportSize(phoneViewport);
    const tour = new GuidedTour(page);
    const helpDesk = new HelpDesk(page);
    await signInNewClient({ page, api, loginPage }, 'tour.celular');
    await expectNothingScrollsSideways(page);
    await tour.startButton.click();
    await expect(tour.popoverTitle).toHaveText('Bem-vindo à Prumo');
    await tour.nextButton.click();
    await expect(tour.popoverTitle).toHaveText('Seus extratos');
    await tour.nextButton.click();
    // On a phone the menu step points at the menu's button.
    await expect(tour.popoverTitle).toHaveText('Menu');
    await expect(page.locator('[data-tour="menu-button"].driver-active-element')).toHaveCount(1);
    const box = await tour.popover.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= phoneViewport.width).toBe(true);
    await tour.closeButton.click();
    await expectNothingScrollsSideways(page);

    // 'Reset Tour' in the user menu starts it again from its first step.
    const menu = await shell.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Reset Tour' }).click();
    await expect(page).toHaveURL(DashboardPage.path(demo.slug));
    await expect(tour.popoverTitle).toHaveText('Bem-vindo à Prumo');
    await expect(tour.progress).toHaveText('1 de 6');
    await tour.closeButton.click();
    await expect(tour.popover).toBeHidden();

    await helpDesk.helpButton.click();
    await expect(helpDesk.articleModal('Início')).toBeVisible();
    await expectNothingScrollsSideways(page);
  });

  test("the manager's help screen fits a 390 px phone", async ({ page, signInAs, shell }) => {
    await page.setViewportSize(phoneViewport);
    const articles = new HelpArticlesPage(page);
    await signInAs(demo.slug, demo.manager);
    await shell.openMenuEntry('Ajuda');
    await articles.chooseScreen('Meu patrimônio');
    await expect(articles.titleField).toHaveValue('Meu patrimônio');
    await expect(articles.saveButton).toBeVisible();
    await expectNothingScrollsSideways(page);
  });
});
