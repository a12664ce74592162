import { BudgetPage } from '../page-models/budget-page';
import { demo, demoPassword } from '../page-models/demo-data';
import { FutureFlowPage, monthColumns } from '../page-models/future-flow-page';
import { MonthBudgetPage } from '../page-models/month-budget-page';
import { expect, test } from './fixtures';

const client = demo.client;

/** Mantine's green.9 and red.8: money in and money out. */
const incomeColour = 'rgb(43, 138, 62)';
const expenseColour = 'rgb(224, 49, 49)';

/** The month `count` months after `month` ("2026-11-01") as "2026-12", "12/2026" and "dezembro de 2026". */
function describeMonth(month: string, count: number) {
  const shifted = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + count, 1));
  const key = shifted.toISOString().slice(0, 7);
  return {
    key,
    date: `${key.slice(5, 7)}/${key.slice(0, 4)}`,
    name: new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(shifted),
  };
}

/** The client's plan for next month: salary and housing, and nothing for the month after (it follows). */
const plan = [
  { category: 'Renda', amount: 850_000 },
  { category: 'Moradia', amount: 320_000 },
] as const;

test.describe('Future flow', () => {
  let nextMonth: ReturnType<typeof describeMonth>;
  let monthAfter: ReturnType<typeof describeMonth>;
  let lastMonthShown: ReturnType<typeof describeMonth>;

  test.beforeEach(async ({ api }) => {
    // No planning task either: a month with one links to it.
    const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
    await api.deleteTasksOf(plannerKey, await api.clientIdOf(plannerKey, client.email));
    await api.signOut(plannerKey);
    const key = await api.signIn(client.email, demoPassword, demo.slug);
    const currentMonth = await api.currentMonth(key);
    nextMonth = describeMonth(currentMonth, 1);
    monthAfter = describeMonth(currentMonth, 2);
    lastMonthShown = describeMonth(currentMonth, 12);
    // Only this plan in the months shown, whatever other specs or the demo seed planned there.
    for (let offset = -2; offset <= 12; offset++) await api.clearBudget(key, describeMonth(currentMonth, offset).key);
    await api.planMonth(key, nextMonth.key, plan);
    // The month after plans nothing of its own: it follows next month's budget.
    await api.planMonth(
      key,
      monthAfter.key,
      plan.map((line) => ({ ...line, amount: 0 })),
    );
    await api.signOut(key);
  });

  test('a client sees next month with its planned amounts and both balance series, and opens the month', async ({
    page,
    signInAs,
    shell,
    futureFlow,
    monthBudget,
  }) => {
    await signInAs(demo.slug, client);
    await shell.openMenuEntry('Fluxo futuro');
    await expect(page).toHaveURL(FutureFlowPage.path(demo.slug));
    // The columns the page model reads by position.
    await expect(futureFlow.columnHeaders()).toHaveText([...monthColumns]);

    await expect(futureFlow.plannedIn(nextMonth.date, 'income')).toHaveText('R$ 8.500,00');
    await expect(futureFlow.plannedIn(nextMonth.date, 'income')).toHaveCSS('color', incomeColour);
    await expect(futureFlow.plannedIn(nextMonth.date, 'expense')).toHaveText('R$ 3.200,00');
    await expect(futureFlow.plannedIn(nextMonth.date, 'expense')).toHaveCSS('color', expenseColour);
    await expect(futureFlow.planOrigin(nextMonth.date)).toHaveText('Orçamento do mês');
    await expect(futureFlow.planOrigin(monthAfter.date)).toHaveText(`Segue ${nextMonth.date}`);
    await expect(futureFlow.plannedIn(monthAfter.date, 'income')).toHaveText('R$ 8.500,00');

    // Both lines: the plan from next month on, and the projection (nothing happened yet, so the plan).
    await expect(futureFlow.legendEntry('Saldo planejado')).toBeVisible();
    await expect(futureFlow.legendEntry('Saldo projetado')).toBeVisible();
    await expect(futureFlow.chartLines).toHaveCount(2);
    await expect(futureFlow.finalBalance('Saldo planejado', lastMonthShown.date)).toHaveText('R$ 63.600,00');
    await expect(futureFlow.finalBalance('Saldo projetado', lastMonthShown.date)).toHaveText('R$ 63.600,00');

    await futureFlow.openMonth(nextMonth.date);
    await expect(page).toHaveURL(MonthBudgetPage.path(demo.slug, nextMonth.key));
    await expect(monthBudget.heading(nextMonth.name)).toBeVisible();
    await expect(monthBudget.plannedTotal('Receitas planejadas')).toHaveText('R$ 8.500,00');
    await expect(monthBudget.plannedTotal('Despesas planejadas')).toHaveText('R$ 3.200,00');
    // The result is receitas less despesas, as the future flow's row has it.
    await expect(monthBudget.plannedTotal('Resultado planejado')).toHaveText('R$ 5.300,00');
  });

  test('a month that follows an earlier budget becomes its own by copying it', async ({
    page,
    signInAs,
    futureFlow,
    monthBudget,
    snackbars,
  }) => {
    await signInAs(demo.slug, client);
    await page.goto(FutureFlowPage.path(demo.slug));
    await futureFlow.openMonth(monthAfter.date);
    await expect(monthBudget.heading(monthAfter.name)).toBeVisible();
    await expect(monthBudget.followedPlanNotice(nextMonth.date)).toBeVisible();
    // The cards show the plan the month follows, as the notice above them says.
    await expect(monthBudget.plannedTotal('Receitas planejadas')).toHaveText('R$ 8.500,00');
    await expect(monthBudget.plannedTotal('Despesas planejadas')).toHaveText('R$ 3.200,00');

    await monthBudget.copyButton(nextMonth.date).click();
    await expect(snackbars.success('Orçamento do mês criado')).toBeVisible();
    await expect(monthBudget.followedPlanNotice(nextMonth.date)).toHaveCount(0);
    await expect(monthBudget.plannedTotal('Receitas planejadas')).toHaveText('R$ 8.500,00');

    await monthBudget.backToFutureFlow.click();
    await expect(futureFlow.planOrigin(monthAfter.date)).toHaveText('Orçamento do mês');
  });

  test('a one-off item stays in its month: the month after does not repeat it', async ({
    page,
    signInAs,
    futureFlow,
    snackbars,
  }) => {
    await signInAs(demo.slug, client);
    await page.goto(FutureFlowPage.path(demo.slug));
    await futureFlow.openMonth(nextMonth.date);
    const budget = new BudgetPage(page);
    await budget.addItem({
      category: 'Transporte',
      description: 'IPVA e licenciamento',
      amount: '2.500,00',
      recurrence: 'Só neste mês',
    });
    await expect(snackbars.success('Item criado')).toBeVisible();
    await expect(budget.row('Despesas', 'IPVA e licenciamento').getByRole('cell').nth(1)).toHaveText('R$ 2.500,00');

    await page.goto(FutureFlowPage.path(demo.slug));
    await expect(futureFlow.plannedIn(nextMonth.date, 'expense')).toHaveText('R$ 5.700,00');
    await expect(futureFlow.plannedIn(monthAfter.date, 'expense')).toHaveText('R$ 3.200,00');
  });
});
