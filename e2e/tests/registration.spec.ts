import { DashboardPage } from '../page-models/dashboard-page';
import { demo, demoPassword } from '../page-models/demo-data';
import { findConfirmationLink, readConfirmationLinkTo, readNewestEmailTo } from '../page-models/mailbox';
import { createCpf, createEmail } from '../page-models/people';
import type { RegistrationValues } from '../page-models/registration-page';
import { expect, expectMenuOf, test } from './fixtures';

test.describe('Client registration through a planner invitation', () => {
  let plannerHash: string;

  test.beforeEach(async ({ api }) => {
    plannerHash = await api.invitationHashOf(demo.planner.email, demoPassword, demo.slug);
  });

  test('the invitation names the planner who sent it', async ({ registrationPage }) => {
    await registrationPage.open(demo.slug, 'cliente', plannerHash);

    await expect(registrationPage.heading).toHaveText('Cadastro de cliente');
    await expect(registrationPage.invitation).toHaveText(`Convite de ${demo.planner.fullName}`);
  });

  test('an empty form shows what each field needs', async ({ page, registrationPage }) => {
    await registrationPage.open(demo.slug, 'cliente', plannerHash);
    await registrationPage.submit();

    await expect(registrationPage.errorOf('email')).toHaveText('Preencha seu e-mail');
    await expect(registrationPage.errorOf('firstName')).toHaveText('Esse campo é obrigatório');
    await expect(registrationPage.errorOf('lastName')).toHaveText('Esse campo é obrigatório');
    await expect(registrationPage.errorOf('phone')).toHaveText('Número de telefone inválido');
    await expect(registrationPage.errorOf('cpf')).toHaveText('Número de CPF é obrigatório');
    await expect(registrationPage.errorOf('password')).toHaveText('Esse campo é obrigatório.');
    await expect(registrationPage.errorOf('passwordConfirmation')).toHaveText('Senhas precisam ser iguais');
    await expect(registrationPage.accountCreatedHeading).toHaveCount(0);
    await expect(page).toHaveURL(`/${demo.slug}/cadastro/cliente/${plannerHash}`);
  });

  test('invalid values show each field’s message', async ({ registrationPage }) => {
    await registrationPage.open(demo.slug, 'cliente', plannerHash);
    await registrationPage.fill({
      email: 'carla.exemplo.com.br',
      firstName: 'Jo',
      lastName: 'Silva',
      phone: '1198765',
      cpf: '111.111.111-11',
      password: 'curta',
      passwordConfirmation: 'outra-senha',
    });
    await registrationPage.submit();

    await expect(registrationPage.errorOf('email')).toHaveText('Esse campo precisa ser um e-mail válido');
    await expect(registrationPage.errorOf('firstName')).toHaveText('Esse campo é obrigatório');
    await expect(registrationPage.errorOf('lastName')).toHaveCount(0);
    await expect(registrationPage.errorOf('phone')).toHaveText('Número de telefone inválido');
    await expect(registrationPage.errorOf('cpf')).toHaveText('Cpf inválido');
    await expect(registrationPage.errorOf('password')).toHaveText('Mínimo 8 caracteres');
    await expect(registrationPage.errorOf('passwordConfirmation')).toHaveText('Senhas precisam ser iguais');
    await expect(registrationPage.accountCreatedHeading).toHaveCount(0);
  });

  test('an e-mail with @ but no domain is still refused', async ({ registrationPage }) => {
    await registrationPage.open(demo.slug, 'cliente', plannerHash);
    await registrationPage.fill({ email: 'carla@exemplo' });
    await registrationPage.submit();

    await expect(registrationPage.errorOf('email')).toHaveText('Esse campo precisa ser um e-mail válido');
  });

  test('an invalid invitation says so instead of showing the form', async ({ page, registrationPage }) => {
    await registrationPage.open(demo.slug, 'cliente', 'convite-que-nao-existe');

    await expect(registrationPage.refusal()).toContainText('Convite inválido.');
    await expect(page.getByRole('link', { name: 'Ir para o login' })).toHaveAttribute('href', `/${demo.slug}/login`);
    await expect(registrationPage.registerButton).toHaveCount(0);
  });

  test('a valid registration creates the account; the e-mail link confirms it; the client signs in', async ({
    page,
    registrationPage,
    emailConfirmationPage,
    loginPage,
    shell,
    dashboard,
  }) => {
    const newClient: RegistrationValues = {
      email: createEmail('nova.cliente'),
      firstName: 'Renata',
      lastName: 'Registrada',
      phone: '(11) 91234-5678',
      cpf: createCpf(),
      password: 'Cadastro@2026',
      passwordConfirmation: 'Cadastro@2026',
    };

    await registrationPage.open(demo.slug, 'cliente', plannerHash);
    await registrationPage.register(newClient);

    await expect(registrationPage.snackbars.success('Conta criada')).toBeVisible();
    await expect(registrationPage.accountCreatedHeading).toBeVisible();
    await expect(page.getByText(newClient.email, { exact: true })).toBeVisible();

    // Not confirmed yet: the login refuses and offers to send the e-mail again.
    await registrationPage.goToLoginButton.click();
    await loginPage.signIn(newClient.email, newClient.password);
    await expect(loginPage.snackbars.error('Confirme seu e-mail antes de entrar.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reenviar e-mail de confirmação' })).toBeVisible();

    const confirmationLinkPattern = new RegExp(`^http://[^/]+/${demo.slug}/confirmar/[A-Za-z0-9_-]+$`);
    await expect
      .poll(() => readConfirmationLinkTo(newClient.email), { message: `a confirmation e-mail to ${newClient.email}` })
      .toMatch(confirmationLinkPattern);
    const email = (await readNewestEmailTo(newClient.email))!;
    expect(email.subject).toBe(`Confirme seu e-mail — ${demo.name}`);
    expect(email.text).toContain(`Olá, ${newClient.firstName}!`);
    const confirmationLink = findConfirmationLink(email)!;

    await page.goto(confirmationLink);
    await expect(emailConfirmationPage.heading).toBeVisible();
    await expect(emailConfirmationPage.result('E-mail confirmado')).toBeVisible();

    await emailConfirmationPage.goToSignIn();
    await loginPage.signIn(newClient.email, newClient.password);

    await expect(page).toHaveURL(DashboardPage.path(demo.slug));
    await expect(shell.userMenuButtonOf(`${newClient.firstName} ${newClient.lastName}`)).toBeVisible();
    await expectMenuOf(shell, 'client');
    await expect(dashboard.greeting(newClient.firstName)).toBeVisible();
    await expect(dashboard.myPlannerCard().getByText(demo.planner.fullName, { exact: true })).toBeVisible();
  });

  test('a confirmation link works only once', async ({ page, api, registrationPage, emailConfirmationPage }) => {
    const email = createEmail('uma.vez');
    await registrationPage.open(demo.slug, 'cliente', plannerHash);
    await registrationPage.register({
      email,
      firstName: 'Ulisses',
      lastName: 'Unico',
      phone: '11912345678',
      cpf: createCpf(),
      password: 'Cadastro@2026',
      passwordConfirmation: 'Cadastro@2026',
    });
    await expect(registrationPage.accountCreatedHeading).toBeVisible();
    await expect
      .poll(() => readConfirmationLinkTo(email), { message: `a confirmation e-mail to ${email}` })
      .toBeTruthy();
    const link = (await readConfirmationLinkTo(email))!;

    await page.goto(link);
    await expect(emailConfirmationPage.result('E-mail confirmado')).toBeVisible();
    // Confirmed: the account can sign in (PrumoApi.signIn expects a 200).
    await api.signIn(email, 'Cadastro@2026', demo.slug);

    await page.goto(link);
    await expect(emailConfirmationPage.result('Não foi possível confirmar o e-mail')).toContainText(
      'Link de confirmação inválido ou expirado.',
    );
  });
});
