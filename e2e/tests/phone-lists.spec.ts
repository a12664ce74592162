import type { Page } from '@playwright/test';
import type { PrumoApi } from '../page-models/api';
import { CashRegisterPage } from '../page-models/cash-register-page';
import { demo, demoPassword } from '../page-models/demo-data';
import { desktopViewport, PhoneLists, phoneViewport } from '../page-models/phone-lists';
import { santander2016Ofx } from '../page-models/statement-fixtures';
import { expect, test } from './fixtures';

// Caio, as in the cash-flow spec: his files are deleted after each test, and the tasks they made.
const client = demo.secondClient;
/** The Santander statement's lines: 24 from 01/08/2016 to 15/09/2016. */
const statementPeriod = '?start=2016-08-01&end=2016-09-15';
const depositLine = { name: 'DEPOSITO EM DINHEIRO NO ATM', amount: 'R$ 100,00' };

async function importStatementOfClient(api: PrumoApi): Promise<void> {
  const key = await api.signIn(client.email, demoPassword, demo.slug);
  await api.deleteStatementFiles(key);
  await api.uploadStatements(key, [santander2016Ofx.path]);
  await api.signOut(key);
}

async function removeWhatTheImportLeft(api: PrumoApi): Promise<void> {
  const clientKey = await api.signIn(client.email, demoPassword, demo.slug);
  await api.deleteStatementFiles(clientKey);
  await api.signOut(clientKey);
  const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
  await api.deleteTasksOf(plannerKey, await api.clientIdOf(plannerKey, client.email));
  await api.signOut(plannerKey);
}

/** Nothing on the screen scrolls sideways: neither the page nor any box inside it. */
async function expectNothingScrollsSideways(page: Page, screen: string): Promise<void> {
  const measured = await new PhoneLists(page).measureSidewaysScroll();
  expect(measured.page.scrollWidth, `${screen}: the page's width`).toBeLessThanOrEqual(measured.page.clientWidth);
  expect(measured.boxes, `${screen}: boxes scrolling sideways`).toEqual([]);
}

/** A list of cards that fits its box, and holds `count` cards. */
async function expectCardsFit(lists: PhoneLists, name: string, count: number): Promise<void> {
  await expect(lists.cards(name)).toHaveCount(count);
  const widths = await lists.listWidths(name);
  expect(widths.scrollWidth, `the list '${name}'`).toBeLessThanOrEqual(widths.clientWidth);
  await expect(lists.page.getByRole('table')).toHaveCount(0);
}

test.describe('Lists on a phone (390 × 844)', () => {
  test.use({ viewport: phoneViewport });
  // Each test imports a statement and walks several screens.
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ api }) => importStatementOfClient(api));
  test.afterEach(async ({ api }) => removeWhatTheImportLeft(api));

  test('Meu caixa: the lines are cards with every action, and the filters fold behind a counted button', async ({
    page,
    signInAs,
    cashRegister,
  }) => {
    const lists = new PhoneLists(page);
    await signInAs(demo.slug, client);
    await cashRegister.open(demo.slug, `${statementPeriod}&uncategorized=true`);

    // The filters wait behind 'Filtros', which counts the one set by the address.
    const filtersButton = page.getByRole('button', { name: 'Filtros (1 ativo)', exact: true });
    // The first page after signing in loads the screen's code too: on a busy machine it takes longer.
    await expect(filtersButton).toBeVisible({ timeout: 15_000 });
    await expect(filtersButton).toHaveAttribute('aria-expanded', 'false');
    await expect(cashRegister.categoryFilter).toBeHidden();
    await expect(cashRegister.rangeStartField).toBeVisible();

    const card = lists.card('Transações', depositLine.name);
    await expect(card).toContainText(depositLine.amount, { timeout: 15_000 });
    await expectNothingScrollsSideways(page, 'Meu caixa');
    await expect(card).toContainText('14/09/2016');
    // Every action of a wide screen's row is on its card.
    await expect(card.getByRole('checkbox', { name: `Selecionar ${depositLine.name}` })).toBeVisible();
    await expect(cashRegister.categoryPickerOf(depositLine.name)).toBeVisible();
    await expect(card.getByRole('switch', { name: `Ignorar ${depositLine.name}` })).toBeVisible();
    await expect(card.getByRole('button', { name: `Excluir ${depositLine.name}` })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Selecionar todas as transações da página' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nova transação', exact: true })).toBeVisible();
    await expect(cashRegister.exportButton).toBeVisible();

    // Selecting a card offers the bulk actions, as on a wide screen.
    await card.getByRole('checkbox', { name: `Selecionar ${depositLine.name}` }).click();
    await expect(page.getByText('1 transação selecionada')).toBeVisible();

    // Opened, the filters show; a second one counts too.
    await filtersButton.click();
    await expect(cashRegister.categoryFilter).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Sem categoria' })).toBeChecked();
    // The filters live in the address, so the box shows checked once the address changed.
    await page.getByRole('checkbox', { name: 'Mostrar ignoradas' }).click();
    await expect(page.getByRole('checkbox', { name: 'Mostrar ignoradas' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Filtros (2 ativos)', exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await page.getByRole('button', { name: 'Limpar filtros', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Filtros', exact: true })).toBeVisible();
    await expect(lists.cards('Transações')).toHaveCount(santander2016Ofx.lines);
    await expectNothingScrollsSideways(page, 'Meu caixa, filters open');
  });

  test('Arquivos, tasks, categorizing, budgets and the future flow fit the phone', async ({ page, signInAs }) => {
    const lists = new PhoneLists(page);
    await signInAs(demo.slug, client);

    await page.goto(`/app/${demo.slug}/arquivo`);
    await expectCardsFit(lists, 'Arquivos importados', 1);
    const fileCard = lists.card('Arquivos importados', santander2016Ofx.name);
    await expect(fileCard.getByRole('button', { name: `Baixar ${santander2016Ofx.name}` })).toBeVisible();
    await expect(fileCard.getByRole('button', { name: `Excluir ${santander2016Ofx.name}` })).toBeVisible();
    await expectNothingScrollsSideways(page, 'Arquivos');
    await fileCard.getByRole('button', { name: `Ver transações de ${santander2016Ofx.name}` }).click();
    await expect(lists.cards('Transações do arquivo')).toHaveCount(santander2016Ofx.lines);
    await expectNothingScrollsSideways(page, 'Transações do arquivo');
    await page.keyboard.press('Escape');

    await page.goto(`/app/${demo.slug}/tarefas-e-avisos`);
    const taskCard = lists.card('Tarefas', 'Categorizar transações importadas');
    await expect(taskCard).toBeVisible();
    await expect(taskCard.getByRole('link', { name: 'Abrir: Categorizar transações importadas' })).toBeVisible();
    await expect(taskCard.getByRole('button', { name: 'Ignorar: Categorizar transações importadas' })).toBeVisible();
    await expectNothingScrollsSideways(page, 'Tarefas');

    await page.goto(`/app/${demo.slug}/tarefa-de-categorizacao`);
    await expect(lists.card('Transações sem categoria', depositLine.name)).toBeVisible();
    await expect(page.getByRole('combobox', { name: `Categoria de ${depositLine.name}` })).toBeVisible();
    await expectNothingScrollsSideways(page, 'Categorização');

    await page.goto(`/app/${demo.slug}/fluxo-futuro`);
    await expect(lists.cards('Meses do fluxo futuro').first()).toBeVisible();
    await expectNothingScrollsSideways(page, 'Fluxo futuro');

    for (const screen of ['meu-orcamento', 'orcamento-ideal', 'planejamento']) {
      await page.goto(`/app/${demo.slug}/${screen}`);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expectNothingScrollsSideways(page, screen);
    }
  });

  test('a planner’s clients and a manager’s clients, planners and invitations fit the phone', async ({
    page,
    signInAs,
    shell,
  }) => {
    const lists = new PhoneLists(page);
    await signInAs(demo.slug, demo.planner);
    await expect(lists.card('Meus clientes', client.fullName)).toBeVisible();
    await expect(page.getByRole('link', { name: `Ver caixa de ${client.fullName}` })).toBeVisible();
    await expectNothingScrollsSideways(page, 'the planner’s dashboard');
    await shell.signOut();

    await signInAs(demo.slug, demo.manager);
    await page.goto(`/app/${demo.slug}/clientes`);
    const clientCard = lists.card('Clientes', client.fullName);
    await expect(clientCard).toContainText(client.email);
    await expect(clientCard.getByRole('combobox', { name: `Planejador de ${client.fullName}` })).toBeVisible();
    await expect(clientCard.getByRole('link', { name: `Ver caixa de ${client.fullName}` })).toBeVisible();
    await expectNothingScrollsSideways(page, 'Clientes');

    await page.goto(`/app/${demo.slug}/planejadores`);
    await expect(lists.card('Planejadores', demo.planner.fullName)).toContainText(demo.planner.email);
    await expect(page.getByRole('button', { name: 'Gerar link de planejador' })).toBeVisible();
    await expectNothingScrollsSideways(page, 'Planejadores');
  });
});

test.describe('Lists on a desktop (1366 px)', () => {
  test.use({ viewport: desktopViewport });
  test.describe.configure({ timeout: 60_000 });
  test.beforeEach(async ({ api }) => importStatementOfClient(api));
  test.afterEach(async ({ api }) => removeWhatTheImportLeft(api));

  test('Meu caixa keeps its table and its filters in view', async ({ page, signInAs }) => {
    const cashRegister = new CashRegisterPage(page);
    await signInAs(demo.slug, client);
    await cashRegister.open(demo.slug, `${statementPeriod}&uncategorized=true`);
    // The first page after signing in loads the screen's code too: on a busy machine it takes longer.
    await expect(page.getByRole('table', { name: 'Transações' })).toBeVisible({ timeout: 15_000 });
    // The first page after signing in loads the screen's code too: on a busy machine it takes longer.
    await expect(page.getByRole('table', { name: 'Transações' })).toBeVisible({ timeout: 15_000 });
    await expect(cashRegister.lineRow(depositLine.name)).toContainText(depositLine.amount);
    await expect(cashRegister.categoryFilter).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filtros/ })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Transações' })).toHaveCount(0);
    const measured = await new PhoneLists(page).measureSidewaysScroll();
    expect(measured.boxes).toEqual([]);
  });
});
