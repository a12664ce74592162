import { demo, demoPassword } from '../page-models/demo-data';
import { TasksPage } from '../page-models/tasks-page';
import { expect, test } from './fixtures';

const client = demo.client;

const monthNames = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' });

/** "dezembro/2026" and "2026-12-01" for the month after today's in Brasília, as the new-task form offers it. */
function describeNextMonth(): { label: string; firstDay: string } {
  const [year = 0, monthNumber = 0] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number);
  const month = new Date(Date.UTC(year, monthNumber, 1));
  return {
    label: `${monthNames.format(month)}/${month.getUTCFullYear()}`,
    firstDay: `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}-01`,
  };
}

const notice = { title: 'Reunião de revisão na quinta', message: 'Traga as faturas do cartão de crédito.' };

test.describe('Tasks and notices', () => {
  let clientId: number;

  // Each test starts with Carla having no task, whatever ran before.
  test.beforeEach(async ({ api }) => {
    const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
    clientId = await api.clientIdOf(plannerKey, client.email);
    await api.deleteTasksOf(plannerKey, clientId);
    await api.signOut(plannerKey);
  });

  test('a planner creates a budget-planning task and a notice for a client on the client’s tasks screen', async ({
    page,
    signInAs,
    dashboard,
    shell,
    tasksPage,
  }) => {
    const nextMonth = describeNextMonth();
    const planningTitle = `Planejamento do orçamento de ${nextMonth.label}`;
    await signInAs(demo.slug, demo.planner);
    await dashboard.openClientCashRegister(client.fullName);
    await shell.openMenuEntry('Avisos e importações');
    await expect(page).toHaveURL(new RegExp(`/tarefas-e-avisos\\?clientId=${clientId}$`));
    await expect(page.getByRole('heading', { name: `Avisos e importações: ${client.fullName}` })).toBeVisible();
    await expect(page.getByText('Nenhuma tarefa.', { exact: true })).toBeVisible();

    await tasksPage.createTask({ type: 'Planejamento do orçamento', month: nextMonth.label });
    await expect(shell.snackbars.success('Tarefa criada')).toBeVisible();
    await expect(tasksPage.newTaskDialog).toHaveCount(0);
    await expect(tasksPage.row(planningTitle)).toBeVisible();
    // The client does not see it until the planner fills and finishes it (ADR 6).
    await expect(tasksPage.statusOf(planningTitle)).toHaveText('Rascunho');
    await expect(tasksPage.row(planningTitle)).toContainText(nextMonth.label);

    // One open planning per client and month: the second is refused with the reason.
    await tasksPage.createTask({ type: 'Planejamento do orçamento', month: nextMonth.label });
    await expect(
      shell.snackbars.error(`Este cliente já tem uma tarefa de planejamento pendente para ${nextMonth.label}.`),
    ).toBeVisible();
    await tasksPage.newTaskDialog.getByRole('button', { name: 'Cancelar', exact: true }).click();

    await tasksPage.showMode('Avisos');
    await expect(page).toHaveURL(/avisos=true/);
    await tasksPage.createTask({ type: 'Aviso', title: notice.title, message: notice.message });
    await expect(shell.snackbars.success('Aviso criado')).toBeVisible();
    await expect(tasksPage.row(notice.title)).toContainText(notice.message);
    await expect(tasksPage.statusOf(notice.title)).toHaveText('Novo');
  });

  test('the client sees new tasks in the bell, ignores one, and the planner sees it ignored', async ({
    page,
    api,
    signInAs,
    shell,
    dashboard,
    tasksPage,
    notificationBell: bell,
  }) => {
    const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
    const nextMonth = describeNextMonth();
    const planning = await api.createTask(plannerKey, 'budget-planning', {
      client: clientId,
      start: nextMonth.firstDay,
    });
    // A planning reaches the client once the planner has planned and finished it (ADR 6).
    await api.sendPlanning(
      plannerKey,
      { id: planning.id, client: clientId, month: nextMonth.firstDay.slice(0, 7) },
      { category: 'Moradia', amount: 250_000 },
    );
    await api.createTask(plannerKey, 'notification', { client: clientId, ...notice });
    await api.signOut(plannerKey);

    await signInAs(demo.slug, client);
    await expect(bell.button).toHaveAccessibleName('Tarefas novas: 2 tarefas novas');
    await bell.open();
    await expect(bell.item(planning.title)).toBeVisible();
    await expect(bell.item(notice.title)).toBeVisible();
    // Following a planning opens the planning screen with the task and the client.
    await expect(bell.followLink(planning.title)).toHaveAttribute(
      'href',
      `/app/${demo.slug}/planejamento?task=${planning.id}&client=${clientId}`,
    );

    await bell.ignore(notice.title);
    // "Aviso" is masculine: ignoring a notice says so.
    await expect(shell.snackbars.success('Aviso ignorado')).toBeVisible();
    await expect(bell.item(notice.title)).toHaveCount(0);
    await expect(bell.button).toHaveAccessibleName('Tarefas novas: 1 tarefa nova');

    // A notice opens the tasks screen in notices mode, where the ignored notice waits under 'Ignorados'.
    await bell.panel.getByRole('link', { name: 'Ver todas as tarefas e avisos' }).click();
    await expect(page).toHaveURL(TasksPage.path(demo.slug));
    await expect(tasksPage.statusOf(planning.title)).toHaveText('Nova');
    // A planning is accepted on its screen, where the plan is: the list opens it, it does not complete it.
    await expect(tasksPage.row(planning.title).getByRole('link', { name: `Abrir: ${planning.title}` })).toBeVisible();
    await expect(
      tasksPage.row(planning.title).getByRole('button', { name: `Concluir: ${planning.title}` }),
    ).toHaveCount(0);
    await tasksPage.showMode('Avisos');
    await expect(page.getByText('Nenhum aviso.', { exact: true })).toBeVisible();
    await tasksPage.showStatus('Ignorados');
    await expect(tasksPage.statusOf(notice.title)).toHaveText('Ignorado');

    await shell.signOut();
    await signInAs(demo.slug, demo.planner);
    await dashboard.openClientCashRegister(client.fullName);
    await shell.openMenuEntry('Avisos e importações');
    await tasksPage.showMode('Avisos');
    await expect(tasksPage.statusOf(notice.title)).toHaveText('Ignorado');
    await tasksPage
      .row(notice.title)
      .getByRole('button', { name: `Concluir: ${notice.title}` })
      .click();
    await expect(shell.snackbars.success('Aviso concluído')).toBeVisible();
    await expect(tasksPage.statusOf(notice.title)).toHaveText('Concluído');
  });
});
