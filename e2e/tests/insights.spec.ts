import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { type DemoUser, demo, demoPassword } from '../page-models/demo-data';
import { FutureFlowPage } from '../page-models/future-flow-page';
import { InsightsPage } from '../page-models/insights-page';
import { createEmail } from '../page-models/people';
import { PhoneLists, phoneViewport } from '../page-models/phone-lists';
import { expect, test } from './fixtures';

const monthNames = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A bank statement of the current month spending R$ 3.200,00 and receiving R$ 1.000,00: a negative month. */
function buildNegativeMonthOfx(month: string): string {
  const day = `${month.slice(0, 4)}${month.slice(5, 7)}01`;
  const line = (amount: string, id: string, memo: string) =>
    `<STMTTRN><TRNTYPE>${amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${day}120000<TRNAMT>${amount}<FITID>${id}<MEMO>${memo}</STMTTRN>`;
  return [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260101120000<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>BRL',
    '<BANKACCTFROM><BANKID>0341<BRANCHID>4321<ACCTID>77001<ACCTTYPE>CHECKING</BANKACCTFROM>',
    '<BANKTRANLIST>',
    line('-3200.00', 'ins-1', 'ALUGUEL DO MES'),
    line('1000.00', 'ins-2', 'PIX RECEBIDO'),
    '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\n');
}

/** On a phone, nothing scrolls sideways (on a desktop, wide tables scroll in their own box by design). */
async function expectNothingScrollsSideways(page: Page, screen: string, phone: boolean): Promise<void> {
  if (!phone) return;
  const measured = await new PhoneLists(page).measureSidewaysScroll();
  expect(measured.page.scrollWidth, `${screen}: the page's width`).toBeLessThanOrEqual(measured.page.clientWidth);
  expect(measured.boxes, `${screen}: boxes scrolling sideways`).toEqual([]);
}

test.describe('Insights', () => {
  test.describe.configure({ timeout: 90_000 });

  let client: DemoUser;
  let title: string;

  // A client of their own: the demo client's money is other specs' too.
  test.beforeEach(async ({ api }) => {
    const email = createEmail('insights');
    client = { email, firstName: 'Ines', lastName: 'Cliente', fullName: 'Ines Cliente' };
    const hash = await api.invitationHashOf(demo.planner.email, demoPassword, demo.slug);
    await api.registerConfirmedClient(demo.slug, hash, { email, firstName: 'Ines', password: demoPassword });
    const key = await api.signIn(email, demoPassword, demo.slug);
    const month = await api.currentMonth(key);
    title = `Saldo negativo previsto em ${monthNames.format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`))}`;
    const directory = await mkdtemp(path.join(os.tmpdir(), 'prumo-insights-'));
    const file = path.join(directory, 'extrato-do-mes.ofx');
    await writeFile(file, buildNegativeMonthOfx(month));
    // The import queues the rules for this client once its files are in.
    await api.uploadStatements(key, [file]);
    await expect
      .poll(async () => (await api.insightTitles(key)).includes(title), { message: 'the insight of the import' })
      .toBe(true);
    await api.signOut(key);
  });

  for (const viewport of [
    { name: 'a desktop', size: { width: 1366, height: 900 }, phone: false },
    { name: 'a phone (390 px)', size: phoneViewport, phone: true },
  ]) {
    test(`on ${viewport.name}, the client opens the projected negative month and follows it to Fluxo futuro`, async ({
      page,
      signInAs,
    }) => {
      await page.setViewportSize(viewport.size);
      const insights = new InsightsPage(page);
      await signInAs(demo.slug, client);
      // The dashboard's card says why, with the figures.
      await expect(insights.insight(title)).toBeVisible();
      await expect(insights.insight(title)).toContainText('-R$ 2.200,00');
      await expect(insights.insight(title)).toContainText('R$ 2.200,00 abaixo de zero');
      await expectNothingScrollsSideways(page, 'dashboard', viewport.phone);

      // Every insight on its screen.
      await insights.allInsightsLink().click();
      await expect(page).toHaveURL(InsightsPage.path(demo.slug));
      await expect(insights.insight(title)).toBeVisible();
      await expect(insights.insight(title).getByText('Novo', { exact: true })).toBeVisible();
      await expectNothingScrollsSideways(page, 'insights', viewport.phone);

      await insights.linkOf(title, 'Ver no fluxo futuro').click();
      await expect(page).toHaveURL(FutureFlowPage.path(demo.slug));
      const futureFlow = new FutureFlowPage(page);
      await expect(futureFlow.chart).toBeVisible();
      await expect(page.getByLabel('Saldo mínimo (R$)', { exact: true })).toBeVisible();
      if (viewport.phone) await expect(new PhoneLists(page).cards('Meses do fluxo futuro').first()).toBeVisible();
      // The pointer that clicked the link now rests on the chart: its tooltip is the chart's own matter.
      await page.mouse.move(0, 0);
      await expectNothingScrollsSideways(page, 'fluxo futuro', viewport.phone);

      // Opened, it is read: no longer new.
      await page.goto(InsightsPage.path(demo.slug));
      await expect(insights.insight(title)).toBeVisible();
      await expect(insights.insight(title).getByText('Novo', { exact: true })).toHaveCount(0);
    });
  }
});
