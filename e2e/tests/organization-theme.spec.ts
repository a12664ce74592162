import { PrumoApi } from '../page-models/api';
import { demoPassword, hexToRgb, outra } from '../page-models/demo-data';
import { LoginPage } from '../page-models/login-page';
import { OrganizationSettingsPage, tinyPngLogo } from '../page-models/organization-settings-page';
import { expect, test } from './fixtures';

/** A green nobody uses in the demo data. */
const newPrimaryColour = '2f9e44';

test.describe('Organization theme', () => {
  // Whatever happens in the test, the test organization gets its colour back for the other tests.
  test.afterEach(async ({ request }) => {
    const api = new PrumoApi(request);
    const key = await api.signIn(outra.manager.email, demoPassword, outra.slug);
    await api.updateOrganization(key, outra.slug, { primary_color: outra.primaryColor });
    await api.signOut(key);
  });

  test('a manager changes the primary colour and the login page wears it', async ({
    browser,
    page,
    signInAs,
    shell,
    organizationSettings,
  }) => {
    await signInAs(outra.slug, outra.manager);
    await expect(shell.testEnvironmentBanner).toBeVisible();
    await shell.openMenuEntry('Organização');
    await expect(page).toHaveURL(OrganizationSettingsPage.path(outra.slug));
    await expect(organizationSettings.heading).toBeVisible();
    await expect(organizationSettings.primaryColourField).toHaveValue(`#${outra.primaryColor}`);
    await expect(organizationSettings.saveButton).toHaveCSS('background-color', hexToRgb(outra.primaryColor));

    await organizationSettings.setPrimaryColour(`#${newPrimaryColour}`);
    // The seeded organization has no logo, and a save needs one (else 'Selecione uma imagem').
    await organizationSettings.chooseLogo(tinyPngLogo);
    await organizationSettings.save();

    await expect(shell.snackbars.success('Configurações alteradas com sucesso')).toBeVisible();
    // The app wears the new colour at once (the pointer leaves the button: hovered, it is darker).
    await page.mouse.move(0, 0);
    await expect(organizationSettings.saveButton).toHaveCSS('background-color', hexToRgb(newPrimaryColour));
    await expect(organizationSettings.currentLogo).toBeVisible();

    // A visitor (a fresh browser, nothing cached) sees the new colour on the organization's login.
    const visitorContext = await browser.newContext();
    try {
      const visitorLogin = new LoginPage(await visitorContext.newPage());
      await visitorLogin.open(outra.slug);
      await expect(visitorLogin.signInButton).toHaveCSS('background-color', hexToRgb(newPrimaryColour));
      await expect(visitorLogin.logo(outra.name)).toBeVisible();
    } finally {
      await visitorContext.close();
    }

    // And the manager, after signing out, too.
    await shell.signOut();
    const loginPage = new LoginPage(page);
    await expect(page).toHaveURL(LoginPage.path(outra.slug));
    await page.mouse.move(0, 0);
    await expect(loginPage.signInButton).toHaveCSS('background-color', hexToRgb(newPrimaryColour));
  });
});
