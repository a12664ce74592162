import { demo, demoPassword } from '../page-models/demo-data';
import { IndicatorsPage } from '../page-models/indicators-page';
import { createCpf, createEmail } from '../page-models/people';
import { PhoneLists, phoneViewport } from '../page-models/phone-lists';
import { expect, test } from './fixtures';

/** This year in Brasília, the screen's default period ("Este ano"). */
function findThisYear() {
  const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date());
  return { start: `${year}-01-01`, end: `${year}-12-31` };
}

/** "33,3%", as the screen writes a share. */
function formatShare(part: number, whole: number): string {
  return `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(Math.round((part * 1000) / whole) / 10)}%`;
}

/**
 * The demo planner courts two new prospects this year and one of them registers through the
 * invitation: whatever the organization had before, the year now counts two more prospects and one
 * more conversion, and the screen's figure is that share.
 */
async function addConvertedProspect(api: import('../page-models/api').PrumoApi) {
  const thisYear = findThisYear();
  const managerKey = await api.signIn(demo.manager.email, demoPassword, demo.slug);
  const before = await api.prospectFigures(managerKey, thisYear);
  const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
  const stamp = Date.now();
  await api.createProspect(plannerKey, `Indicador Aberto ${stamp}`);
  const converted = await api.createProspect(plannerKey, `Indicador Convertido ${stamp}`);
  await api.convertProspect(plannerKey, converted.id, {
    organization: demo.slug,
    email: createEmail('indicadores'),
    cpf: createCpf(),
    password: 'Cadastro@2026',
  });
  const after = await api.prospectFigures(managerKey, thisYear);
  expect(after).toEqual({ prospects: before.prospects + 2, converted: before.converted + 1 });
  await api.signOut(plannerKey);
  await api.signOut(managerKey);
  return formatShare(after.converted, after.prospects);
}

test.describe('Indicadores', () => {
  test('the manager opens Indicadores from the menu and reads the prospects’ conversion, the planners and the spreadsheet', async ({
    page,
    api,
    signInAs,
  }) => {
    test.setTimeout(90_000);
    const conversion = await addConvertedProspect(api);
    const indicators = new IndicatorsPage(page);
    await signInAs(demo.slug, demo.manager);
    await indicators.shell.openMenuEntry('Indicadores');
    // The screen writes its period into the address (?inicio=…&fim=…) once it opens.
    await expect(page).toHaveURL((url) => url.pathname === IndicatorsPage.path(demo.slug));
    await expect(indicators.heading).toBeVisible();

    await expect(indicators.figure('Conversão de prospects')).toHaveText(conversion);
    await expect(indicators.prospectsChart).toBeVisible();
    await expect(page.getByRole('table', { name: indicators.plannersLabel })).toContainText(demo.planner.fullName);

    const download = await indicators.exportSpreadsheet();
    expect(download.suggestedFilename()).toMatch(/^indicadores-\d{4}-01-01-a-\d{4}-12-31\.xlsx$/);

    // An end before the start is told beside it, and nothing is exported for it.
    const year = findThisYear().start.slice(0, 4);
    await indicators.typePeriod(`${year}-06-30`, `${year}-06-01`);
    await expect(page.getByText('A data final deve ser igual ou posterior à inicial.')).toBeVisible();
    await expect(indicators.exportButton).toHaveCount(0);
  });

  test('a planner has no Indicadores entry', async ({ page, signInAs }) => {
    await signInAs(demo.slug, demo.planner);
    await expect(new IndicatorsPage(page).shell.sideMenu.getByRole('link', { name: 'Indicadores' })).toHaveCount(0);
  });

  test.describe('on a phone (390 × 844)', () => {
    test.use({ viewport: phoneViewport });

    test('the figures and the planners fit the screen as cards', async ({ page, api, signInAs }) => {
      test.setTimeout(90_000);
      const conversion = await addConvertedProspect(api);
      const indicators = new IndicatorsPage(page);
      const phone = new PhoneLists(page);
      await signInAs(demo.slug, demo.manager);
      await indicators.shell.openMenuEntry('Indicadores');
      await expect(indicators.figure('Conversão de prospects')).toHaveText(conversion);
      await expect(phone.card(indicators.plannersLabel, demo.planner.fullName)).toBeVisible();
      await expect(indicators.prospectsChart).toBeVisible();
      expect(await phone.measureSidewaysScroll()).toEqual({ page: { scrollWidth: 390, clientWidth: 390 }, boxes: [] });
    });
  });
});
