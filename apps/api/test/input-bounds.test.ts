import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../src/db/schema';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
});

/** One past the largest id a PostgreSQL integer holds, and the largest whole number JSON sends exactly. */
const tooLargeIds = [2147483648, 9007199254740991];

/** The category of the organization's tree named `name`, as the client sees it. */
async function findCategoryId(token: string, name: string): Promise<number> {
  const categories: { id: number; name: string }[] = (await call(context, 'GET', '/api/category/', { token })).json();
  const found = categories.find((category) => category.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found.id;
}

describe('ids beyond what the database holds', () => {
  it('answer 400 Valor inválido on the id of an address, like an id that is no number', async () => {
    const token = organization.client.token;
    const addresses: ['GET' | 'PUT' | 'DELETE', (id: string) => string, unknown?][] = [
      ['GET', (id) => `/api/budget/${id}`],
      ['GET', (id) => `/api/budget/${id}/comparison`],
      ['PUT', (id) => `/api/budget-item/${id}/`, { amount: 100 }],
      ['DELETE', (id) => `/api/budget-item/${id}/`],
      ['PUT', (id) => `/api/budget/${id}/delete-items/`, [1]],
      ['GET', (id) => `/api/tasks/budget-planning/${id}/`],
      ['PUT', (id) => `/api/tasks/budget-planning/${id}/finish/`],
      ['PUT', (id) => `/api/tasks/task/${id}/change-status/`, { status: 'done' }],
      ['GET', (id) => `/api/tasks/categorizing/${id}/`],
      ['GET', (id) => `/api/tasks/import/${id}/`],
      ['GET', (id) => `/api/cash-flow/${id}/`],
    ];
    for (const [method, address, payload] of addresses) {
      for (const id of ['abc', ...tooLargeIds.map(String)]) {
        const response = await call(context, method, address(id), { token, payload });
        expect(response.statusCode, `${method} ${address(id)}: ${response.body}`).toBe(400);
        expect(response.json(), `${method} ${address(id)}`).toEqual({ id: ['Valor inválido'] });
      }
    }
  });

  it('answer 400 Valor inválido in the ids a body lists', async () => {
    const response = await call(context, 'PUT', '/api/budget/1/delete-items/', {
      token: organization.client.token,
      payload: { ids: [1, 2147483648] },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ 'ids.1': ['Valor inválido'] });
  });

  it('answer 400 Valor inválido for a budget, category or description a budget item names', async () => {
    const token = organization.client.token;
    const category = await findCategoryId(token, 'Moradia');
    for (const tooLarge of tooLargeIds) {
      const payloads: [string, Record<string, unknown>][] = [
        ['budget', { budget: tooLarge, category, amount: 100 }],
        ['category', { target_month: '2026-11', category: tooLarge, amount: 100 }],
        ['category', { target_month: '2026-11', category: { id: tooLarge }, amount: 100 }],
        ['category', { target_month: '2026-11', category: { value: String(tooLarge) }, amount: 100 }],
        ['description', { target_month: '2026-11', category, description: { id: tooLarge }, amount: 100 }],
      ];
      for (const [field, payload] of payloads) {
        const response = await call(context, 'POST', '/api/budget-item/', { token, payload });
        expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(400);
        expect(response.json(), JSON.stringify(payload)).toEqual({ [field]: ['Valor inválido'] });
      }
    }
  });

  it('answer 400 Valor inválido for the budget and category of the future-flow calls', async () => {
    const token = organization.client.token;
    const category = await findCategoryId(token, 'Moradia');
    const calls: ['POST' | 'PUT', string, Record<string, unknown>, string][] = [
      ['POST', '/api/future-flow/create/', { budget: 2147483648 }, 'budget'],
      ['PUT', '/api/future-flow/edit/', { budget: 2147483648, items: [{ category, amount: 100 }] }, 'budget'],
      [
        'PUT',
        '/api/future-flow/edit/',
        { date: '2026-12', items: [{ category: 2147483648, amount: 100 }] },
        'items.0.category',
      ],
    ];
    for (const [method, url, payload, field] of calls) {
      const response = await call(context, method, url, { token, payload });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json(), url).toEqual({ [field]: ['Valor inválido'] });
    }
    const ideal = await call(context, 'POST', `/api/future-flow/budget-ideal/?clientId=${organization.client.row.id}`, {
      token: organization.planner.token,
      payload: { budget: 2147483648 },
    });
    expect(ideal.statusCode, ideal.body).toBe(400);
    expect(ideal.json()).toEqual({ budget: ['Valor inválido'] });
  });

  it('answer 400 Valor inválido for the origin and category of a typed line', async () => {
    const token = organization.client.token;
    const line = { name: 'Padaria', amount: -1500, date: '2026-11-10' };
    for (const [field, extra] of [
      ['origin', { origin: 2147483648 }],
      ['category', { category: 2147483648 }],
      ['category', { category: '2147483648' }],
      ['description', { description: { value: 2147483648 } }],
    ] as const) {
      for (const url of ['/api/transactions/create/', '/api/cash-flow/']) {
        const response = await call(context, 'POST', url, { token, payload: { ...line, ...extra } });
        expect(response.statusCode, `${url} ${JSON.stringify(extra)}: ${response.body}`).toBe(400);
        expect(response.json(), `${url} ${JSON.stringify(extra)}`).toEqual({ [field]: ['Valor inválido'] });
      }
    }
  });

  it('answer 400 Valor inválido for the client a planner names, on every client-scoped call', async () => {
    const token = organization.planner.token;
    const period = 'start=2026-11-01&end=2026-11-30';
    for (const name of ['clientId', 'client']) {
      for (const url of [
        `/api/budget/?${name}=2147483648`,
        `/api/budget-ideal/?${name}=2147483648`,
        `/api/cash-flow/?${period}&${name}=2147483648`,
        `/api/cash-flow/summary/?${period}&${name}=2147483648`,
        `/api/future-flow/?${name}=2147483648`,
        `/api/tasks/task/?${name}=2147483648`,
        `/api/tasks/budget-planning/?${name}=2147483648`,
      ]) {
        const response = await call(context, 'GET', url, { token });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
        expect(response.json(), url).toEqual({ [name]: ['Valor inválido'] });
      }
    }
  });

  it('answer 400 Valor inválido for the client of a new task, in the body or the query', async () => {
    const token = organization.planner.token;
    for (const client of [2147483648, 'abc']) {
      const response = await call(context, 'POST', '/api/tasks/notification/', {
        token,
        payload: { client, title: 'Aviso' },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ client: ['Valor inválido'] });
    }
    const byQuery = await call(context, 'POST', '/api/tasks/notification/?clientId=2147483648', {
      token,
      payload: { title: 'Aviso' },
    });
    expect(byQuery.statusCode, byQuery.body).toBe(400);
    expect(byQuery.json()).toEqual({ clientId: ['Valor inválido'] });
  });

  it('answer 400 Valor inválido in the cash-flow filter’s lists of ids', async () => {
    const response = await call(
      context,
      'GET',
      '/api/cash-flow/?start=2026-11-01&end=2026-11-30&origins=1,2147483648&category=99999999999',
      { token: organization.client.token },
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ 'origins.1': ['Valor inválido'], 'category.0': ['Valor inválido'] });
  });
});

describe('dates outside 1900–2100', () => {
  it('answer 400 Data inválida on a task’s start and end', async () => {
    const token = organization.planner.token;
    const client = organization.client.row.id;
    for (const start of ['0000-01-01', '1899-12-31', '2101-01-01', '01/01/0000', '9999-12-31']) {
      const response = await call(context, 'POST', '/api/tasks/notification/', {
        token,
        payload: { client, title: 'Aviso', start },
      });
      expect(response.statusCode, `${start}: ${response.body}`).toBe(400);
      expect(response.json(), start).toEqual({ start: ['Data inválida'] });
    }
    const end = await call(context, 'POST', '/api/tasks/import/', {
      token,
      payload: { client, start: '2026-01-01', end: '2101-01-01' },
    });
    expect(end.statusCode, end.body).toBe(400);
    expect(end.json()).toEqual({ end: ['Data inválida'] });
    const edge = await call(context, 'POST', '/api/tasks/notification/', {
      token,
      payload: { client, title: 'Aviso', start: '1900-01-01', end: '2100-12-31' },
    });
    expect(edge.statusCode, edge.body).toBe(201);
  });

  it('answer 400 Mês alvo não encontrado for a planning outside the budgets’ 2000–2100, and create none', async () => {
    const token = organization.planner.token;
    const client = organization.client.row.id;
    const before = await context.database.db.select().from(tasks).where(eq(tasks.clientUserId, client));
    for (const [start, message] of [
      ['0000-06-01', 'Data inválida'],
      ['1500-06-01', 'Data inválida'],
      ['1999-12-01', 'Mês alvo não encontrado'],
    ]) {
      const response = await call(context, 'POST', '/api/tasks/budget-planning/', {
        token,
        payload: { client, start },
      });
      expect(response.statusCode, `${start}: ${response.body}`).toBe(400);
      expect(response.json(), start).toEqual({ start: [message] });
    }
    const after = await context.database.db.select().from(tasks).where(eq(tasks.clientUserId, client));
    expect(after).toHaveLength(before.length);
  });

  it('answer 400 Data inválida on a typed line’s date and on the cash-flow filter', async () => {
    const token = organization.client.token;
    for (const date of ['0000-01-01', '01/01/0000', '2101-01-01']) {
      const response = await call(context, 'POST', '/api/transactions/create/', {
        token,
        payload: { name: 'Padaria', amount: -1500, date },
      });
      expect(response.statusCode, `${date}: ${response.body}`).toBe(400);
      expect(response.json(), date).toEqual({ date: ['Data inválida'] });
    }
    for (const url of [
      '/api/cash-flow/transfer-asset/?start=0000-01-01&end=2026-01-01',
      '/api/cash-flow/?start=0000-01-01&end=2026-01-01',
      '/api/cash-flow/summary/?start=0000-01-01&end=2026-01-01',
    ]) {
      const response = await call(context, 'GET', url, { token });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json(), url).toEqual({ start: ['Data inválida'] });
    }
  });
});

describe('amounts of a typed line', () => {
  it('answer 400 Valor acima do limite beyond R$ 1 billion, so the period’s sums stay exact', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    for (const amount of [9007199254740991, -9007199254740991, 100_000_000_001]) {
      for (const url of ['/api/transactions/create/', '/api/cash-flow/']) {
        const response = await call(context, 'POST', url, {
          token,
          payload: { name: 'Herança', amount, date: '2026-10-05' },
        });
        expect(response.statusCode, `${url} ${amount}: ${response.body}`).toBe(400);
        expect(response.json(), `${url} ${amount}`).toEqual({ amount: ['Valor acima do limite.'] });
      }
    }
    for (const amount of [100_000_000_000, 100_000_000_000, -100_000_000_000]) {
      const response = await call(context, 'POST', '/api/transactions/create/', {
        token,
        payload: { name: 'Herança', amount, date: '2026-10-05' },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const summary = await call(context, 'GET', '/api/cash-flow/summary/?start=2026-10-01&end=2026-10-31', { token });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({
      total_income: 200_000_000_000,
      total_expense: -100_000_000_000,
      total_savings: 100_000_000_000,
    });
  });
});

describe('text past its limit', () => {
  it('answers 400 Limite de N excedido, not as if the text were missing', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const line = { amount: -1500, date: '2026-10-05' };
    for (const url of ['/api/cash-flow/', '/api/transactions/create/']) {
      const tooLong = await call(context, 'POST', url, { token, payload: { ...line, name: 'a'.repeat(201) } });
      expect(tooLong.statusCode, `${url}: ${tooLong.body}`).toBe(400);
      expect(tooLong.json(), url).toEqual({ name: ['Limite de 200 excedido'] });
      const longest = await call(context, 'POST', url, { token, payload: { ...line, name: 'a'.repeat(200) } });
      expect(longest.statusCode, `${url}: ${longest.body}`).toBe(201);
    }
    const inBulk = await call(context, 'POST', '/api/cash-flows/', {
      token,
      payload: [{ ...line, name: 'a'.repeat(201) }],
    });
    expect(inBulk.statusCode, inBulk.body).toBe(400);
    expect(inBulk.json()).toEqual({ '0.name': ['Limite de 200 excedido'] });
    const created = (
      await call(context, 'POST', '/api/cash-flow/', { token, payload: { ...line, name: 'Padaria' } })
    ).json();
    const renamed = await call(context, 'PUT', `/api/transactions/name/${created.id}/`, {
      token,
      payload: { name: 'a'.repeat(300) },
    });
    expect(renamed.statusCode, renamed.body).toBe(400);
    expect(renamed.json()).toEqual({ name: ['Limite de 200 excedido'] });
    const recommended = await call(context, 'GET', `/api/category/recommended/?description=${'a'.repeat(3000)}`, {
      token,
    });
    expect(recommended.statusCode, recommended.body).toBe(400);
    expect(recommended.json()).toEqual({ description: ['Limite de 500 excedido'] });
    const account = await call(context, 'POST', '/api/manual-account/', {
      token,
      payload: { nickname: 'a'.repeat(81) },
    });
    expect(account.statusCode, account.body).toBe(400);
    expect(account.json()).toEqual({ nickname: ['Limite de 80 excedido'] });
    for (const [method, url, payload] of [
      ['POST', '/api/cash-flow/', { ...line, name: '  ' }],
      ['PUT', `/api/transactions/name/${created.id}/`, {}],
    ] as const) {
      const missing = await call(context, method, url, { token, payload });
      expect(missing.statusCode, `${url}: ${missing.body}`).toBe(400);
      expect(missing.json(), url).toEqual({ name: ['Este campo é obrigatório'] });
    }
  });
});

describe('messages of rules without their own', () => {
  it('answer in Brazilian Portuguese, never naming NaN', async () => {
    const token = organization.client.token;
    const period = 'start=2026-10-01&end=2026-10-31';
    const cases: [string, Record<string, string[]>][] = [
      [`/api/cash-flow/?${period}&limit=abc`, { limit: ['Informe um número válido.'] }],
      [`/api/cash-flow/?${period}&limit=2.5`, { limit: ['Informe um número inteiro.'] }],
      [`/api/cash-flow/?${period}&limit=0`, { limit: ['Valor mínimo: 1'] }],
      [`/api/cash-flow/?${period}&limit=501`, { limit: ['Valor máximo: 500'] }],
      [`/api/cash-flow/?${period}&offset=-1`, { offset: ['Valor mínimo: 0'] }],
      [`/api/cash-flow/?${period}&search=${'a'.repeat(101)}`, { search: ['Limite de 100 excedido'] }],
      [
        `/api/cash-flow/?${period}&isExpense=talvez`,
        { isExpense: ['Opção inválida: use 0, 1, true, false, True ou False.'] },
      ],
      ['/api/file/?limit=abc', { limit: ['Informe um número válido.'] }],
    ];
    for (const [url, expected] of cases) {
      const response = await call(context, 'GET', url, { token });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json(), url).toEqual(expected);
    }
    const noBody = await call(context, 'PUT', '/api/cash-flows/', { token });
    expect(noBody.statusCode, noBody.body).toBe(400);
    expect(noBody.json()).toEqual({ non_field_errors: ['Corpo da requisição vazio.'] });
    const noIds = await call(context, 'PUT', '/api/cash-flows/', { token, payload: { ignored: true } });
    expect(noIds.json()).toEqual({ ids: ['Este campo é obrigatório'] });
  });
});
