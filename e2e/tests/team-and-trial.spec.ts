import { demo, demoPassword, outra } from '../page-models/demo-data';
import { createPngLogo } from '../page-models/organization-settings-page';
import { desktopViewport, PhoneLists, phoneViewport } from '../page-models/phone-lists';
import { PlannersPage } from '../page-models/planners-page';
import { expect, test } from './fixtures';

for (const [screen, viewport] of [
  ['desktop', desktopViewport],
  ['phone (390 px)', phoneViewport],
] as const) {
  test.describe(`The manager's team on ${screen}`, () => {
    test.use({ viewport });

    test("a manager moves a leaving planner's clients to another planner, then deactivates them", async ({
      page,
      api,
      signInAs,
      shell,
    }) => {
      const managerKey = await api.signIn(demo.manager.email, demoPassword, demo.slug);
      const { planner, clients } = await api.registerPlannerWithClients(managerKey, demo.slug, 2);
      await api.signOut(managerKey);
      const planners = new PlannersPage(page);

      await signInAs(demo.slug, demo.manager);
      await shell.openMenuEntry('Planejadores');
      await expect(page).toHaveURL(PlannersPage.path(demo.slug));
      const row = planners.activePlanner(planner.email);
      await expect(planners.bookSize(row)).toHaveText('2');
      await expect(row).toContainText('Nunca entrou');

      // With clients, deactivating first asks for the clients to be moved.
      await planners.askToDeactivate(planner.fullName);
      const firstMove = planners.dialog('Mova os clientes primeiro');
      await expect(firstMove).toContainText(
        'Este planejador ainda tem 2 clientes. Mova-os para outro planejador antes de desativá-lo.',
      );
      await firstMove.getByRole('button', { name: 'Mover clientes', exact: true }).click();
      await expect(planners.moveDialog).toBeVisible();
      for (const client of clients) await expect(planners.clientChoice(client.fullName)).toBeChecked();
      await planners.moveAllClientsTo(demo.planner.fullName, 2);
      await expect(
        shell.snackbars.success(`2 clientes de ${planner.fullName} agora com ${demo.planner.fullName}`),
      ).toBeVisible();
      await expect(planners.moveDialog).toBeHidden();
      await expect(planners.bookSize(row)).toHaveText('0');

      await planners.askToDeactivate(planner.fullName);
      const confirm = planners.dialog(`Desativar ${planner.fullName}?`);
      await confirm.getByRole('button', { name: 'Desativar', exact: true }).click();
      await expect(shell.snackbars.success(`${planner.fullName} foi desativado`)).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(planners.inactivePlanner(planner.email)).toBeVisible();

      // The clients now show under their new planner in the organization's client list.
      const afterKey = await api.signIn(demo.manager.email, demoPassword, demo.slug);
      const book = await page.request.get('/api/profiles/clients/', {
        headers: { Authorization: `Token ${afterKey}` },
        params: { profile: 'manager', search: clients[0]?.fullName ?? '' },
      });
      const found = (await book.json()) as { results: { budget_planner: { user: { first_name: string } } | null }[] };
      expect(found.results.map((client) => client.budget_planner?.user.first_name)).toEqual([demo.planner.firstName]);
      await api.signOut(afterKey);

      if (viewport === phoneViewport) {
        const sideways = await new PhoneLists(page).measureSidewaysScroll();
        expect(sideways.page.scrollWidth).toBeLessThanOrEqual(sideways.page.clientWidth);
        expect(sideways.boxes).toEqual([]);
      }
    });

    test('a manager crops and zooms the logo before it is uploaded', async ({
      page,
      signInAs,
      shell,
      organizationSettings,
    }) => {
      await signInAs(outra.slug, outra.manager);
      // The seeded test organization is on trial: its manager sees the days left on every screen.
      const trialBanner = page.getByRole('status', { name: /período de experiência/ });
      await expect(trialBanner).toContainText(/Faltam \d+ dias do período de experiência/);
      await expect(trialBanner).toContainText(/Clientes: \d+ de 10 no período de experiência\./);
      await shell.openMenuEntry('Organização');
      await expect(organizationSettings.heading).toBeVisible();
      await organizationSettings.chooseLogo(createPngLogo(600, 400));
      await expect(organizationSettings.logoCropper).toBeVisible();
      await organizationSettings.zoomIn(5);
      await expect(organizationSettings.zoomSlider).toHaveAttribute('aria-valuenow', '1.5');
      await organizationSettings.save();
      await expect(shell.snackbars.success('Configurações alteradas com sucesso')).toBeVisible();
      await expect(organizationSettings.logoCropper).toBeHidden();

      // The stored logo is the kept area: 3:1, as wide as the picture zoomed 1.5 times shows (600 / 1.5).
      await expect(organizationSettings.currentLogo).toBeVisible();
      await expect.poll(async () => (await organizationSettings.currentLogoSize()).width).toBeGreaterThan(0);
      const stored = await organizationSettings.currentLogoSize();
      expect(Math.abs(stored.width - 400), `logo ${stored.width}×${stored.height}`).toBeLessThanOrEqual(2);
      expect(Math.abs(stored.width / stored.height - 3)).toBeLessThan(0.05);

      if (viewport === phoneViewport) {
        const sideways = await new PhoneLists(page).measureSidewaysScroll();
        expect(sideways.page.scrollWidth).toBeLessThanOrEqual(sideways.page.clientWidth);
      }
    });
  });
}
