import { BudgetPlanningPage } from '../page-models/budget-planning-page';
import { demo, demoPassword } from '../page-models/demo-data';
import { expect, test } from './fixtures';

const client = demo.client;

const monthNames = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/**
 * The month after today's in Brasília, where Prumo's months are (ADR 6): "dezembro/2026" as the
 * new-task form offers it, "2026-12" for the API. Computed from the real clock: nothing is frozen.
 */
function findNextMonthInBrasilia(): { label: string; month: string; date: string } {
  const [year = 0, month = 0] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number);
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  return {
    label: `${monthNames[nextMonth - 1]}/${nextYear}`,
    month: `${nextYear}-${String(nextMonth).padStart(2, '0')}`,
    date: `${String(nextMonth).padStart(2, '0')}/${nextYear}`,
  };
}

/** What the planner plans, typed in reais with comma decimals, and what the screens show. */
const plan = [
  {
    section: 'Receitas',
    category: 'Renda',
    description: 'Salário',
    typed: '8.250,75',
    shown: 'R$ 8.250,75',
    cents: 825_075,
  },
  {
    section: 'Despesas',
    category: 'Moradia',
    description: 'Aluguel',
    typed: '2.300,50',
    shown: 'R$ 2.300,50',
    cents: 230_050,
  },
  {
    section: 'Despesas',
    category: 'Alimentação',
    description: 'Supermercado',
    typed: '1180,25',
    shown: 'R$ 1.180,25',
    cents: 118_025,
  },
] as const;

test.describe('Issue 4: a planner plans the next month, the client accepts it', () => {
  let clientId: number;

  // Carla starts with no task and an empty budget for next month, whatever ran before.
  test.beforeEach(async ({ api }) => {
    const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
    clientId = await api.clientIdOf(plannerKey, client.email);
    await api.deleteTasksOf(plannerKey, clientId);
    await api.signOut(plannerKey);
    const clientKey = await api.signIn(client.email, demoPassword, demo.slug);
    await api.clearBudget(clientKey, findNextMonthInBrasilia().month);
    await api.signOut(clientKey);
  });

  test('the planner creates the task, fills and finishes the budget; the client follows the bell, accepts and sees it in the future flow', async ({
    page,
    futureFlow,
    api,
    signInAs,
    dashboard,
    shell,
    tasksPage,
    notificationBell: bell,
  }) => {
    // Two people, two sign-ins and a budget typed in: the whole story, longer than one screen's test.
    test.slow();
    const nextMonth = findNextMonthInBrasilia();
    const title = `Planejamento do orçamento de ${nextMonth.label}`;
    const planning = new BudgetPlanningPage(page);

    // The planner opens Carla's tasks from her cash register and asks for next month's planning.
    await signInAs(demo.slug, demo.planner);
    await dashboard.openClientCashRegister(client.fullName);
    await shell.openMenuEntry('Avisos e importações');
    await expect(page).toHaveURL(new RegExp(`/tarefas-e-avisos\\?clientId=${clientId}$`));
    await tasksPage.createTask({ type: 'Planejamento do orçamento', month: nextMonth.label });
    await expect(shell.snackbars.success('Tarefa criada')).toBeVisible();
    // Carla does not see it yet: it is the planner's draft until finished (ADR 6).
    await expect(tasksPage.statusOf(title)).toHaveText('Rascunho');

    // Following the task opens its planning, for Carla, on next month's empty budget.
    await tasksPage
      .row(title)
      .getByRole('link', { name: `Abrir: ${title}`, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/planejamento\\?task=\\d+&client=${clientId}$`));
    await expect(planning.title(title)).toBeVisible();
    await expect(planning.header(title)).toContainText(`${client.fullName} · Orçamento de`);
    await expect(planning.header(title)).toContainText('Rascunho');
    await expect(planning.header(title)).toContainText('O cliente ainda não vê este planejamento.');
    // Next month has no items of its own yet: it shows the plan it follows, and says so.
    await expect(page.getByText(/^Sem itens próprios, este mês segue o orçamento de \d{2}\/\d{4}/)).toBeVisible();

    for (const item of plan) {
      await planning.budget.addItem({ category: item.category, description: item.description, amount: item.typed });
      // The last snackbar: the one before may still be fading out.
      await expect(shell.snackbars.success('Item criado').last()).toBeVisible();
      await expect(planning.plannedAmount(item.section, item.description)).toHaveText(item.shown);
    }
    await planning.finishButton.click();
    await expect(shell.snackbars.success('Planejamento enviado ao cliente')).toBeVisible();
    await expect(planning.header(title)).toContainText('Pendente');
    await shell.signOut();

    // Carla sees the planning in her bell, and following it opens the same planning.
    await signInAs(demo.slug, client);
    await expect(bell.button).toHaveAccessibleName('Tarefas novas: 1 tarefa nova');
    await bell.open();
    await expect(bell.item(title)).toBeVisible();
    await bell.followLink(title).click();
    await expect(page).toHaveURL(new RegExp(`/planejamento\\?task=\\d+&client=${clientId}$`));
    await expect(planning.title(title)).toBeVisible();
    for (const item of plan) {
      await expect(planning.plannedAmount(item.section, item.description)).toHaveText(item.shown);
    }
    await expect(page.getByText('Receitas planejadas').locator('..')).toContainText('R$ 8.250,75');

    await planning.acceptButton.click();
    await expect(shell.snackbars.success('Planejamento aceito')).toBeVisible();
    await expect(planning.header(title)).toContainText('Concluído');
    await expect(planning.header(title)).toContainText('Você aceitou este planejamento.');
    await expect(planning.acceptButton).toBeDisabled();

    // Accepted, the task is done: gone from the bell.
    await expect(bell.button).toHaveAccessibleName('Tarefas novas');
    await bell.open();
    await expect(bell.panel).toContainText('Nenhuma tarefa nova');
    await expect(bell.item(title)).toHaveCount(0);

    // Next month in her future flow: the plan's money in and out, and both balance series.
    await shell.openMenuEntry('Fluxo futuro');
    await expect(futureFlow.plannedIn(nextMonth.date, 'income')).toHaveText('R$ 8.250,75');
    await expect(futureFlow.plannedIn(nextMonth.date, 'expense')).toHaveText('R$ 3.480,75');
    await expect(futureFlow.planOrigin(nextMonth.date)).toHaveText('Orçamento do mês');
    await expect(futureFlow.legendEntry('Saldo planejado')).toBeVisible();
    await expect(futureFlow.legendEntry('Saldo projetado')).toBeVisible();
    await expect(futureFlow.chartLines).toHaveCount(2);

    const clientKey = await api.signIn(client.email, demoPassword, demo.slug);
    expect(await api.plannedAmounts(clientKey, nextMonth.month)).toEqual(
      Object.fromEntries(plan.map((item) => [item.description, item.cents])),
    );
    await api.signOut(clientKey);
  });

  test('an empty month starts from a copy of the plan it follows; a planning that does not exist says so', async ({
    page,
    api,
    signInAs,
    shell,
  }) => {
    const nextMonth = findNextMonthInBrasilia();
    const planning = new BudgetPlanningPage(page);
    const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
    const task = await api.createTask(plannerKey, 'budget-planning', {
      client: clientId,
      start: `${nextMonth.month}-01`,
    });
    await api.signOut(plannerKey);
    // The plan next month follows now: this month's, as Carla keeps it.
    const clientKey = await api.signIn(client.email, demoPassword, demo.slug);
    const currentMonth = await api.currentMonth(clientKey);
    await api.planMonth(clientKey, currentMonth.slice(0, 7), [{ category: 'Moradia', amount: 210_000 }]);
    const followed = `${currentMonth.slice(5, 7)}/${currentMonth.slice(0, 4)}`;

    await signInAs(demo.slug, demo.planner);
    await page.goto(`${BudgetPlanningPage.path(demo.slug)}?task=${task.id}&client=${clientId}`);
    await expect(planning.title(task.title)).toBeVisible();
    const copy = page.getByRole('button', { name: `Copiar o orçamento de ${followed}`, exact: true });
    await copy.click();
    await expect(shell.snackbars.success('Orçamento copiado: ajuste o que mudar neste mês.')).toBeVisible();
    await expect(planning.budget.section('Despesas')).toContainText('Moradia');
    // The month plans something now: nothing more to copy.
    await expect(copy).toHaveCount(0);
    expect(await api.plannedAmounts(clientKey, nextMonth.month)).toEqual(
      await api.plannedAmounts(clientKey, currentMonth.slice(0, 7)),
    );
    await api.signOut(clientKey);

    await page.goto(`${BudgetPlanningPage.path(demo.slug)}?task=999999&client=${clientId}`);
    await expect(page.getByText('Planejamento não encontrado', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Ver todos os planejamentos', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/planejamento\\?client=${clientId}$`));
  });
});
