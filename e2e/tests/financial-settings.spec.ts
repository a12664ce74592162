import type { Page } from '@playwright/test';
import { demo } from '../page-models/demo-data';
import { buildCompletePlan, FinancialSettingsPage } from '../page-models/financial-settings-page';
import { createCpf } from '../page-models/people';
import { PhoneLists, phoneViewport } from '../page-models/phone-lists';
import { PlansPage } from '../page-models/plans-page';
import { expect, test } from './fixtures';

/** A plan's name no earlier run or test used: the demo organization keeps its plans. */
function createPlanName(): string {
  return `Plano Completo ${Date.now() % 1_000_000}`;
}

async function expectNothingScrollsSideways(page: Page, screen: string): Promise<void> {
  const measured = await new PhoneLists(page).measureSidewaysScroll();
  expect(measured.page.scrollWidth, `${screen}: the page's width`).toBeLessThanOrEqual(measured.page.clientWidth);
  expect(measured.boxes, `${screen}: boxes scrolling sideways`).toEqual([]);
}

test.describe('Financeiro and Planos', () => {
  // Each test signs two people in and fills long forms.
  test.describe.configure({ timeout: 90_000 });

  test('a manager creates a plan with a service, and a client sees it on Planos with its total', async ({
    page,
    signInAs,
    shell,
  }) => {
    const planName = createPlanName();
    const financial = new FinancialSettingsPage(page);
    await signInAs(demo.slug, demo.manager);
    await shell.openMenuEntry('Financeiro');
    await expect(page).toHaveURL(FinancialSettingsPage.path(demo.slug));

    await financial.openNewPlan();
    await financial.fillPlan(buildCompletePlan(planName));
    await expect(financial.planTotalPreview()).toHaveText('Total por mês: R$ 250,00');
    await financial.savePlan();
    await expect(shell.snackbars.success('Plano criado')).toBeVisible();
    await expect(financial.planDialog).toBeHidden();
    await expect(financial.plan(planName)).toContainText('R$ 250,00');
    await expect(financial.plan(planName)).toContainText('Planejamento');
    await expect(financial.planActiveSwitch(planName)).toBeChecked();

    await shell.signOut();
    await signInAs(demo.slug, demo.client);
    const plansPage = new PlansPage(page);
    await plansPage.open(demo.slug);
    await expect(plansPage.card(planName)).toContainText('Encontros mensais com o planejador durante um ano.');
    await expect(plansPage.total(planName)).toHaveText('R$ 250,00');
    await expect(plansPage.card(planName)).toContainText('Serviços cobrados por 12 meses.');
    await expect(plansPage.subscribeLink(planName)).toHaveAttribute(
      'href',
      new RegExp(`^/app/${demo.slug}/payment/[A-Za-z0-9_-]{22}$`),
    );
  });

  test('a plan switched off leaves the client’s Planos, one left on stays', async ({ page, signInAs, shell }) => {
    const keptName = createPlanName();
    const switchedOffName = `${keptName} antigo`;
    const financial = new FinancialSettingsPage(page);
    await signInAs(demo.slug, demo.manager);
    await financial.open(demo.slug);
    for (const name of [keptName, switchedOffName]) {
      await financial.openNewPlan();
      await financial.fillPlan(buildCompletePlan(name));
      await financial.savePlan();
      await expect(financial.plan(name)).toBeVisible();
    }
    await financial.togglePlanActive(switchedOffName);
    await expect(shell.snackbars.success('Plano desativado')).toBeVisible();
    await expect(financial.planActiveSwitch(switchedOffName)).not.toBeChecked();
    await expect(financial.planActiveSwitch(keptName)).toBeChecked();

    await shell.signOut();
    await signInAs(demo.slug, demo.client);
    const plansPage = new PlansPage(page);
    await plansPage.open(demo.slug);
    await expect(plansPage.card(keptName)).toBeVisible();
    await expect(plansPage.card(switchedOffName)).toHaveCount(0);
  });

  test.describe('on a phone (390 × 844)', () => {
    test.use({ viewport: phoneViewport });

    test('Financeiro takes a bank account and a managing partner, and nothing scrolls sideways', async ({
      page,
      signInAs,
      shell,
    }) => {
      const financial = new FinancialSettingsPage(page);
      const suffix = String(Date.now() % 100_000);
      await signInAs(demo.slug, demo.manager);
      await financial.open(demo.slug);
      await expect(financial.bankAccountsSection).toBeVisible();
      await expectNothingScrollsSideways(page, 'Financeiro');

      await financial.addBankAccount({
        holderName: 'Prumo Demo Ltda',
        cnpj: '11222333000181',
        bankSearch: 'Itaú',
        bankOption: '341 – Itaú Unibanco',
        branch: '0932',
        account: `5${suffix}`,
        accountDigit: '1',
      });
      await expect(shell.snackbars.success('Conta bancária cadastrada')).toBeVisible();
      await expect(financial.bankAccount(`5${suffix}-1`)).toContainText('341 – Itaú Unibanco');

      const partnerName = `Ana Sócia ${suffix}`;
      await financial.openNewPartner();
      await financial.fillPartner({
        name: partnerName,
        email: `ana.${suffix}@exemplo.com.br`,
        cpf: createCpf(),
        birthdate: '15031980',
        phone: '11987654321',
        zipcode: '01310100',
        street: 'Avenida Paulista',
        number: '1000',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      });
      await expectNothingScrollsSideways(page, 'the managing partner form');
      await financial.savePartner();
      await expect(shell.snackbars.success('Sócio administrador cadastrado')).toBeVisible();
      await expect(financial.partner(partnerName)).toContainText('São Paulo/SP');

      await financial.openNewPlan();
      await financial.fillPlan(buildCompletePlan(createPlanName()));
      await expectNothingScrollsSideways(page, 'the plan form');
      await page.keyboard.press('Escape');
      await expectNothingScrollsSideways(page, 'Financeiro with its lists');

      await shell.signOut();
      await signInAs(demo.slug, demo.client);
      const plansPage = new PlansPage(page);
      await plansPage.open(demo.slug);
      await expect(
        page.getByRole('article').or(page.getByText('Nenhum plano disponível no momento.')).first(),
      ).toBeVisible();
      await expectNothingScrollsSideways(page, 'Planos');
    });
  });
});
