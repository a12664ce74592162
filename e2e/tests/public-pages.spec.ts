import { demo, hexToRgb, outra, testEnvironmentWarning } from '../page-models/demo-data';
import { LoginPage } from '../page-models/login-page';
import { expect, test } from './fixtures';

test.describe('Public pages of an organization', () => {
  test('the bare root opens the demo organization login in its brand', async ({ page, loginPage }) => {
    await page.goto('/');

    await expect(page).toHaveURL(LoginPage.path(demo.slug));
    await expect(loginPage.heading).toBeVisible();
    await expect(loginPage.brand(demo.name)).toBeVisible();
    await expect(page).toHaveTitle(demo.name);
    // The primary colour 0b7285 paints the main button.
    await expect(loginPage.signInButton).toHaveCSS('background-color', hexToRgb(demo.primaryColor));
    await expect(loginPage.testEnvironmentBanner).toHaveCount(0);
  });

  test('a test organization login wears its own colour and warns it is a test', async ({ page, loginPage }) => {
    await loginPage.open(outra.slug);

    await expect(loginPage.brand(outra.name)).toBeVisible();
    await expect(page).toHaveTitle(outra.name);
    await expect(loginPage.signInButton).toHaveCSS('background-color', hexToRgb(outra.primaryColor));
    await expect(loginPage.testEnvironmentBanner).toHaveText(testEnvironmentWarning);
  });

  test('the bare root returns to the organization visited last', async ({ page, loginPage }) => {
    await loginPage.open(outra.slug);
    await page.goto('/');

    await expect(page).toHaveURL(LoginPage.path(outra.slug));
    await expect(loginPage.brand(outra.name)).toBeVisible();
  });

  test('an unknown address warns and stays on the page the user was on', async ({ page, loginPage, snackbars }) => {
    await loginPage.open(demo.slug);
    await page.goto(`/${demo.slug}/nao-existe-xyz`);

    await expect(snackbars.error('Endereço não existe.')).toBeVisible();
    await expect(page).toHaveURL(LoginPage.path(demo.slug));
    await expect(loginPage.heading).toBeVisible();
  });

  test('an unknown address of the other organization returns to that organization', async ({
    page,
    loginPage,
    snackbars,
  }) => {
    await loginPage.open(outra.slug);
    await page.goto('/pagina/que/nao/existe');

    await expect(snackbars.error('Endereço não existe.')).toBeVisible();
    await expect(page).toHaveURL(LoginPage.path(outra.slug));
    await expect(loginPage.brand(outra.name)).toBeVisible();
  });

  test('an organization that does not exist falls back to the demo login', async ({ page, loginPage, snackbars }) => {
    await page.goto('/organizacao-inexistente/login');

    await expect(snackbars.error('Organização não encontrada')).toBeVisible();
    await expect(page).toHaveURL(LoginPage.path(demo.slug));
    await expect(loginPage.brand(demo.name)).toBeVisible();
    await expect(loginPage.signInButton).toHaveCSS('background-color', hexToRgb(demo.primaryColor));
  });
});
