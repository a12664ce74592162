import { demo, demoPassword } from '../page-models/demo-data';
import { InvitationLinks } from '../page-models/invitation-links';
import { createCpf, createEmail } from '../page-models/people';
import { expect, test } from './fixtures';

test.describe('Invitation links on the team screens, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a manager copies a planner link that makes planners only, and revokes it', async ({
    page,
    context,
    signInAs,
    registrationPage,
    snackbars,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const links = new InvitationLinks(page);
    await signInAs(demo.slug, demo.manager);
    await page.goto(`/app/${demo.slug}/planejadores`);

    await links.generate('planner');
    await expect(snackbars.success('Novo link de planejador gerado')).toBeVisible();
    const item = links.items('planner').first();
    await expect(item).toContainText('Válido até');
    const link = await links.linkOf(item);
    expect(link).toMatch(new RegExp(`/${demo.slug}/cadastro/planejador/[A-Za-z0-9_-]{24}$`));
    await item.getByRole('button', { name: 'Copiar' }).first().click();
    await expect(item.getByRole('button', { name: 'Copiado' })).toBeVisible();
    expect(await links.readClipboard()).toBe(link);
    await expect(links.section('manager').getByRole('button', { name: 'Gerar link de gestor' })).toBeVisible();
    // Nothing wider than the phone.
    expect(await links.pageWidth()).toBeLessThanOrEqual(390);

    const token = link.split('/').at(-1) ?? '';
    await registrationPage.open(demo.slug, 'planejador', token);
    await expect(registrationPage.heading).toHaveText('Cadastro de planejador');
    await registrationPage.open(demo.slug, 'gestor', token);
    await expect(registrationPage.refusal()).toContainText('Este convite não permite cadastro como gestor.');
    await expect(registrationPage.registerButton).toHaveCount(0);

    await page.goto(`/app/${demo.slug}/planejadores`);
    const sameItem = links.items('planner').filter({ has: page.locator(`input[value="${link}"]`) });
    await links.revoke(sameItem);
    await expect(snackbars.success('Link revogado')).toBeVisible();
    await expect(sameItem).toHaveCount(0);
    await registrationPage.open(demo.slug, 'planejador', token);
    await expect(registrationPage.refusal()).toContainText('Convite expirado ou revogado.');
  });

  test('a manager link registers one person, then shows who used it and refuses everyone else', async ({
    page,
    signInAs,
    registrationPage,
    snackbars,
  }) => {
    const links = new InvitationLinks(page);
    await signInAs(demo.slug, demo.manager);
    await page.goto(`/app/${demo.slug}/planejadores`);
    await links.generate('manager');
    await expect(snackbars.success('Novo link de gestor gerado')).toBeVisible();
    const link = await links.linkOf(links.items('manager').first());
    const token = link.split('/').at(-1) ?? '';

    await registrationPage.open(demo.slug, 'gestor', token);
    await registrationPage.register({
      email: createEmail('gestora.convidada'),
      firstName: 'Gilda',
      lastName: 'Convidada',
      phone: '(11) 91234-5678',
      cpf: createCpf(),
      password: 'Cadastro@2026',
      passwordConfirmation: 'Cadastro@2026',
    });
    await expect(registrationPage.accountCreatedHeading).toBeVisible();

    await registrationPage.open(demo.slug, 'gestor', token);
    await expect(registrationPage.refusal()).toContainText('Este convite já foi usado.');
    await expect(registrationPage.registerButton).toHaveCount(0);

    await page.goto(`/app/${demo.slug}/planejadores`);
    const used = links.items('manager').filter({ hasText: 'Usado por Gilda Convidada em' });
    await expect(used).toHaveCount(1);
    await expect(used.getByRole('button', { name: 'Copiar' })).toHaveCount(0);
    expect(await links.pageWidth()).toBeLessThanOrEqual(390);
  });

  test("the client links list the manager's standing link, which stays a client link", async ({
    page,
    api,
    signInAs,
    registrationPage,
  }) => {
    const managerHash = await api.invitationHashOf(demo.manager.email, demoPassword, demo.slug);
    const links = new InvitationLinks(page);
    await signInAs(demo.slug, demo.manager);
    await page.goto(`/app/${demo.slug}/clientes`);
    const standing = links.items('client').filter({ hasText: `Link permanente de ${demo.manager.fullName}` });
    expect(await links.linkOf(standing)).toMatch(new RegExp(`/cadastro/cliente/${managerHash}$`));
    await expect(standing).toContainText('Não expira');
    expect(await links.pageWidth()).toBeLessThanOrEqual(390);

    await registrationPage.open(demo.slug, 'cliente', managerHash);
    await expect(registrationPage.heading).toHaveText('Cadastro de cliente');
    await registrationPage.open(demo.slug, 'gestor', managerHash);
    await expect(registrationPage.refusal()).toContainText('Este convite não permite cadastro como gestor.');
  });
});
