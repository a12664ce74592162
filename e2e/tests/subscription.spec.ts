import type { Page } from '@playwright/test';
import type { PrumoApi } from '../page-models/api';
import { AppShell } from '../page-models/app-shell';
import { DashboardPage } from '../page-models/dashboard-page';
import { demo, demoPassword } from '../page-models/demo-data';
import { EmailConfirmationPage } from '../page-models/email-confirmation-page';
import { buildCompletePlan, FinancialSettingsPage } from '../page-models/financial-settings-page';
import { LoginPage } from '../page-models/login-page';
import { readConfirmationLinkTo } from '../page-models/mailbox';
import { type PaymentDetails, PaymentPage } from '../page-models/payment-page';
import { createCpf, createEmail } from '../page-models/people';
import { desktopViewport, PhoneLists, phoneViewport } from '../page-models/phone-lists';
import { PlansPage } from '../page-models/plans-page';
import { RegistrationPage } from '../page-models/registration-page';
import { SubscriptionPage } from '../page-models/subscription-page';
import { expect, test } from './fixtures';

/** The sandbox gateway's test cards: paid at once, and refused by the issuer. */
const paidCard = '4000 0000 0000 0010';
const declinedCard = '4000 0000 0000 0028';

const newClientPassword = 'Assinatura@2026';

const screens = [
  { name: 'on a desktop (1366 × 900)', viewport: desktopViewport },
  { name: 'on a phone (390 × 844)', viewport: phoneViewport },
] as const;

/** A name no earlier test used: the demo organization keeps its plans. */
function createPlanName(prefix: string): string {
  return `${prefix} ${Date.now() % 1_000_000}`;
}

/** R$ 30,00 of platform and R$ 120,00 of planning for six months: R$ 150,00 a month. */
function createSixMonthPlan(api: PrumoApi, managerKey: string, name: string) {
  return api.createPlan(managerKey, {
    name,
    type: 'service',
    platform_amount: 3_000,
    service_amount: 12_000,
    service_months: 6,
    serviceProvision: [
      { kind: 'planning', name: 'Planejamento', period: 6, description: 'Seis meses de encontros.', fee: 12_000 },
    ],
  });
}

/** A CEP the embedded lookup knows: Praça da Sé, Sé, São Paulo/SP. */
function buildPayment(cardNumber: string): PaymentDetails {
  return {
    cpf: createCpf(),
    zipcode: '01001000',
    number: '100',
    complement: 'Sala 2',
    holderName: 'Nina Nova',
    cardNumber,
    expiry: '1230',
    cvv: '123',
  };
}

async function expectNothingScrollsSideways(page: Page, screen: string): Promise<void> {
  const measured = await new PhoneLists(page).measureSidewaysScroll();
  expect(measured.page.scrollWidth, `${screen}: the page's width`).toBeLessThanOrEqual(measured.page.clientWidth);
  expect(measured.boxes, `${screen}: boxes scrolling sideways`).toEqual([]);
}

interface NewClient {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * A client no other test touched (a subscription stays with its client): signed up through the
 * planner's invitation (with a plan's hash when given), confirmed by e-mail, then signed in. Where
 * the sign-in lands is the caller's to check. `confirmElsewhere`: the e-mail is opened in another
 * browser (a phone's mail app), which never saw the sign-up: the browser's storage is emptied first.
 */
async function signUpNewClient(
  page: Page,
  plannerHash: string,
  planHash?: string,
  { confirmElsewhere = false }: { confirmElsewhere?: boolean } = {},
): Promise<NewClient> {
  const registration = new RegistrationPage(page);
  const client = { email: createEmail('assinante'), firstName: 'Nina', lastName: 'Nova' };
  const address = `/${demo.slug}/cadastro/cliente/${plannerHash}${planHash ? `/${planHash}` : ''}`;
  await page.goto(address);
  await registration.register({
    ...client,
    phone: '(11) 91234-5678',
    cpf: createCpf(),
    password: newClientPassword,
    passwordConfirmation: newClientPassword,
  });
  await expect(registration.accountCreatedHeading).toBeVisible();
  if (planHash)
    await expect(page.getByText('Ao entrar, você segue para a assinatura do plano escolhido.')).toBeVisible();

  await expect
    .poll(() => readConfirmationLinkTo(client.email), { message: `a confirmation e-mail to ${client.email}` })
    .toMatch(/\/confirmar\//);
  if (confirmElsewhere) await page.evaluate('window.localStorage.clear(); window.sessionStorage.clear()');
  await page.goto((await readConfirmationLinkTo(client.email)) as string);
  const confirmation = new EmailConfirmationPage(page);
  await expect(confirmation.result('E-mail confirmado')).toBeVisible();
  if (planHash) await expect(page.getByText('para seguir para a assinatura do plano escolhido.')).toBeVisible();
  await confirmation.goToSignIn();
  await new LoginPage(page).signIn(client.email, newClientPassword);
  await expect(new AppShell(page).userMenuButtonOf(`${client.firstName} ${client.lastName}`)).toBeVisible();
  return client;
}

test.describe('Subscriptions', () => {
  // Each test signs a new client up (e-mail confirmation included) and pays through the gateway.
  test.describe.configure({ timeout: 120_000 });

  let plannerHash: string;
  let managerKey: string;

  test.beforeEach(async ({ api }) => {
    plannerHash = await api.invitationHashOf(demo.planner.email, demoPassword, demo.slug);
    managerKey = await api.signIn(demo.manager.email, demoPassword, demo.slug);
  });

  test.afterEach(async ({ api }) => {
    await api.signOut(managerKey);
  });

  // The two stories a paying client lives, on a wide screen and on a phone.
  for (const screen of screens) {
    test.describe(screen.name, () => {
      test.use({ viewport: screen.viewport });

      test('a manager creates a plan; a client subscribes from Planos by card, sees it on Assinatura, changes the card, cancels and reactivates', async ({
        page,
        api,
        signInAs,
        shell,
      }) => {
        const planName = createPlanName('Plano Assinatura');
        const financial = new FinancialSettingsPage(page);
        await signInAs(demo.slug, demo.manager);
        await financial.open(demo.slug);
        await expect(financial.gatewaySection.getByRole('combobox', { name: 'Gateway', exact: true })).toHaveValue(
          'Ambiente de testes do Prumo',
        );
        await financial.openNewPlan();
        await financial.fillPlan(buildCompletePlan(planName));
        await financial.savePlan();
        await expect(shell.snackbars.success('Plano criado')).toBeVisible();
        await expect(financial.plan(planName)).toContainText('R$ 250,00');
        await shell.signOut();

        const client = await signUpNewClient(page, plannerHash);
        await expect(page).toHaveURL(DashboardPage.path(demo.slug));

        // No subscription yet: Assinatura (in the user menu) leads to the plans.
        await shell.openUserMenu();
        await page.getByRole('menuitem', { name: 'Assinatura', exact: true }).click();
        const subscriptionPage = new SubscriptionPage(page);
        await expect(page).toHaveURL(SubscriptionPage.path(demo.slug));
        await expect(subscriptionPage.noSubscriptionHeading).toBeVisible();
        await subscriptionPage.plansLink.click();

        const plansPage = new PlansPage(page);
        await expect(page).toHaveURL(PlansPage.path(demo.slug));
        await expect(plansPage.currentPlanMark(planName)).toHaveCount(0);
        await plansPage.subscribeLink(planName).click();

        // 1 Plano proposto.
        const payment = new PaymentPage(page);
        await expect(page).toHaveURL(/\/payment\/[A-Za-z0-9_-]+$/);
        await expect(payment.planHeading(planName)).toBeVisible();
        await expect(payment.proposal).toContainText('Encontros mensais com o planejador durante um ano.');
        await expect(payment.proposalTotal).toHaveText('R$ 250,00');
        await payment.continueButton.click();

        // 2 Pagamento e assinatura: nothing sent until the form is complete.
        await expect(payment.paymentForm).toBeVisible();
        // The demo organization pays on Prumo's test gateway: the client is told no money moves.
        await expect(
          payment.paymentForm.getByText('Nenhum valor é cobrado de verdade.', { exact: false }),
        ).toBeVisible();
        await payment.pay();
        await expect(shell.snackbars.error('Preencha corretamente os campos obrigatórios')).toBeVisible();
        // The snackbar sits over the form's foot for 4 s: closed, as a person would.
        await shell.snackbars.close(shell.snackbars.error('Preencha corretamente os campos obrigatórios'));
        await expect(payment.errorOf('CPF')).toHaveText('Número de CPF é obrigatório');
        await expect(payment.errorOf('Número do cartão')).toHaveText('Campo obrigatório');

        await payment.fill(buildPayment(paidCard));
        await expectNothingScrollsSideways(page, 'the filled payment form');
        await expect(payment.field('CPF')).toHaveValue(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
        await expect(payment.field('CEP')).toHaveValue('01001-000');
        await expect(payment.field('Rua')).toHaveValue('Praça da Sé');
        await expect(payment.field('Bairro')).toHaveValue('Sé');
        await expect(payment.field('Cidade')).toHaveValue('São Paulo');
        await expect(payment.field('Estado')).toHaveValue('sp');
        await expect(payment.field('Número do cartão')).toHaveValue(paidCard);
        await expect(payment.field('Validade')).toHaveValue('12/30');
        await payment.pay();

        // 3 Concluído.
        await expect(payment.doneHeading).toBeVisible();
        await expect(page.getByText(`Você assinou o plano ${planName}.`, { exact: false })).toBeVisible();
        await payment.subscriptionLink.click();

        await expect(page).toHaveURL(SubscriptionPage.path(demo.slug));
        await expect(subscriptionPage.planHeading(planName)).toBeVisible();
        await expect(subscriptionPage.status('Ativa')).toBeVisible();
        await expect(subscriptionPage.summary('Valor por mês')).toHaveText('R$ 250,00');
        await expect(subscriptionPage.summary('Cartão')).toHaveText(/•••• 0010$/);
        await expect(subscriptionPage.summary('Próxima cobrança')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
        await expect(subscriptionPage.summary('Último pagamento')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
        await expect(subscriptionPage.chargeRows()).toHaveCount(1);
        await expect(subscriptionPage.chargeRows().first()).toContainText('R$ 250,00');
        await expect(subscriptionPage.chargeRows().first()).toContainText('Pago');
        await expectNothingScrollsSideways(page, 'Assinatura');

        const clientKey = await api.signIn(client.email, newClientPassword, demo.slug);
        expect(await api.currentSubscription(clientKey)).toMatchObject({ status: 'active', plan_code: 2 });

        await plansPage.open(demo.slug);
        await expect(plansPage.currentPlanMark(planName)).toBeVisible();

        await subscriptionPage.open(demo.slug);
        // Another card from now on: tokenized in the browser like the first one.
        await subscriptionPage.changeCard({
          holderName: 'Nina Nova',
          cardNumber: paidCard,
          expiry: '0131',
          cvv: '321',
        });
        await expect(shell.snackbars.success('Cartão alterado')).toBeVisible();
        await expect(subscriptionPage.changeCardDialog).toBeHidden();
        await expect(subscriptionPage.summary('Cartão')).toHaveText(/•••• 0010$/);

        await subscriptionPage.cancelSubscription();
        await expect(shell.snackbars.success('Assinatura cancelada')).toBeVisible();
        await expect(subscriptionPage.status('Cancelada')).toBeVisible();
        await expect(subscriptionPage.cancelButton).toHaveCount(0);

        await subscriptionPage.reactivateButton.click();
        await expect(shell.snackbars.success('Assinatura reativada')).toBeVisible();
        await expect(subscriptionPage.status('Ativa')).toBeVisible();
        expect(await api.currentSubscription(clientKey)).toMatchObject({ status: 'active' });
        await api.signOut(clientKey);
      });

      test('a sign-up link with a plan leads to its payment, the e-mail confirmed in another browser; a declined card shows why and leaves no active plan', async ({
        page,
        api,
        shell,
      }) => {
        const planName = createPlanName('Plano Recusa');
        const plan = await createSixMonthPlan(api, managerKey, planName);

        // The confirmation e-mail is opened in another browser: the plan's payment follows there too.
        const client = await signUpNewClient(page, plannerHash, plan.hashed_id, { confirmElsewhere: true });
        const payment = new PaymentPage(page);
        await expect(page).toHaveURL(PaymentPage.path(demo.slug, plan.hashed_id));
        await expect(payment.planHeading(planName)).toBeVisible();
        await expect(payment.proposalTotal).toHaveText('R$ 150,00');
        await expectNothingScrollsSideways(page, 'the proposed plan');
        await payment.continueButton.click();

        await payment.fill(buildPayment(declinedCard));
        await expect(payment.field('Rua')).toHaveValue('Praça da Sé');
        await expectNothingScrollsSideways(page, 'the payment form');
        await payment.pay();

        await expect(payment.paymentRefusal).toContainText(
          'Pagamento recusado pelo banco emissor do cartão. Verifique os dados ou use outro cartão.',
        );
        await expect(payment.paymentForm).toBeVisible();
        await expect(payment.doneHeading).toHaveCount(0);
        await expect(page).toHaveURL(PaymentPage.path(demo.slug, plan.hashed_id));
        // What was typed stays for another card.
        await expect(payment.field('Rua')).toHaveValue('Praça da Sé');
        await expectNothingScrollsSideways(page, 'the refused payment');

        const clientKey = await api.signIn(client.email, newClientPassword, demo.slug);
        const subscriptions = await api.subscriptions(clientKey);
        expect(subscriptions.filter((subscription) => subscription.status === 'active')).toEqual([]);
        expect((await api.currentSubscription(clientKey))?.status).not.toBe('active');
        await api.signOut(clientKey);

        const plansPage = new PlansPage(page);
        await plansPage.open(demo.slug);
        await expect(plansPage.card(planName)).toBeVisible();
        await expect(plansPage.currentPlanMark(planName)).toHaveCount(0);
        await expect(shell.userMenuButton).toBeVisible();
      });
    });
  }

  test.describe('on a phone (390 × 844)', () => {
    test.use({ viewport: phoneViewport });

    test('a plan the planner proposes opens the pending-subscription modal: Recusar declines it, Continuar leads to its payment', async ({
      page,
      api,
      shell,
    }) => {
      const planName = createPlanName('Plano Proposto');
      const plan = await createSixMonthPlan(api, managerKey, planName);
      const client = await signUpNewClient(page, plannerHash);
      await expect(page).toHaveURL(DashboardPage.path(demo.slug));
      const modal = page.getByRole('dialog', { name: 'Assinatura pendente' });
      await expect(modal).toHaveCount(0);
      await expectNothingScrollsSideways(page, 'the new client’s start page');

      const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
      const clientId = await api.clientIdOf(plannerKey, client.email);
      await api.proposeSubscription(plannerKey, plan.id, clientId);
      await page.reload();
      await expect(modal).toContainText(`Você tem o plano ${planName} aguardando sua resposta, por R$ 150,00 por mês.`);
      await expectNothingScrollsSideways(page, 'the pending-subscription modal');
      await modal.getByRole('button', { name: 'Recusar', exact: true }).click();
      await expect(shell.snackbars.success('Plano recusado')).toBeVisible();
      await expect(modal).toBeHidden();
      const clientKey = await api.signIn(client.email, newClientPassword, demo.slug);
      expect((await api.subscriptions(clientKey)).map((subscription) => subscription.status)).toEqual(['rejected']);

      // Proposed again: this time the client goes on to pay it.
      await api.proposeSubscription(plannerKey, plan.id, clientId);
      await page.reload();
      await modal.getByRole('button', { name: 'Continuar', exact: true }).click();
      const payment = new PaymentPage(page);
      await expect(page).toHaveURL(PaymentPage.path(demo.slug, plan.hashed_id));
      await expect(payment.planHeading(planName)).toBeVisible();
      await expect(payment.proposalTotal).toHaveText('R$ 150,00');
      await expect(modal).toHaveCount(0);
      await api.signOut(clientKey);
      await api.signOut(plannerKey);
    });

    test('a platform plan is accepted at the first step; its Assinatura fits the phone and the menu leaves it out', async ({
      page,
      api,
      shell,
    }) => {
      const planName = createPlanName('Plano Plataforma');
      const plan = await api.createPlan(managerKey, { name: planName, type: 'platform', platform_amount: 1_990 });
      await signUpNewClient(page, plannerHash, plan.hashed_id);

      const payment = new PaymentPage(page);
      await expect(page).toHaveURL(PaymentPage.path(demo.slug, plan.hashed_id));
      await expect(payment.proposalTotal).toHaveText('R$ 19,90');
      await payment.acceptPlatformButton.click();
      await expect(payment.doneHeading).toBeVisible();
      await expect(payment.paymentForm).toHaveCount(0);
      await expectNothingScrollsSideways(page, 'the finished subscription');

      await payment.subscriptionLink.click();
      const subscriptionPage = new SubscriptionPage(page);
      await expect(subscriptionPage.planHeading(planName)).toBeVisible();
      await expect(subscriptionPage.status('Ativa')).toBeVisible();
      await expect(subscriptionPage.changeCardButton).toHaveCount(0);
      await expectNothingScrollsSideways(page, 'Assinatura');

      // On the platform plan (plan_code 1) the user menu has no Assinatura (Open Finance and Reset Tour are every client's).
      await shell.openUserMenu();
      await expect(shell.userMenuItems()).toHaveText([
        'Editar perfil',
        'Open Finance',
        'Portal do Open Finance',
        'Reset Tour',
        'Sair',
      ]);
    });
  });
});
