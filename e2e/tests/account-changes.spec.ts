import { DashboardPage } from '../page-models/dashboard-page';
import { demo, demoPassword } from '../page-models/demo-data';
import { findConfirmationLink, readNewestEmailTo } from '../page-models/mailbox';
import { createEmail } from '../page-models/people';
import { ProfilePage } from '../page-models/profile-page';
import { expect, test } from './fixtures';

const viewports = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: '390 px phone', size: { width: 390, height: 844 } },
] as const;

for (const viewport of viewports) {
  test.describe(`A client changes their e-mail and password from the profile (${viewport.name})`, () => {
    test.use({ viewport: viewport.size });
    // A whole story with four e-mails, each delivered by the job queue.
    test.setTimeout(90_000);

    test('the e-mail changes once confirmed from the new address, then the password', async ({
      page,
      api,
      loginPage,
      emailConfirmationPage,
    }) => {
      const plannerHash = await api.invitationHashOf(demo.planner.email, demoPassword, demo.slug);
      const oldEmail = createEmail('troca.antigo');
      const newEmail = createEmail('troca.novo');
      const firstPassword = 'Primeira@senha7';
      const secondPassword = 'Segunda@senha8';
      await api.registerConfirmedClient(demo.slug, plannerHash, {
        email: oldEmail,
        firstName: 'Teresa',
        password: firstPassword,
      });
      const profile = new ProfilePage(page);

      await loginPage.open(demo.slug);
      await loginPage.signIn(oldEmail, firstPassword);
      await expect(page).toHaveURL(DashboardPage.path(demo.slug));

      // A wrong password is refused under its field, and nothing is sent.
      await profile.openEmail(demo.slug);
      await profile.changeEmail(newEmail, 'Errada@senha1');
      await expect(page.getByText('Senha incorreta.', { exact: true })).toBeVisible();
      expect(await readNewestEmailTo(newEmail)).toBeNull();

      await profile.emailPasswordField.fill(firstPassword);
      await profile.changeEmailButton.click();
      await expect(profile.emailSentNotice).toContainText(newEmail);
      expect(await profile.layoutWidth()).toBeLessThanOrEqual(viewport.size.width);

      // Until the link is followed, the e-mail stays the old one.
      const persona = await api.me(await api.signIn(oldEmail, firstPassword, demo.slug));
      expect(persona.email).toBe(oldEmail);

      let link: string | null = null;
      await expect
        .poll(async () => {
          const email = await readNewestEmailTo(newEmail);
          link = email ? findConfirmationLink(email) : null;
          return link;
        })
        .not.toBeNull();
      await page.goto(String(link));
      await expect(emailConfirmationPage.result('E-mail alterado. Entre novamente com o novo e-mail.')).toBeVisible();

      // The old address is told.
      await expect
        .poll(async () => (await readNewestEmailTo(oldEmail))?.subject ?? '')
        .toContain('Seu e-mail de acesso foi alterado');

      // The old session ended: the app asks to sign in again; the new e-mail opens the account.
      await page.goto(ProfilePage.path(demo.slug, 'senha'));
      await expect(page).toHaveURL(new RegExp(`/${demo.slug}/login`));
      await loginPage.open(demo.slug);
      await loginPage.signIn(newEmail, firstPassword);
      await expect(page).toHaveURL(DashboardPage.path(demo.slug));

      await profile.openPassword(demo.slug);
      await profile.changePassword('Errada@senha1', secondPassword);
      await expect(page.getByText('Senha atual incorreta.', { exact: true })).toBeVisible();
      await profile.changePassword(firstPassword, secondPassword);
      await expect(profile.snackbars.success('Senha alterada')).toBeVisible();
      expect(await profile.layoutWidth()).toBeLessThanOrEqual(viewport.size.width);

      // The new password is the one that opens the account now.
      expect((await api.me(await api.signIn(newEmail, secondPassword, demo.slug))).email).toBe(newEmail);
    });
  });
}
