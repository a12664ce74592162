import { demo, demoPassword } from '../page-models/demo-data';
import { PhoneLists, phoneViewport } from '../page-models/phone-lists';
import { countAccessLog, PlannerDeskPage, setClientStatus } from '../page-models/planner-desk-page';
import { expect, test } from './fixtures';

/** The first day of the month `months` away from `month` ("2026-11-01"). */
function shiftMonth(month: string, months: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, number - 1 + months, 1));
  return date.toISOString().slice(0, 10);
}

async function expectNothingScrollsSideways(page: PlannerDeskPage['page'], screen: string): Promise<void> {
  const measured = await new PhoneLists(page).measureSidewaysScroll();
  expect(measured.page.scrollWidth, `${screen}: the page's width`).toBeLessThanOrEqual(measured.page.clientWidth);
  expect(measured.boxes, `${screen}: boxes scrolling sideways`).toEqual([]);
}

test.describe("the planner's desk", () => {
  // Two people's sessions and several screens each: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });
  const client = demo.client;
  const otherClient = demo.secondClient;
  let plannerKey = '';
  let clientId = 0;
  let taskId = 0;

  test.beforeEach(async ({ api }) => {
    plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
    clientId = await api.clientIdOf(plannerKey, client.email);
    // A task whose end has passed: Carla shows under 'Com tarefas atrasadas'.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const month = `${today.slice(0, 7)}-01`;
    const task = await api.createTask(plannerKey, 'import', {
      client: clientId,
      start: shiftMonth(month, -2),
      end: shiftMonth(month, -1),
    });
    taskId = task.id;
  });

  test.afterEach(async ({ request }) => {
    const headers = { Authorization: `Token ${plannerKey}` };
    if (taskId) expect((await request.delete(`/api/tasks/task/${taskId}/`, { headers })).status()).toBe(204);
    taskId = 0;
    await setClientStatus(request, plannerKey, clientId, 'ativo');
    await request.post('/api/rest-auth/logout/', { headers });
  });

  test('the planner filters the book, opens a client (recorded) and pauses them; the client sees the access', async ({
    page,
    request,
    signInAs,
    shell,
    snackbars,
  }) => {
    const desk = new PlannerDeskPage(page);
    await signInAs(demo.slug, demo.planner);
    await expect(desk.clientEntry(client.fullName)).toBeVisible();
    await expect(desk.clientEntry(otherClient.fullName)).toBeVisible();

    await desk.toggleFilter('Com tarefas atrasadas');
    await expect(desk.clientEntry(client.fullName)).toBeVisible();
    await expect(desk.clientEntry(client.fullName)).toContainText('1 atrasada');
    await desk.toggleFilter('Com tarefas atrasadas');
    await desk.search('caio');
    await expect(desk.clientEntry(otherClient.fullName)).toBeVisible();
    await expect(desk.clientEntry(client.fullName)).toHaveCount(0);
    await desk.search('');
    await desk.sortBy('Tarefas atrasadas');
    await expect(desk.clientEntry(client.fullName)).toBeVisible();

    // Opening the client is recorded in their access log.
    const accessesBefore = await countAccessLog(request, plannerKey, clientId);
    await desk.openClient(client.fullName);
    await expect(page).toHaveURL(new RegExp(`/cliente/${clientId}$`));
    await expect.poll(() => countAccessLog(request, plannerKey, clientId)).toBe(accessesBefore + 1);

    // The status, set on the client view, takes the client out of the active book.
    await expect(desk.statusOf(client.fullName)).toHaveValue('Ativo');
    await desk.setStatus(client.fullName, 'Em pausa');
    await expect(snackbars.success(`${client.fullName}: Em pausa`)).toBeVisible();
    await expect(desk.statusOf(client.fullName)).toHaveValue('Em pausa');
    await page.goto(`/app/${demo.slug}/dashboard`);
    await expect(desk.clientEntry(otherClient.fullName)).toBeVisible();
    await expect(desk.clientEntry(client.fullName)).toHaveCount(0);
    await desk.showClients('Em pausa e encerrados');
    await expect(desk.clientEntry(client.fullName)).toBeVisible();
    await expect(desk.statusOf(client.fullName)).toHaveValue('Em pausa');
    // Paused, their task no longer falls overdue.
    await expect(desk.clientEntry(client.fullName)).not.toContainText('atrasada');
    await shell.signOut();

    await signInAs(demo.slug, client);
    await page.goto(PlannerDeskPage.accessLogPath(demo.slug));
    await expect(page.getByRole('tab', { name: 'Quem acessou meus dados' })).toHaveAttribute('aria-selected', 'true');
    const newest = desk.accessEntries().first();
    await expect(newest).toContainText(demo.planner.fullName);
    await expect(newest).toContainText('Abriu seus dados');
  });

  test('the book and the access log fit a 390 px phone', async ({ page, signInAs, shell }) => {
    const desk = new PlannerDeskPage(page);
    await page.setViewportSize(phoneViewport);
    await signInAs(demo.slug, demo.planner);
    const lists = new PhoneLists(page);
    await expect(lists.card('Meus clientes', client.fullName)).toBeVisible();
    await expect(desk.clientEntry(client.fullName)).toContainText('Gasto do mês');
    await expectNothingScrollsSideways(page, 'the planner’s book');
    await desk.openClient(client.fullName);
    await expect(desk.statusOf(client.fullName)).toBeVisible();
    await expectNothingScrollsSideways(page, 'the client view');
    await shell.signOut();

    await signInAs(demo.slug, client);
    await page.goto(PlannerDeskPage.accessLogPath(demo.slug));
    await expect(lists.cards('Quem acessou meus dados').first()).toContainText(demo.planner.fullName);
    await expectNothingScrollsSideways(page, 'Quem acessou meus dados');
  });
});
