import type { APIRequestContext, Page } from '@playwright/test';
import type { PrumoApi } from '../page-models/api';
import { AppShell } from '../page-models/app-shell';
import { demo, demoPassword } from '../page-models/demo-data';
import { MonthBudgetPage } from '../page-models/month-budget-page';
import { santander2016Ofx } from '../page-models/statement-fixtures';
import { expect, test } from './fixtures';

/** DELETE every item of the client's ideal budget (GET budget-ideal/): it starts empty. */
async function clearIdealBudget(request: APIRequestContext, key: string): Promise<void> {
  const headers = { Authorization: `Token ${key}` };
  const ideal = (await (await request.get('/api/budget-ideal/', { headers })).json()) as {
    income_items: { id: number }[];
    expense_items_by_category: { expense_items: { id: number }[] }[];
  };
  const items = [...ideal.income_items, ...ideal.expense_items_by_category.flatMap((group) => group.expense_items)];
  for (const item of items) {
    const response = await request.delete(`/api/budget-ideal/ideal-item/${item.id}`, { headers });
    expect(response.status(), `DELETE budget-ideal/ideal-item/${item.id}`).toBe(204);
  }
}

/** On a 390 px phone, the page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'), { message: 'page width at 390 px' })
    .toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** "2026-11" moved by `months`. */
function shiftMonthKey(month: string, months: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, number - 1 + months, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

test.describe('the ideal budget', () => {
  // Carla.
  const client = demo.client;

  /** A month far ahead, which no other spec plans. */
  const pickMonth = async (api: PrumoApi, key: string) => shiftMonthKey((await api.currentMonth(key)).slice(0, 7), 40);

  test.afterEach(async ({ api, request }) => {
    const key = await api.signIn(client.email, demoPassword, demo.slug);
    await clearIdealBudget(request, key);
    await api.clearBudget(key, await pickMonth(api, key));
    await api.signOut(key);
  });

  test('the client defines an ideal item; then a month offers the copy and makes it', async ({
    page,
    api,
    request,
    signInAs,
    snackbars,
  }) => {
    const key = await api.signIn(client.email, demoPassword, demo.slug);
    await clearIdealBudget(request, key);
    const month = await pickMonth(api, key);
    await api.clearBudget(key, month);
    await api.signOut(key);

    await signInAs(demo.slug, client);
    const monthBudget = new MonthBudgetPage(page);
    await page.goto(MonthBudgetPage.path(demo.slug, month));
    const copyIdeal = page.getByRole('button', { name: 'Copiar o orçamento ideal', exact: true });
    // With nothing in the ideal budget, nothing to copy: the month says where to make it.
    await expect(page.getByRole('link', { name: 'Orçamento ideal', exact: true })).toBeVisible();
    await expect(copyIdeal).toHaveCount(0);

    await page.getByRole('link', { name: 'Orçamento ideal', exact: true }).click();
    await expect(page).toHaveURL(AppShell.path(demo.slug, 'orcamento-ideal'));
    await expect(page.getByText('Nenhum item no orçamento ideal ainda.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Novo item', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo item do orçamento ideal', exact: true });
    // A template has no dates: its items do not say how they repeat.
    await expect(dialog.getByText('Repetição', { exact: true })).toHaveCount(0);
    // A searchable list: the choice counts once the list has closed (see BudgetPage.choose).
    await expect(async () => {
      await dialog.getByRole('combobox', { name: 'Categoria' }).fill('Moradia');
      await page.getByRole('option', { name: 'Moradia', exact: true }).click({ timeout: 2_000 });
      await expect(page.getByRole('listbox', { name: 'Categoria' })).toBeHidden({ timeout: 1_000 });
    }).toPass();
    await dialog.getByRole('textbox', { name: 'Valor planejado' }).fill('1.800,00');
    await dialog.getByRole('button', { name: 'Salvar item', exact: true }).click();
    await expect(snackbars.success('Item criado')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Despesas' })).toContainText('Moradia · Toda a categoria');
    await expect(page.getByRole('table', { name: 'Despesas' })).toContainText('R$ 1.800,00');
    await expectNoSidewaysScroll(page);

    await page.goto(MonthBudgetPage.path(demo.slug, month));
    await expect(copyIdeal).toBeVisible();
    await copyIdeal.click();
    await expect(snackbars.success('Orçamento do mês criado')).toBeVisible();
    await expect(monthBudget.plannedTotal('Despesas planejadas')).toHaveText('R$ 1.800,00');
    const signedIn = await api.signIn(client.email, demoPassword, demo.slug);
    // The ideal's item, for the whole category (no description), is now the month's.
    expect(await api.plannedAmounts(signedIn, month)).toEqual({ '': 180_000 });
    await api.signOut(signedIn);
  });
});

test.describe('after an import', () => {
  // Caio, whose files other specs delete before and after theirs.
  const client = demo.secondClient;

  test.afterEach(async ({ api }) => {
    const key = await api.signIn(client.email, demoPassword, demo.slug);
    await api.deleteStatementFiles(key);
    await api.signOut(key);
  });

  test('Meu caixa opens on the days the imported file covers, says so, and goes back to the month', async ({
    page,
    api,
    signInAs,
    cashRegister,
    importDialog,
  }) => {
    const key = await api.signIn(client.email, demoPassword, demo.slug);
    await api.deleteStatementFiles(key);
    await api.signOut(key);

    await signInAs(demo.slug, client);
    await cashRegister.open(demo.slug);
    await page.getByRole('link', { name: 'Importar extratos', exact: true }).click();
    await importDialog.chooseFiles([santander2016Ofx.path]);
    await importDialog.send();
    await expect(importDialog.importedCount('1 arquivo importado')).toBeVisible({ timeout: 20_000 });
    await expect(importDialog.dialog.getByText('Transações de 01/08/2016 a 15/09/2016.')).toBeVisible();
    await importDialog.finish();

    const notice = page.getByRole('status', { name: 'Período dos arquivos importados' });
    await expect(notice).toContainText('Mostrando 01/08/2016 a 15/09/2016, o período dos arquivos importados.');
    await expect(page).toHaveURL(/start=2016-08-01&end=2016-09-15/);
    await expect(cashRegister.lineCount).toHaveText('24 transações · Página 1 de 1');
    await expectNoSidewaysScroll(page);

    await notice.getByRole('button', { name: 'Voltar ao mês atual', exact: true }).click();
    await expect(notice).toHaveCount(0);
    await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
  });
});

test.describe("after an import in a planner's client view", () => {
  const client = demo.secondClient;

  test.afterEach(async ({ api }) => {
    const key = await api.signIn(client.email, demoPassword, demo.slug);
    await api.deleteStatementFiles(key);
    await api.signOut(key);
  });

  test("the client's Meu caixa opens on the days the file covers", async ({ page, api, signInAs, importDialog }) => {
    const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
    const clientId = await api.clientIdOf(plannerKey, client.email);
    await api.signOut(plannerKey);

    await signInAs(demo.slug, demo.planner);
    await page.goto(AppShell.path(demo.slug, `cliente/${clientId}/importacao`));
    await importDialog.chooseFiles([santander2016Ofx.path]);
    await importDialog.send();
    await expect(importDialog.importedCount('1 arquivo importado')).toBeVisible({ timeout: 20_000 });
    await importDialog.finish();

    await expect(page).toHaveURL(new RegExp(`/cliente/${clientId}\\?.*start=2016-08-01&end=2016-09-15`));
    await expect(page.getByRole('status', { name: 'Período dos arquivos importados' })).toContainText(
      'Mostrando 01/08/2016 a 15/09/2016, o período dos arquivos importados.',
    );
    await expect(page.getByText(/^24 transações · Página 1 de 1$/)).toBeVisible();
  });
});

test.describe('a manager in a client view', () => {
  const client = demo.client;

  test('opens a client from Clientes and sees their Meu caixa, read-only', async ({ page, api, signInAs }) => {
    const key = await api.signIn(client.email, demoPassword, demo.slug);
    const month = (await api.currentMonth(key)).slice(0, 7);
    const line = await api.addCashFlowLine(key, {
      name: 'Feira do gestor',
      amount: -4_550,
      date: `${month}-10`,
      description: 'Supermercado',
    });
    try {
      await signInAs(demo.slug, demo.manager);
      await page.goto(AppShell.path(demo.slug, 'clientes'));
      await page.getByRole('link', { name: `Ver caixa de ${client.fullName}`, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/app/${demo.slug}/cliente/\\d+`));
      await expect(page.getByRole('heading', { name: `Caixa: ${client.fullName}` })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Somente leitura' })).toBeVisible();
      await expect(page.getByText('Feira do gestor', { exact: true })).toBeVisible();
      // No action that writes: no new line, no import, no selection, no deleting.
      await expect(page.getByRole('button', { name: 'Nova transação', exact: true })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Importar extratos', exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Excluir Feira do gestor' })).toHaveCount(0);
      await expect(page.getByRole('checkbox', { name: 'Selecionar Feira do gestor' })).toHaveCount(0);
      await expect(page.getByRole('switch', { name: 'Ignorar Feira do gestor' })).toBeDisabled();
      // Nor through the import's own address.
      await page.goto(`${new URL(page.url()).pathname.replace(/\/$/, '')}/importacao`);
      await expect(page.getByRole('heading', { name: `Caixa: ${client.fullName}` })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    } finally {
      await api.deleteCashFlowLine(key, line.id);
      await api.signOut(key);
    }
  });

  test('reads the budgets, the future flow, the planning and the tasks of a client, with no action that writes', async ({
    page,
    api,
    request,
    signInAs,
  }) => {
    const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
    const clientId = await api.clientIdOf(plannerKey, client.email);
    const clientKey = await api.signIn(client.email, demoPassword, demo.slug);
    // A month far ahead (within Fluxo futuro's 36 months), which no other spec plans, and the next
    // one, which follows its plan.
    const month = shiftMonthKey((await api.currentMonth(clientKey)).slice(0, 7), 30);
    const followingMonth = shiftMonthKey(month, 1);
    await api.clearBudget(clientKey, month);
    await clearIdealBudget(request, clientKey);
    await api.planMonth(clientKey, month, [{ category: 'Moradia', amount: 123_400 }]);
    const headers = { Authorization: `Token ${clientKey}` };
    const categories = (await (await request.get('/api/category/', { headers })).json()) as {
      id: number;
      name: string;
    }[];
    const housing = categories.find((category) => category.name === 'Moradia');
    const idealItem = await request.post('/api/budget-item/', {
      headers,
      params: { budget_ideal: 'True' },
      data: { category: housing?.id, description: null, amount: 98_700 },
    });
    expect(idealItem.status(), 'POST /api/budget-item/?budget_ideal=True').toBe(201);
    const planning = await api.createTask(plannerKey, 'budget-planning', { client: clientId, start: `${month}-01` });
    const readOnlyNotice = page.getByRole('status').filter({ hasText: 'Somente leitura' });
    const button = (name: string | RegExp) =>
      page.getByRole('button', typeof name === 'string' ? { name, exact: true } : { name });
    const withClient = (screen: string) => `${AppShell.path(demo.slug, screen)}?clientId=${clientId}`;
    try {
      await signInAs(demo.slug, demo.manager);
      const monthBudget = new MonthBudgetPage(page);

      // Orçamento do mês: the planned figures, no item to add, edit or delete.
      await page.goto(withClient(`orcamento-do-mes/${month}`));
      await expect(page.getByRole('heading', { name: `Orçamento do mês: ${client.fullName}` })).toBeVisible();
      await expect(readOnlyNotice).toBeVisible();
      await expect(page.getByText('R$ 1.234,00', { exact: true }).first()).toBeVisible();
      const plannedExpense = (await monthBudget.plannedTotal('Despesas planejadas').textContent()) ?? '';
      expect(plannedExpense).toMatch(/^R\$ [\d.]+,\d{2}$/);
      await expect(button('Novo item')).toHaveCount(0);
      await expect(button(/^(Editar|Excluir|Adicionar item em|Planejar) /)).toHaveCount(0);

      // A month that follows it: where its plan comes from, and no copy to make.
      await page.goto(withClient(`orcamento-do-mes/${followingMonth}`));
      await expect(page.getByRole('alert').filter({ hasText: 'Este mês segue o orçamento de' })).toBeVisible();
      await expect(monthBudget.plannedTotal('Despesas planejadas')).toHaveText(plannedExpense);
      await expect(button(/^Copiar o orçamento/)).toHaveCount(0);
      await expect(button('Novo item')).toHaveCount(0);

      // Orçamento ideal: its items, none to change.
      await page.goto(withClient('orcamento-ideal'));
      await expect(readOnlyNotice).toBeVisible();
      await expect(page.getByRole('table', { name: 'Despesas' })).toContainText('R$ 987,00');
      await expect(button('Novo item')).toHaveCount(0);
      await expect(button(/^(Editar|Excluir) /)).toHaveCount(0);

      // Fluxo futuro: the months and their plans.
      await page.goto(`${withClient('fluxo-futuro')}&meses=36`);
      await expect(readOnlyNotice).toBeVisible();
      await expect(page.getByRole('table', { name: 'Meses do fluxo futuro' })).toContainText(plannedExpense);
      await expect(button('Novo item')).toHaveCount(0);

      // Planejamento: the plan, without finishing it.
      await page.goto(`${AppShell.path(demo.slug, 'planejamento')}?task=${planning.id}&client=${clientId}`);
      await expect(readOnlyNotice).toBeVisible();
      await expect(page.getByRole('heading', { name: planning.title })).toBeVisible();
      await expect(monthBudget.plannedTotal('Despesas planejadas')).toHaveText(plannedExpense);
      await expect(button(/^(Finalizar|Aceitar) planejamento$/)).toHaveCount(0);
      await expect(button('Novo item')).toHaveCount(0);
      await expect(button(/^(Editar|Excluir) /)).toHaveCount(0);

      // Tarefas e avisos: asking for something stays open (ADR 13); importing does not.
      await page.goto(`${AppShell.path(demo.slug, 'tarefas-e-avisos')}?client=${clientId}`);
      await expect(readOnlyNotice).toBeVisible();
      await expect(page.getByText(planning.title, { exact: true })).toBeVisible();
      await expect(button('Nova tarefa')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Arquivos importados', exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Importar extratos', exact: true })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
    } finally {
      const deleted = await request.delete(`/api/tasks/task/${planning.id}/`, {
        headers: { Authorization: `Token ${plannerKey}` },
      });
      expect(deleted.status(), `DELETE /api/tasks/task/${planning.id}/`).toBe(204);
      await api.clearBudget(clientKey, month);
      await clearIdealBudget(request, clientKey);
      await api.signOut(clientKey);
      await api.signOut(plannerKey);
    }
  });
});
