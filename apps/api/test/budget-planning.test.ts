import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { budgetItems, budgets, tasks } from '../src/db/schema';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
  type TestUser,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;
let otherOrganization: TestOrganization;

beforeAll(async () => {
  // Mid-November 2026 in Brasília; users are made after freezing, so their sessions are valid.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-16T12:00:00Z'));
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

afterAll(() => {
  vi.useRealTimers();
});

interface PlanningTask {
  id: number;
  status: string;
  budget: number;
}

/** POST tasks/budget-planning/, as the planner's screens send it. */
function postPlanningTask(by: TestUser, body: Record<string, unknown>) {
  return call(context, 'POST', '/api/tasks/budget-planning/', { token: by.token, payload: body });
}

/**
 * A planning of `client`'s month, created by `creator` (their planner unless told) through the
 * generic call, then read as the planning screen reads it: with its target month and budget.
 */
async function createTask(
  target: TestOrganization,
  start: string,
  end: string | null = null,
  { creator = target.planner, client = target.client } = {},
): Promise<PlanningTask> {
  const created = await postPlanningTask(creator, { client: client.row.id, start, end });
  expect(created.statusCode, created.body).toBe(201);
  const read = await call(context, 'GET', `/api/tasks/budget-planning/${created.json().id}/?client=${client.row.id}`, {
    token: creator.token,
  });
  expect(read.statusCode, read.body).toBe(200);
  return read.json();
}

function changeStatus(by: TestUser, taskId: number, status: string, query = '') {
  return call(context, 'PUT', `/api/tasks/task/${taskId}/change-status/${query}`, {
    token: by.token,
    payload: { status },
  });
}

async function addRent(token: string, budgetId: number, query = '') {
  const categories: { id: number; name: string }[] = (await call(context, 'GET', '/api/category/', { token })).json();
  const moradia = categories.find((category) => category.name === 'Moradia');
  const response = await call(context, 'POST', `/api/budget-item/${query}`, {
    token,
    payload: { budget: budgetId, category: moradia?.id, amount: 180_000 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The planner plans the month's rent and finishes the planning: the draft is sent to the client (ADR 6). */
async function sendPlanning(target: TestOrganization, task: PlanningTask, client = target.client) {
  await addRent(target.planner.token, task.budget, `?clientId=${client.row.id}`);
  const finished = await call(
    context,
    'PUT',
    `/api/tasks/budget-planning/${task.id}/finish/?clientId=${client.row.id}`,
    {
      token: target.planner.token,
    },
  );
  expect(finished.statusCode, finished.body).toBe(200);
}

async function readStatus(taskId: number) {
  const [row] = await context.database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, taskId));
  return row?.status;
}

describe('a budget-planning task', () => {
  it('is made pending by a planner, and planned in its month’s budget', async () => {
    const created = await postPlanningTask(organization.planner, {
      client: organization.client.row.id,
      start: '2026-12-01',
      end: '2026-12-10',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      type: 'budget-planning',
      status: 'pending',
      title: 'Planejamento do orçamento de dezembro/2026',
      client: organization.client.row.id,
      created_by: organization.planner.row.id,
      start: '2026-12-01',
      end: '2026-12-10',
    });
    const task = await createTask(organization, '2027-02-01');
    expect(task).toMatchObject({
      type: 'budget-planning',
      status: 'pending',
      title: 'Planejamento do orçamento de fevereiro/2027',
      client: organization.client.row.id,
      client_name: 'cliente Teste',
      created_by: organization.planner.row.id,
      start: '2027-02-01',
      end: '2027-02-28',
      target_month: '2027-02-01',
    });
    const [budget] = await context.database.db.select().from(budgets).where(eq(budgets.id, task.budget));
    expect(budget).toMatchObject({
      clientUserId: organization.client.row.id,
      targetMonth: '2027-02-01',
      isIdeal: false,
    });

    const byClient = await postPlanningTask(organization.client, {
      client: organization.client.row.id,
      start: '2027-03-01',
    });
    expect(byClient.statusCode).toBe(403);
    expect(byClient.json()).toEqual({ detail: 'Sem permissão' });
    const notAMonth = await postPlanningTask(organization.planner, {
      client: organization.client.row.id,
      start: '2026-13-01',
    });
    expect(notAMonth.statusCode).toBe(400);
    expect(notAMonth.json()).toEqual({ start: ['Data inválida'] });
    const endBeforeStart = await postPlanningTask(organization.planner, {
      client: organization.client.row.id,
      start: '2027-03-10',
      end: '2027-03-01',
    });
    expect(endBeforeStart.statusCode).toBe(400);
    expect(endBeforeStart.json()).toEqual({ end: ['A data final deve ser igual ou posterior à data inicial.'] });
    const planned = await context.database.db
      .select({ start: tasks.start })
      .from(tasks)
      .where(eq(tasks.clientUserId, organization.client.row.id));
    expect(planned.map((row) => row.start).sort()).toEqual(['2026-12-01', '2027-02-01']);
  });

  it('is shown with its target month and budget to its client and their planner only', async () => {
    const task = await createTask(organization, '2027-01-05');
    const clientId = organization.client.row.id;
    await sendPlanning(organization, task);
    const asClient = await call(context, 'GET', `/api/tasks/budget-planning/${task.id}/`, {
      token: organization.client.token,
    });
    expect(asClient.statusCode).toBe(200);
    expect(asClient.json()).toMatchObject({ id: task.id, target_month: '2027-01-01', budget: task.budget });
    const asPlanner = await call(context, 'GET', `/api/tasks/budget-planning/${task.id}/?client=${clientId}`, {
      token: organization.planner.token,
    });
    expect(asPlanner.statusCode).toBe(200);
    expect(asPlanner.json().budget).toBe(task.budget);

    const otherClient = await call(context, 'GET', `/api/tasks/budget-planning/${task.id}/`, {
      token: organization.loneClient.token,
    });
    expect(otherClient.statusCode).toBe(404);
    expect(otherClient.json()).toEqual({ detail: 'Tarefas não encontradas' });
    const otherPlanner = await call(context, 'GET', `/api/tasks/budget-planning/${task.id}/?client=${clientId}`, {
      token: otherOrganization.planner.token,
    });
    expect(otherPlanner.statusCode).toBe(404);
    const wrongType = await call(context, 'GET', `/api/tasks/categorizing/${task.id}/`, {
      token: organization.client.token,
    });
    expect(wrongType.statusCode).toBe(404);
  });

  it('lists a client’s own tasks, a planner’s clients’ tasks, filtered by status, as a page', async () => {
    const target = await createTestOrganization(context);
    const first = await createTask(target, '2026-11-01');
    const second = await createTask(target, '2026-12-01');
    await sendPlanning(target, first);
    await sendPlanning(target, second);
    // The planner's draft of January: theirs to see, not the client's yet.
    await createTask(target, '2027-01-01');
    // A task of the lone client (who has no planner), made by the manager.
    await createTask(target, '2026-12-01', null, { creator: target.manager, client: target.loneClient });
    await context.database.db.update(tasks).set({ status: 'done' }).where(eq(tasks.id, first.id));

    const asClient = (await call(context, 'GET', '/api/tasks/budget-planning/', { token: target.client.token })).json();
    expect(asClient).toMatchObject({ count: 2, next: null, previous: null });
    expect(asClient.results.map((task: { id: number }) => task.id)).toEqual([second.id, first.id]);
    expect(asClient.results[0]).toMatchObject({ target_month: '2026-12-01', budget: second.budget, status: 'pending' });
    const pending = (
      await call(context, 'GET', '/api/tasks/budget-planning/?status=pending', { token: target.client.token })
    ).json();
    expect(pending.results.map((task: { id: number }) => task.id)).toEqual([second.id]);
    const paged = (
      await call(context, 'GET', '/api/tasks/budget-planning/?limit=1', { token: target.client.token })
    ).json();
    expect(paged.count).toBe(2);
    expect(paged.results).toHaveLength(1);
    expect(paged.next).toContain('offset=1');

    const asPlanner = (
      await call(context, 'GET', '/api/tasks/budget-planning/', { token: target.planner.token })
    ).json();
    expect(asPlanner.count).toBe(3);
    expect(asPlanner.results[0]).toMatchObject({ target_month: '2027-01-01', sent_at: null });
    const asManager = (
      await call(context, 'GET', '/api/tasks/budget-planning/', { token: target.manager.token })
    ).json();
    expect(asManager.count).toBe(4);
    const namedByPlanner = await call(
      context,
      'GET',
      `/api/tasks/budget-planning/?client=${target.loneClient.row.id}`,
      {
        token: target.planner.token,
      },
    );
    expect(namedByPlanner.statusCode).toBe(404);
    const fromOtherOrganization = (
      await call(context, 'GET', '/api/tasks/budget-planning/', { token: otherOrganization.planner.token })
    ).json();
    expect(fromOtherOrganization.count).toBe(0);
    const badStatus = await call(context, 'GET', '/api/tasks/budget-planning/?status=novo', {
      token: target.client.token,
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()).toEqual({ status: ['Status inválido: use pending, rejected ou done.'] });
  });
});

describe('a planning not sent yet', () => {
  it('is the planner’s draft: the client’s lists, bell, screen and e-mail wait for the first finishing', async () => {
    const target = await createTestOrganization(context);
    const clientId = target.client.row.id;
    context.mailbox.length = 0;
    const task = await createTask(target, '2026-12-01');
    const asPlanner = await call(context, 'GET', `/api/tasks/budget-planning/${task.id}/?clientId=${clientId}`, {
      token: target.planner.token,
    });
    expect(asPlanner.json()).toMatchObject({ id: task.id, status: 'pending', sent_at: null });
    const readAsClient = async () => ({
      screen: await call(context, 'GET', `/api/tasks/budget-planning/${task.id}/`, { token: target.client.token }),
      plannings: (await call(context, 'GET', '/api/tasks/budget-planning/', { token: target.client.token })).json(),
      bell: (await call(context, 'GET', '/api/tasks/task/?status=pending', { token: target.client.token })).json(),
      everyTask: (await call(context, 'GET', '/api/tasks/task/?status=all', { token: target.client.token })).json(),
    });

    const draft = await readAsClient();
    expect(draft.screen.statusCode).toBe(404);
    expect(draft.screen.json()).toEqual({ detail: 'Tarefas não encontradas' });
    expect(draft.plannings.count).toBe(0);
    expect(draft.bell.count).toBe(0);
    expect(draft.everyTask.count).toBe(0);
    const acceptDraft = await call(context, 'PUT', `/api/tasks/budget-planning/${task.id}/finish/`, {
      token: target.client.token,
    });
    expect(acceptDraft.statusCode).toBe(404);
    expect((await changeStatus(target.client, task.id, 'done')).statusCode).toBe(404);
    expect(context.mailbox.filter((mail) => mail.to === target.client.email)).toEqual([]);

    await sendPlanning(target, task);
    const sent = await readAsClient();
    expect(sent.screen.statusCode).toBe(200);
    expect(sent.screen.json().sent_at).toEqual(expect.any(String));
    expect(sent.plannings.results.map((row: { id: number }) => row.id)).toEqual([task.id]);
    expect(sent.bell.results.map((row: { id: number }) => row.id)).toEqual([task.id]);
    const mails = context.mailbox.filter((mail) => mail.to === target.client.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Nova tarefa: Planejamento do orçamento de dezembro/2026 — Organização ${target.slug}`,
    ]);

    // A revision is not a new task: no second e-mail, and the first sending is kept.
    const revised = await call(context, 'PUT', `/api/tasks/budget-planning/${task.id}/finish/?clientId=${clientId}`, {
      token: target.planner.token,
    });
    expect(revised.json().sent_at).toBe(sent.screen.json().sent_at);
    expect(context.mailbox.filter((mail) => mail.to === target.client.email)).toHaveLength(1);
  });

  it('is completed by the client from the tasks list only as accepting it would be', async () => {
    const target = await createTestOrganization(context);
    const clientId = target.client.row.id;
    const task = await createTask(target, '2027-01-01');
    await sendPlanning(target, task);
    // The planner took everything out again after sending it.
    const [item] = await context.database.db
      .select({ id: budgetItems.id })
      .from(budgetItems)
      .where(eq(budgetItems.budgetId, task.budget));
    const emptied = await call(context, 'PUT', `/api/budget/${task.id}/delete-items/?clientId=${clientId}`, {
      token: target.planner.token,
      payload: [item?.id],
    });
    expect(emptied.statusCode).toBe(200);

    const completeEmpty = await changeStatus(target.client, task.id, 'done');
    expect(completeEmpty.statusCode).toBe(400);
    expect(completeEmpty.json()).toEqual({ detail: 'Planejamento não finalizado' });
    expect(await readStatus(task.id)).toBe('pending');

    await addRent(target.planner.token, task.budget, `?clientId=${clientId}`);
    const complete = await changeStatus(target.client, task.id, 'done');
    expect(complete.statusCode).toBe(200);
    expect(complete.json()).toMatchObject({ id: task.id, status: 'done' });
    expect(await readStatus(task.id)).toBe('done');
  });

  it('cannot be completed by the planner while it is an unsent or empty draft', async () => {
    const target = await createTestOrganization(context);
    const task = await createTask(target, '2027-01-01');
    const query = `?client=${target.client.row.id}`;
    const completeDraft = await changeStatus(target.planner, task.id, 'done', query);
    expect(completeDraft.statusCode).toBe(400);
    expect(completeDraft.json()).toEqual({ detail: 'Planejamento não finalizado' });
    expect(await readStatus(task.id)).toBe('pending');
  });
});

describe('finishing the planning', () => {
  it('sets pending when the planner finishes and done when the client accepts', async () => {
    const target = await createTestOrganization(context);
    const task = await createTask(target, '2026-12-01');
    const clientId = target.client.row.id;
    const finish = (token: string, query = '') =>
      call(context, 'PUT', `/api/tasks/budget-planning/${task.id}/finish/${query}`, { token });

    // Nothing planned yet: the planning cannot be finished.
    const empty = await finish(target.planner.token, `?clientId=${clientId}`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: 'Planejamento não finalizado' });
    expect(await readStatus(task.id)).toBe('pending');

    await addRent(target.planner.token, task.budget, `?clientId=${clientId}`);
    // The client had ignored the task; the planner's finished plan makes it new again.
    await context.database.db.update(tasks).set({ status: 'rejected' }).where(eq(tasks.id, task.id));
    const byPlanner = await finish(target.planner.token, `?clientId=${clientId}`);
    expect(byPlanner.statusCode).toBe(200);
    expect(byPlanner.json()).toMatchObject({ id: task.id, status: 'pending' });
    expect(await readStatus(task.id)).toBe('pending');

    const byClient = await finish(target.client.token);
    expect(byClient.statusCode).toBe(200);
    expect(byClient.json()).toMatchObject({ status: 'done' });
    expect(await readStatus(task.id)).toBe('done');

    // A revision by the planner goes back to the client as new, and the client accepts again.
    expect((await finish(target.planner.token, `?clientId=${clientId}`)).json().status).toBe('pending');
    expect((await finish(target.client.token)).json().status).toBe('done');

    const byOtherClient = await finish(target.loneClient.token);
    expect(byOtherClient.statusCode).toBe(404);
    expect(byOtherClient.json()).toEqual({ detail: 'Tarefas não encontradas' });
    const byOtherPlanner = await finish(otherOrganization.planner.token, `?clientId=${clientId}`);
    expect(byOtherPlanner.statusCode).toBe(404);
    expect(await readStatus(task.id)).toBe('done');
  });

  it('refuses a revision while another planning of the month is open, with the reason', async () => {
    const target = await createTestOrganization(context);
    const clientId = target.client.row.id;
    const first = await createTask(target, '2026-12-01');
    await sendPlanning(target, first);
    // The client ignored the first planning, so the planner asked again for December.
    expect((await changeStatus(target.client, first.id, 'rejected')).statusCode).toBe(200);
    const second = await createTask(target, '2026-12-15');
    expect(second.budget).toBe(first.budget);
    const finishFirst = () =>
      call(context, 'PUT', `/api/tasks/budget-planning/${first.id}/finish/?clientId=${clientId}`, {
        token: target.planner.token,
      });
    // The second is the planner's draft, still the month's open planning.

    const revision = await finishFirst();
    expect(revision.statusCode).toBe(400);
    expect(revision.json()).toEqual({
      detail: 'Este cliente já tem uma tarefa de planejamento pendente para dezembro/2026.',
    });
    expect(await readStatus(first.id)).toBe('rejected');
    expect(await readStatus(second.id)).toBe('pending');

    // Once the planner sends the second and the client accepts it, the first can be revised and sent again.
    const sentSecond = await call(
      context,
      'PUT',
      `/api/tasks/budget-planning/${second.id}/finish/?clientId=${clientId}`,
      {
        token: target.planner.token,
      },
    );
    expect(sentSecond.statusCode).toBe(200);
    const accepted = await call(context, 'PUT', `/api/tasks/budget-planning/${second.id}/finish/`, {
      token: target.client.token,
    });
    expect(accepted.json()).toMatchObject({ status: 'done' });
    const resent = await finishFirst();
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ id: first.id, status: 'pending' });
    // And reopening the accepted one now meets the same rule on the tasks screen.
    const reopen = await changeStatus(target.planner, second.id, 'pending');
    expect(reopen.statusCode).toBe(400);
    expect(reopen.json()).toEqual({
      detail: 'Este cliente já tem uma tarefa de planejamento pendente para dezembro/2026.',
    });
    expect(await readStatus(second.id)).toBe('done');
  });

  it('deletes items of the task’s budget all together, or none', async () => {
    const target = await createTestOrganization(context);
    const task = await createTask(target, '2026-12-01');
    const clientId = target.client.row.id;
    const categories: { id: number; name: string }[] = (
      await call(context, 'GET', '/api/category/', { token: target.client.token })
    ).json();
    const add = async (name: string, budgetField: Record<string, unknown>) => {
      const response = await call(context, 'POST', `/api/budget-item/?clientId=${clientId}`, {
        token: target.planner.token,
        payload: { ...budgetField, category: categories.find((category) => category.name === name)?.id, amount: 1_000 },
      });
      expect(response.statusCode).toBe(201);
      return response.json().id as number;
    };
    const rent = await add('Moradia', { budget: task.budget });
    const food = await add('Alimentação', { budget: task.budget });
    const kept = await add('Lazer', { budget: task.budget });
    const otherMonth = await add('Moradia', { target_month: '2027-01' });

    const mixed = await call(context, 'PUT', `/api/budget/${task.id}/delete-items/?clientId=${clientId}`, {
      token: target.planner.token,
      payload: [rent, otherMonth],
    });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toEqual({ detail: 'Não foi possível deletar' });
    const left = await context.database.db
      .select({ id: budgetItems.id })
      .from(budgetItems)
      .where(eq(budgetItems.budgetId, task.budget));
    expect(left).toHaveLength(3);

    const sent = await call(context, 'PUT', `/api/tasks/budget-planning/${task.id}/finish/?clientId=${clientId}`, {
      token: target.planner.token,
    });
    expect(sent.statusCode).toBe(200);
    const deleted = await call(context, 'PUT', `/api/budget/${task.id}/delete-items/`, {
      token: target.client.token,
      payload: { ids: [rent, food] },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ budget: task.budget, deleted: 2 });
    const remaining = await context.database.db
      .select({ id: budgetItems.id })
      .from(budgetItems)
      .where(eq(budgetItems.budgetId, task.budget));
    expect(remaining.map((row) => row.id)).toEqual([kept]);

    const otherClient = await call(context, 'PUT', `/api/budget/${task.id}/delete-items/`, {
      token: target.loneClient.token,
      payload: [kept],
    });
    expect(otherClient.statusCode).toBe(404);
    expect(otherClient.json()).toEqual({ detail: 'Tarefas não encontradas' });
  });
});
