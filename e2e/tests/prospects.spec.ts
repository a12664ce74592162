import { readFile } from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import { CashRegisterPage } from '../page-models/cash-register-page';
import { demo } from '../page-models/demo-data';
import { EmailConfirmationPage } from '../page-models/email-confirmation-page';
import { LoginPage } from '../page-models/login-page';
import { readConfirmationLinkTo } from '../page-models/mailbox';
import { createCpf, createEmail } from '../page-models/people';
import { PhoneLists, phoneViewport } from '../page-models/phone-lists';
import { ProspectsPage } from '../page-models/prospects-page';
import { RegistrationPage } from '../page-models/registration-page';
import { itauLongOfx, santander2016Ofx } from '../page-models/statement-fixtures';
import { expect, test } from './fixtures';

/** Both statements run from 01/08/2016 to 26/09/2016: this period holds every line. */
const statementsPeriod = { start: '01/08/2016', end: '30/09/2016' } as const;

/**
 * The prospect, in a browser of their own (not the planner's session): registers through the
 * invitation, confirms the e-mail, signs in and reads Meu caixa.
 */
async function registerInvitedProspect(
  browser: Browser,
  invitationLink: string,
  person: { email: string; firstName: string; lastName: string },
  viewport?: { width: number; height: number },
) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  try {
    const page = await context.newPage();
    const registration = new RegistrationPage(page);
    await page.goto(new URL(invitationLink).pathname);
    await registration.register({
      ...person,
      phone: '(11) 91234-5678',
      cpf: createCpf(),
      password: 'Cadastro@2026',
      passwordConfirmation: 'Cadastro@2026',
    });
    await expect(registration.accountCreatedHeading).toBeVisible();

    await expect
      .poll(() => readConfirmationLinkTo(person.email), { message: `a confirmation e-mail to ${person.email}` })
      .not.toBeNull();
    await page.goto((await readConfirmationLinkTo(person.email)) as string);
    const confirmation = new EmailConfirmationPage(page);
    await expect(confirmation.result('E-mail confirmado')).toBeVisible();
    const login = new LoginPage(page);
    await login.open(demo.slug);
    await login.signIn(person.email, 'Cadastro@2026');
    // Signing in checks the password at production cost: slow on a busy machine.
    await expect(page).toHaveURL(`/app/${demo.slug}/dashboard`, { timeout: 20_000 });

    const cashRegister = new CashRegisterPage(page);
    await cashRegister.open(demo.slug);
    await cashRegister.showPeriod(statementsPeriod.start, statementsPeriod.end);
    const expectedLines = itauLongOfx.lines + santander2016Ofx.lines;
    // Counted once: the statements came with the invitation, nobody imported them again.
    await expect(cashRegister.lineCount).toHaveText(new RegExp(`^${expectedLines} transações · Página 1 de \\d+$`));
    return page;
  } finally {
    await context.close();
  }
}

test.describe('Prospects', () => {
  test('a planner registers a prospect, reads their statements’ diagnosis and PDF, and the invited prospect finds the lines in Meu caixa', async ({
    page,
    browser,
    signInAs,
  }) => {
    test.setTimeout(120_000);
    const prospects = new ProspectsPage(page);
    const email = createEmail('prospect');
    const name = `Paula Prospect ${Date.now()}`;
    await signInAs(demo.slug, demo.planner);
    await prospects.shell.openMenuEntry('Prospects');
    await expect(page).toHaveURL(ProspectsPage.path(demo.slug));

    await prospects.create({ name, email, phone: '(11) 98765-4321', notes: 'Indicação de cliente' });
    await expect(prospects.snackbars.success('Prospect cadastrado')).toBeVisible();
    await expect(prospects.row(name)).toContainText('Novo');
    await prospects.openProspect(name);

    await prospects.uploadStatements([itauLongOfx.path, santander2016Ofx.path]);
    await expect(prospects.statementFile(itauLongOfx.name)).toContainText(`${itauLongOfx.lines} lançamentos novos`);
    await expect(prospects.statementFile(santander2016Ofx.name)).toContainText(
      `${santander2016Ofx.lines} lançamentos novos`,
    );

    await expect(prospects.diagnosis).toContainText('Extratos de 01/08/2016 a');
    await expect(prospects.summaryCard('Renda média por mês')).toContainText('R$');
    await expect(prospects.summaryCard('Capacidade de poupança por mês')).toContainText('da renda');
    await expect(prospects.monthsChart).toBeVisible();
    await expect(prospects.categoriesChart).toBeVisible();

    const download = await prospects.downloadPdf();
    expect(download.suggestedFilename()).toMatch(/^diagnostico-paula-prospect-\d+\.pdf$/);
    const pdf = await readFile((await download.path()) as string);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const invitationLink = await prospects.invite();
    expect(invitationLink).toMatch(new RegExp(`/${demo.slug}/cadastro/cliente/[A-Za-z0-9_-]+$`));

    await registerInvitedProspect(browser, invitationLink, { email, firstName: 'Paula', lastName: 'Prospect' });

    await page.reload();
    await expect(prospects.row(name)).toContainText('Convertido');
  });

  test.describe('on a phone (390 × 844)', () => {
    test.use({ viewport: phoneViewport });

    test('the list is cards, the diagnosis fits the screen, and the invited prospect registers at phone width', async ({
      page,
      browser,
      signInAs,
    }) => {
      test.setTimeout(120_000);
      const prospects = new ProspectsPage(page);
      const phone = new PhoneLists(page);
      const email = createEmail('prospect.celular');
      const name = `Celia Celular ${Date.now()}`;
      await signInAs(demo.slug, demo.planner);
      await prospects.open(demo.slug);
      await prospects.create({ name, email, phone: '11987654321' });
      await expect(phone.card('Prospects', name)).toContainText('Novo');
      expect(await phone.measureSidewaysScroll()).toEqual({ page: { scrollWidth: 390, clientWidth: 390 }, boxes: [] });

      await prospects.openProspect(name);
      await prospects.uploadStatements([itauLongOfx.path, santander2016Ofx.path]);
      await expect(prospects.statementFile(santander2016Ofx.name)).toBeVisible();
      await expect(prospects.monthsChart).toBeVisible();
      expect((await phone.measureSidewaysScroll()).page).toEqual({ scrollWidth: 390, clientWidth: 390 });

      const invitationLink = await prospects.invite();
      await registerInvitedProspect(
        browser,
        invitationLink,
        { email, firstName: 'Celia', lastName: 'Celular' },
        phoneViewport,
      );
    });
  });

  test('the prospect sends statements through the planner’s link once; a used link is refused', async ({
    page,
    browser,
    signInAs,
  }) => {
    test.setTimeout(90_000);
    const prospects = new ProspectsPage(page);
    const name = `Lia Link ${Date.now()}`;
    await signInAs(demo.slug, demo.planner);
    await prospects.open(demo.slug);
    await prospects.create({ name, email: createEmail('prospect.link'), phone: '11987654321' });
    await prospects.openProspect(name);
    await prospects.uploadLinkButton.click();
    const link = await prospects.uploadLink.inputValue();
    expect(link).toMatch(new RegExp(`/${demo.slug}/prospect-upload/[A-Za-z0-9_-]+$`));

    const visitor = await browser.newContext();
    try {
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(new URL(link).pathname);
      await expect(visitorPage.getByRole('heading', { name: 'Envie seus extratos' })).toBeVisible();
      await visitorPage.locator('input[type="file"]').setInputFiles([santander2016Ofx.path]);
      await visitorPage.getByRole('button', { name: 'Enviar extratos', exact: true }).click();
      await expect(
        visitorPage.getByText('Seu planejador vai analisá-los e entrará em contato com você.'),
      ).toBeVisible();
      await visitorPage.goto(new URL(link).pathname);
      await expect(visitorPage.getByText('Link inválido, expirado ou já usado.')).toBeVisible();
    } finally {
      await visitor.close();
    }

    await page.reload();
    await prospects.openProspect(name);
    await expect(prospects.statementFile(santander2016Ofx.name)).toContainText('enviado pelo prospect');
  });
});
