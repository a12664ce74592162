import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { demoPassword } from './demo-data';
import { readConfirmationLinkTo } from './mailbox';
import { createCpf, createEmail } from './people';

/**
 * Calls to the API under test (docs/identity-api.md, docs/cash-flow-api.md) for what a test needs
 * to set up or clean up and a user could not do more simply: a real invitation hash, a restored
 * colour, a client's statements imported afresh.
 */
export interface Persona {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  view: 'client' | 'planner' | 'manager';
  hash: string;
  organization: { slug: string; primary_color: string; secondary_color: string } | null;
}

export class PrumoApi {
  constructor(private readonly request: APIRequestContext) {}

  /** POST rest-auth/login/ → the session key. */
  async signIn(email: string, password: string, organization: string): Promise<string> {
    const response = await this.request.post('/api/rest-auth/login/', { data: { email, password, organization } });
    expect(response.status(), `sign-in of ${email} on ${organization}`).toBe(200);
    const { key } = (await response.json()) as { key: string };
    return key;
  }

  /** GET me/ with a session key. */
  async me(key: string): Promise<Persona> {
    const response = await this.request.get('/api/me/', { headers: { Authorization: `Token ${key}` } });
    expect(response.status(), 'GET /api/me/').toBe(200);
    return (await response.json()) as Persona;
  }

  /** The invitation hash of a user, as carried by their registration links. */
  async invitationHashOf(email: string, password: string, organization: string): Promise<string> {
    const key = await this.signIn(email, password, organization);
    const persona = await this.me(key);
    await this.signOut(key);
    return persona.hash;
  }

  /**
   * A new, confirmed client of the planner whose invitation `hash` is, through the simple
   * registration and its e-mailed link (what a real sign-up does).
   */
  async registerConfirmedClient(
    organization: string,
    hash: string,
    person: { email: string; firstName: string; password: string },
  ): Promise<void> {
    const registration = await this.request.post('/api/rest-auth/registration/simple/', {
      data: {
        organization,
        hash,
        email: person.email,
        first_name: person.firstName,
        last_name: 'Cliente',
        phone: '11987654321',
        password1: person.password,
        password2: person.password,
      },
    });
    expect(registration.status(), `registration of ${person.email}`).toBe(201);
    let link: string | null = null;
    await expect
      .poll(
        async () => {
          link = await readConfirmationLinkTo(person.email);
          return link;
        },
        { message: `confirmation e-mail to ${person.email}` },
      )
      .not.toBeNull();
    const key = String(link).split('/confirmar/')[1];
    const confirmation = await this.request.post('/api/profiles/email/confirm/', { data: { key } });
    expect(confirmation.status(), `confirmation of ${person.email}`).toBe(200);
  }

  async signOut(key: string): Promise<void> {
    await this.request.post('/api/rest-auth/logout/', { headers: { Authorization: `Token ${key}` } });
  }

  /** PUT organization/{slug}/ as one of its managers. */
  async updateOrganization(
    managerKey: string,
    slug: string,
    changes: { primary_color?: string; secondary_color?: string },
  ): Promise<void> {
    const response = await this.request.put(`/api/organization/${slug}/`, {
      headers: { Authorization: `Token ${managerKey}` },
      data: changes,
    });
    expect(response.status(), `PUT /api/organization/${slug}/`).toBe(200);
  }

  /** DELETE file/{id}/ for every file of GET file/: the client's imported files go, and their lines with them. */
  async deleteStatementFiles(key: string): Promise<void> {
    const headers = { Authorization: `Token ${key}` };
    const response = await this.request.get('/api/file/', { headers, params: { limit: 100 } });
    expect(response.status(), 'GET /api/file/').toBe(200);
    const { results } = (await response.json()) as { results: { id: number }[] };
    for (const file of results) {
      const deleted = await this.request.delete(`/api/file/${file.id}/`, { headers });
      expect(deleted.status(), `DELETE /api/file/${file.id}/`).toBe(204);
    }
  }

  /** GET future-flow/: the current month (in Brasília, as the server counts it) among the rest. */
  async currentMonth(key: string): Promise<string> {
    const response = await this.request.get('/api/future-flow/', { headers: { Authorization: `Token ${key}` } });
    expect(response.status(), 'GET /api/future-flow/').toBe(200);
    const { currentMonth } = (await response.json()) as { currentMonth: string };
    return currentMonth;
  }

  /**
   * PUT future-flow/edit/: sets the planned amount (cents) of whole categories, found by name, in a
   * month ("2026-12"); 0 removes the line. Sending the same amounts again changes nothing.
   */
  async planMonth(key: string, month: string, lines: readonly { category: string; amount: number }[]): Promise<void> {
    const headers = { Authorization: `Token ${key}` };
    const categories = (await (await this.request.get('/api/category/', { headers })).json()) as {
      id: number;
      name: string;
    }[];
    const items = lines.map((line) => {
      const category = categories.find((candidate) => candidate.name === line.category);
      if (!category) throw new Error(`No category ${line.category}`);
      return { category: category.id, amount: line.amount };
    });
    const response = await this.request.put('/api/future-flow/edit/', { headers, data: { date: month, items } });
    expect(response.status(), `PUT /api/future-flow/edit/ for ${month}`).toBe(200);
  }

  /** POST upload/ multipart (field `files`), as the import dialog sends them. */
  async uploadStatements(key: string, filePaths: readonly string[]): Promise<void> {
    const form = new FormData();
    for (const filePath of filePaths)
      form.append('files', new Blob([await readFile(filePath)]), path.basename(filePath));
    const response = await this.request.post('/api/upload/', {
      headers: { Authorization: `Token ${key}` },
      multipart: form,
    });
    expect(response.status(), 'POST /api/upload/').toBe(201);
  }

  /** GET ia/insights/: the titles of the caller's insights. */
  async insightTitles(key: string): Promise<string[]> {
    const response = await this.request.get('/api/ia/insights/', { headers: { Authorization: `Token ${key}` } });
    expect(response.status(), 'GET /api/ia/insights/').toBe(200);
    return ((await response.json()) as { title: string }[]).map((insight) => insight.title);
  }

  /** The id of a planner's client, found by e-mail in GET profiles/clients/. */
  async clientIdOf(plannerKey: string, email: string): Promise<number> {
    const response = await this.request.get('/api/profiles/clients/', {
      headers: { Authorization: `Token ${plannerKey}` },
      params: { limit: 100 },
    });
    expect(response.status(), 'GET /api/profiles/clients/').toBe(200);
    const { results } = (await response.json()) as { results: { user: { id: number; email: string } }[] };
    const client = results.find((record) => record.user.email === email);
    if (!client) throw new Error(`${email} is not a client of this planner`);
    return client.user.id;
  }

  /** DELETE tasks/task/{id}/ for every task of the client, whatever its status (as their planner). */
  async deleteTasksOf(plannerKey: string, clientId: number): Promise<void> {
    const headers = { Authorization: `Token ${plannerKey}` };
    const response = await this.request.get('/api/tasks/task/', {
      headers,
      params: { client: clientId, status: 'all', limit: 100 },
    });
    expect(response.status(), 'GET /api/tasks/task/').toBe(200);
    const { results } = (await response.json()) as { results: { id: number }[] };
    for (const task of results) {
      const deleted = await this.request.delete(`/api/tasks/task/${task.id}/`, { headers });
      expect(deleted.status(), `DELETE /api/tasks/task/${task.id}/`).toBe(204);
    }
  }

  /** PATCH notification/{id}/ {read: true} for each of the user's unread notifications: the bell starts at none. */
  async markAllNotificationsRead(key: string): Promise<void> {
    const headers = { Authorization: `Token ${key}` };
    const response = await this.request.get('/api/notification/', { headers, params: { limit: 100 } });
    expect(response.status(), 'GET /api/notification/').toBe(200);
    const { results } = (await response.json()) as { results: { id: number; read: boolean }[] };
    for (const notification of results.filter((candidate) => !candidate.read)) {
      const marked = await this.request.patch(`/api/notification/${notification.id}/`, {
        headers,
        data: { read: true },
      });
      expect(marked.status(), `PATCH /api/notification/${notification.id}/`).toBe(200);
    }
  }

  /** POST tasks/{type}/ as the client's planner. */
  async createTask(
    plannerKey: string,
    type: 'import' | 'budget-planning' | 'categorizing' | 'notification',
    body: { client: number; start?: string; end?: string; title?: string; message?: string },
  ): Promise<{ id: number; title: string }> {
    const response = await this.request.post(`/api/tasks/${type}/`, {
      headers: { Authorization: `Token ${plannerKey}` },
      data: body,
    });
    expect(response.status(), `POST /api/tasks/${type}/`).toBe(201);
    return (await response.json()) as { id: number; title: string };
  }

  /**
   * As the client's planner: plans a whole category for the planning's month (future-flow/edit/,
   * the same amount again changes nothing) and finishes the planning, which sends the draft to
   * the client (ADR 6).
   */
  async sendPlanning(
    plannerKey: string,
    planning: { id: number; client: number; month: string },
    line: { category: string; amount: number },
  ): Promise<void> {
    const headers = { Authorization: `Token ${plannerKey}` };
    const params = { clientId: planning.client };
    const categories = (await (await this.request.get('/api/category/', { headers, params })).json()) as {
      id: number;
      name: string;
    }[];
    const category = categories.find((candidate) => candidate.name === line.category);
    if (!category) throw new Error(`No category ${line.category}`);
    const planned = await this.request.put('/api/future-flow/edit/', {
      headers,
      params,
      data: { date: planning.month, items: [{ category: category.id, amount: line.amount }] },
    });
    expect(planned.status(), `PUT /api/future-flow/edit/ for ${planning.month}`).toBe(200);
    const finished = await this.request.put(`/api/tasks/budget-planning/${planning.id}/finish/`, { headers, params });
    expect(finished.status(), `PUT /api/tasks/budget-planning/${planning.id}/finish/`).toBe(200);
  }

  /** PUT tasks/budget-planning/{id}/finish/ as the client: accepts the planning their planner sent. */
  async acceptPlanning(clientKey: string, planningId: number): Promise<void> {
    const accepted = await this.request.put(`/api/tasks/budget-planning/${planningId}/finish/`, {
      headers: { Authorization: `Token ${clientKey}` },
    });
    expect(accepted.status(), `PUT /api/tasks/budget-planning/${planningId}/finish/`).toBe(200);
  }

  /** DELETE budget-item/{id}/ for every item of the client's budget of `month` ("2026-11"): the month starts empty. */
  async clearBudget(key: string, month: string): Promise<void> {
    const headers = { Authorization: `Token ${key}` };
    const response = await this.request.get('/api/budget/', {
      headers,
      params: { target_month: month, asset: 'true' },
    });
    expect(response.status(), 'GET /api/budget/').toBe(200);
    const budget = (await response.json()) as {
      expense_items_by_category: { expense_items: { id: number }[] }[];
      income_items: { id: number }[];
    };
    const items = [...budget.expense_items_by_category.flatMap((group) => group.expense_items), ...budget.income_items];
    for (const item of items) {
      const deleted = await this.request.delete(`/api/budget-item/${item.id}/`, { headers });
      expect(deleted.status(), `DELETE /api/budget-item/${item.id}/`).toBe(204);
    }
  }

  /** The planned amounts (cents) of the client's budget of `month`, by description name. */
  async plannedAmounts(key: string, month: string): Promise<Record<string, number>> {
    const response = await this.request.get('/api/budget/', {
      headers: { Authorization: `Token ${key}` },
      params: { target_month: month },
    });
    const budget = (await response.json()) as {
      expense_items_by_category: { expense_items: { description_name: string | null; amount: number }[] }[];
      income_items: { description_name: string | null; amount: number }[];
    };
    const items = [...budget.expense_items_by_category.flatMap((group) => group.expense_items), ...budget.income_items];
    return Object.fromEntries(items.map((item) => [item.description_name ?? '', item.amount]));
  }

  /** POST cash-flow/ a typed line with the description named `description`, amount in cents. */
  async addCashFlowLine(key: string, line: { name: string; amount: number; date: string; description: string }) {
    const headers = { Authorization: `Token ${key}` };
    const descriptions = (await (await this.request.get('/api/description/', { headers })).json()) as {
      id: number;
      name: string;
    }[];
    const description = descriptions.find((candidate) => candidate.name === line.description);
    const response = await this.request.post('/api/cash-flow/', {
      headers,
      data: { name: line.name, amount: line.amount, date: line.date, description: description?.id },
    });
    expect(response.status(), 'POST /api/cash-flow/').toBe(201);
    return (await response.json()) as { id: number };
  }

  /** DELETE cash-flow/{id}/. */
  async deleteCashFlowLine(key: string, id: number): Promise<void> {
    const response = await this.request.delete(`/api/cash-flow/${id}/`, { headers: { Authorization: `Token ${key}` } });
    expect(response.status(), `DELETE /api/cash-flow/${id}/`).toBe(200);
  }

  /** Leaves the client with exactly these bill reminders (DELETE every one of GET bill-reminder/, then POST each). */
  async replaceReminders(
    key: string,
    reminders: readonly { title: string; reminder_date: string; periodicity: 'MONTHLY' | 'YEARLY'; amount?: number }[],
  ): Promise<void> {
    const headers = { Authorization: `Token ${key}` };
    const listed = await this.request.get('/api/bill-reminder/', { headers });
    expect(listed.status(), 'GET /api/bill-reminder/').toBe(200);
    for (const reminder of (await listed.json()) as { id: number }[]) {
      const deleted = await this.request.delete(`/api/bill-reminder/${reminder.id}/`, { headers });
      expect(deleted.status(), `DELETE /api/bill-reminder/${reminder.id}/`).toBe(204);
    }
    for (const reminder of reminders) {
      const created = await this.request.post('/api/bill-reminder/', { headers, data: reminder });
      expect(created.status(), 'POST /api/bill-reminder/').toBe(201);
    }
  }

  /** GET my-assets/account/: the client's accounts and cards as Meu patrimônio lists them. */
  async myAccounts(key: string): Promise<{ id: number; kind: string; name: string; nickname: string | null }[]> {
    const response = await this.request.get('/api/my-assets/account/', { headers: { Authorization: `Token ${key}` } });
    expect(response.status(), 'GET /api/my-assets/account/').toBe(200);
    return (await response.json()) as { id: number; kind: string; name: string; nickname: string | null }[];
  }

  /** PUT my-assets/account/{id}/ a blank nickname on every nicknamed account: each takes back its bank's name. */
  async resetAccountNames(key: string): Promise<void> {
    for (const account of await this.myAccounts(key)) {
      if (account.nickname === null) continue;
      const response = await this.request.put(`/api/my-assets/account/${account.id}/`, {
        headers: { Authorization: `Token ${key}` },
        data: { nickname: null },
      });
      expect(response.status(), `PUT /api/my-assets/account/${account.id}/`).toBe(200);
    }
  }

  /** DELETE every investment (investments/), other balance (balance/) and debt (debts/) of the client. */
  async deleteHoldings(key: string): Promise<void> {
    const headers = { Authorization: `Token ${key}` };
    const lists = [
      {
        list: '/api/investments/',
        item: (row: { id: number; kind?: string }) => `/api/investments/${row.kind}/edit/${row.id}/`,
      },
      { list: '/api/balance/', item: (row: { id: number }) => `/api/balance/edit/${row.id}/` },
      { list: '/api/debts/', item: (row: { id: number }) => `/api/debts/edit/${row.id}/` },
    ];
    for (const { list, item } of lists) {
      const response = await this.request.get(list, { headers });
      expect(response.status(), `GET ${list}`).toBe(200);
      for (const row of (await response.json()) as { id: number; kind?: string }[]) {
        const deleted = await this.request.delete(item(row), { headers });
        expect(deleted.status(), `DELETE ${item(row)}`).toBe(204);
      }
    }
  }

  /**
   * POST payment/plans/ as a manager (amounts in cents): a plan a test subscribes to, made the quick
   * way when the test is not about the Financeiro screen.
   */
  async createPlan(
    managerKey: string,
    plan: {
      name: string;
      type: 'platform' | 'service';
      platform_amount: number;
      service_amount?: number;
      service_months?: number;
      serviceProvision?: { kind: 'planning'; name: string; period: number; description: string; fee: number }[];
    },
  ): Promise<{ id: number; hashed_id: string }> {
    const response = await this.request.post('/api/payment/plans/', {
      headers: { Authorization: `Token ${managerKey}` },
      data: { description: 'Plano criado pelo teste.', ...plan },
    });
    expect(response.status(), 'POST /api/payment/plans/').toBe(201);
    return (await response.json()) as { id: number; hashed_id: string };
  }

  /** POST payment/subscriptions/?clientId=: a planner (or manager) proposes a plan to their client. */
  async proposeSubscription(key: string, planId: number, clientId: number): Promise<{ id: number }> {
    const response = await this.request.post('/api/payment/subscriptions/', {
      headers: { Authorization: `Token ${key}` },
      params: { clientId },
      data: { plan: planId },
    });
    expect(response.status(), 'POST /api/payment/subscriptions/').toBe(201);
    return (await response.json()) as { id: number };
  }

  /** GET payment/subscriptions/: the caller's subscriptions with their status. */
  async subscriptions(key: string): Promise<{ id: number; status: string; plan: { hashed_id: string } }[]> {
    const response = await this.request.get('/api/payment/subscriptions/', {
      headers: { Authorization: `Token ${key}` },
    });
    expect(response.status(), 'GET /api/payment/subscriptions/').toBe(200);
    const { results } = (await response.json()) as {
      results: { id: number; status: string; plan: { hashed_id: string } }[];
    };
    return results;
  }

  /** GET me/'s current subscription (null without one). */
  async currentSubscription(key: string): Promise<{ status: string; plan_code: number } | null> {
    const response = await this.request.get('/api/me/', { headers: { Authorization: `Token ${key}` } });
    expect(response.status(), 'GET /api/me/').toBe(200);
    const { current_subscription } = (await response.json()) as {
      current_subscription: { status: string; plan_code: number } | null;
    };
    return current_subscription;
  }

  /** POST prospects/ as a planner: a new prospect (stage novo). */
  async createProspect(plannerKey: string, name: string): Promise<{ id: number }> {
    const response = await this.request.post('/api/prospects/', {
      headers: { Authorization: `Token ${plannerKey}` },
      data: { name },
    });
    expect(response.status(), 'POST /api/prospects/').toBe(201);
    return (await response.json()) as { id: number };
  }

  /**
   * Converts a prospect as it happens for real: the planner invites them and they register through
   * the invitation (POST rest-auth/registration/ with its hash), which makes them `convertido`.
   */
  async convertProspect(
    plannerKey: string,
    prospectId: number,
    person: { organization: string; email: string; cpf: string; password: string },
  ): Promise<void> {
    const invitation = await this.request.post(`/api/prospects/${prospectId}/invite/`, {
      headers: { Authorization: `Token ${plannerKey}` },
      data: {},
    });
    expect(invitation.status(), `POST /api/prospects/${prospectId}/invite/`).toBe(201);
    const { url } = (await invitation.json()) as { url: string };
    const registration = await this.request.post('/api/rest-auth/registration/', {
      data: {
        organization: person.organization,
        role: 'cliente',
        hash: url.split('/cadastro/cliente/')[1],
        email: person.email,
        first_name: 'Convertida',
        last_name: 'Prospect',
        phone: '(11) 98765-4321',
        cpf: person.cpf,
        password1: person.password,
        password2: person.password,
      },
    });
    expect(registration.status(), 'POST /api/rest-auth/registration/').toBe(201);
  }

  /** GET indicators/ as a manager: the organization's prospects of the period and those converted. */
  async prospectFigures(managerKey: string, period: { start: string; end: string }) {
    const response = await this.request.get('/api/indicators/', {
      headers: { Authorization: `Token ${managerKey}` },
      params: period,
    });
    expect(response.status(), 'GET /api/indicators/').toBe(200);
    const { organization } = (await response.json()) as {
      organization: { prospects: number; prospects_by_stage: { convertido: number } };
    };
    return { prospects: organization.prospects, converted: organization.prospects_by_stage.convertido };
  }

  /** POST rest-auth/registration/: a person registered through an invitation link (unconfirmed). */
  async register(
    organization: string,
    roleWord: 'cliente' | 'planejador',
    hash: string,
    person: { email: string; firstName: string; lastName: string },
  ): Promise<void> {
    const response = await this.request.post('/api/rest-auth/registration/', {
      // A documentation address (RFC 5737) of its own: registrations are limited per address.
      headers: { 'x-forwarded-for': `198.51.100.${1 + Math.floor(Math.random() * 254)}` },
      data: {
        organization,
        role: roleWord,
        hash,
        email: person.email,
        first_name: person.firstName,
        last_name: person.lastName,
        phone: '(11) 98765-4321',
        cpf: createCpf(),
        password1: demoPassword,
        password2: demoPassword,
      },
    });
    expect(response.status(), `registration of ${person.email}`).toBe(201);
  }

  /**
   * A new planner (through a planner link the manager makes) with clients of their own (through
   * the planner's standing client link): a book to move that no other test touches.
   */
  async registerPlannerWithClients(
    managerKey: string,
    organization: string,
    clientCount: number,
  ): Promise<{ planner: { email: string; fullName: string }; clients: { email: string; fullName: string }[] }> {
    const headers = { Authorization: `Token ${managerKey}` };
    const link = await this.request.post('/api/invitations/', { headers, data: { role: 'planejador' } });
    expect(link.status(), 'POST /api/invitations/').toBe(201);
    const { token } = (await link.json()) as { token: string };
    const suffix = `${Date.now() % 1_000_000}`;
    const planner = { email: createEmail('planejador'), firstName: 'Pietra', lastName: `Saída ${suffix}` };
    await this.register(organization, 'planejador', token, planner);
    const links = await this.request.get('/api/invitations/', { headers, params: { role: 'cliente', limit: 100 } });
    const { results } = (await links.json()) as {
      results: { token: string; standing: boolean; planner: { first_name: string; last_name: string } | null }[];
    };
    const standing = results.find((found) => found.standing && found.planner?.last_name === planner.lastName);
    expect(standing, "the new planner's client link").toBeDefined();
    const clients: { email: string; fullName: string }[] = [];
    for (let index = 1; index <= clientCount; index += 1) {
      const client = { email: createEmail('cliente'), firstName: `Cliente ${index}`, lastName: `de Pietra ${suffix}` };
      await this.register(organization, 'cliente', standing?.token ?? '', client);
      clients.push({ email: client.email, fullName: `${client.firstName} ${client.lastName}` });
    }
    return { planner: { email: planner.email, fullName: `${planner.firstName} ${planner.lastName}` }, clients };
  }
}
