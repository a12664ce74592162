import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { origins, transactions } from '../src/db/schema';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

const october = 'start=2026-10-01&end=2026-10-31';

interface Description {
  id: number;
  name: string;
  category: number;
}

async function findDescriptions(token: string): Promise<Record<string, Description>> {
  const all: Description[] = (await call(context, 'GET', '/api/description/', { token })).json();
  return Object.fromEntries(all.map((description) => [description.name, description]));
}

async function addLine(token: string, line: Record<string, unknown>) {
  const response = await call(context, 'POST', '/api/cash-flow/', { token, payload: line });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function listTransfers(token: string, query: string) {
  const response = await call(context, 'GET', `/api/cash-flow/transfer-asset/?${query}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('asset transfers of the period', () => {
  let organization: TestOrganization;
  let token: string;
  let descriptions: Record<string, Description>;
  let lines: Record<string, { id: number }>;
  let brokerAccount: number;

  beforeAll(async () => {
    organization = await createTestOrganization(context);
    token = organization.client.token;
    descriptions = await findDescriptions(token);
    brokerAccount = (
      await call(context, 'POST', '/api/manual-account/', { token, payload: { nickname: 'Corretora' } })
    ).json().id;
    lines = {
      investment: await addLine(token, {
        name: 'Aplicação CDB',
        amount: -100_000,
        date: '2026-10-03',
        description: descriptions.Aplicação!.id,
      }),
      redemption: await addLine(token, {
        name: 'Resgate Tesouro',
        amount: 30_000,
        date: '2026-10-12',
        description: descriptions.Resgate!.id,
        origin: brokerAccount,
      }),
      cardBill: await addLine(token, {
        name: 'Pagamento fatura Nubank',
        amount: -45_000,
        date: '2026-10-15',
        description: descriptions['Pagamento de fatura do cartão']!.id,
      }),
      ignoredInvestment: await addLine(token, {
        name: 'Aplicação repetida',
        amount: -7_000,
        date: '2026-10-16',
        description: descriptions.Aplicação!.id,
      }),
      salary: await addLine(token, {
        name: 'Salário',
        amount: 500_000,
        date: '2026-10-05',
        description: descriptions.Salário!.id,
      }),
      market: await addLine(token, { name: 'Mercado', amount: -20_000, date: '2026-10-06' }),
      november: await addLine(token, {
        name: 'Aplicação de novembro',
        amount: -5_000,
        date: '2026-11-02',
        description: descriptions.Aplicação!.id,
      }),
    };
    const ignored = await call(context, 'PUT', '/api/cash-flows/', {
      token,
      payload: { ids: [lines.ignoredInvestment!.id], ignored: true },
    });
    expect(ignored.json()).toEqual({ updated: 1 });
  });

  it('filters Meu caixa by isFinancialProduct, filterType and identificationNumber', async () => {
    const countOf = async (query: string) => {
      const response = await call(context, 'GET', `/api/cash-flow/?${october}&${query}`, { token });
      expect(response.statusCode).toBe(200);
      return response.json().count;
    };
    // Into and out of investments and other assets (the card bill too), or everything else.
    expect(await countOf('isFinancialProduct=true')).toBe(3);
    expect(await countOf('isFinancialProduct=false')).toBe(2);
    expect(await countOf('filterType=expense')).toBe(await countOf('isExpense=true'));
    expect(await countOf('filterType=expense')).toBe(3);
    expect(await countOf('filterType=income')).toBe(2);
    const bad = await call(context, 'GET', `/api/cash-flow/?${october}&filterType=tudo`, { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ filterType: ['Opção inválida: use expense ou income.'] });

    await context.database.db.update(origins).set({ accountNumber: '56789-0' }).where(eq(origins.id, brokerAccount));
    expect(await countOf('identificationNumber=56789-0')).toBe(1);
    expect(await countOf('identificationNumber=567890')).toBe(1);
    expect(await countOf('identificationNumber=12345')).toBe(0);
  });

  it('lists only the lines between the client’s assets, newest first, with money out, in and net', async () => {
    const body = await listTransfers(token, october);
    expect(body.count).toBe(3);
    expect(body.next).toBeNull();
    expect(body.previous).toBeNull();
    expect(body.results.map((line: { name: string }) => line.name)).toEqual([
      'Pagamento fatura Nubank',
      'Resgate Tesouro',
      'Aplicação CDB',
    ]);
    expect(body).toMatchObject({ total_out: -145_000, total_in: 30_000, total: -115_000 });
    // The same line objects as cash-flow/.
    const line = (await call(context, 'GET', `/api/cash-flow/${lines.redemption!.id}/`, { token })).json();
    expect(body.results[1]).toEqual(line);
    expect(line).toMatchObject({ is_asset_transfer: true, category_name: 'Investimentos', amount: 30_000 });
  });

  it('pages 25 at a time by default, and keeps the totals of the whole period on every page', async () => {
    const first = await listTransfers(token, `${october}&limit=2`);
    expect(first.count).toBe(3);
    expect(first.results).toHaveLength(2);
    expect(first.next).toContain('offset=2');
    expect(first.previous).toBeNull();
    const second = await listTransfers(token, `${october}&limit=2&offset=2`);
    expect(second.results.map((line: { name: string }) => line.name)).toEqual(['Aplicação CDB']);
    expect(second.next).toBeNull();
    expect(second.previous).toContain('offset=0');
    expect(second).toMatchObject({ count: 3, total_out: -145_000, total_in: 30_000, total: -115_000 });
    const beyond = await listTransfers(token, `${october}&limit=2&offset=10`);
    expect(beyond).toMatchObject({ count: 3, results: [], total: -115_000 });
  });

  it('applies the cash-flow filter: category, description, account, direction, search, ignored lines', async () => {
    const cardBills = await listTransfers(
      token,
      `${october}&category=${descriptions['Pagamento de fatura do cartão']!.category}`,
    );
    expect(cardBills).toMatchObject({ count: 1, total_out: -45_000, total_in: 0, total: -45_000 });
    const investments = await listTransfers(token, `${october}&description=${descriptions.Aplicação!.id}`);
    expect(investments.results.map((line: { id: number }) => line.id)).toEqual([lines.investment!.id]);
    const fromBroker = await listTransfers(token, `${october}&origins=${brokerAccount}`);
    expect(fromBroker).toMatchObject({ count: 1, total_out: 0, total_in: 30_000 });
    const moneyIn = await listTransfers(token, `${october}&isExpense=false`);
    expect(moneyIn.results.map((line: { name: string }) => line.name)).toEqual(['Resgate Tesouro']);
    const searched = await listTransfers(token, `${october}&search=fatura`);
    expect(searched.count).toBe(1);
    // Brazilian dates and the call's own names are accepted too.
    expect((await listTransfers(token, 'cashDateStart=01/10/2026&cashDateEnd=31/10/2026')).count).toBe(3);
    // Ignored lines can be shown, but never count in the money.
    const withIgnored = await listTransfers(token, `${october}&showIgnored=true`);
    expect(withIgnored.count).toBe(4);
    expect(withIgnored).toMatchObject({ total_out: -145_000, total_in: 30_000, total: -115_000 });
    const uncategorized = await listTransfers(token, `${october}&uncategorized=true`);
    expect(uncategorized).toMatchObject({ count: 0, results: [], total: 0 });
  });

  it('needs start and end, the end not before the start', async () => {
    const missing = await call(context, 'GET', '/api/cash-flow/transfer-asset/', { token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ start: ['Este campo é obrigatório'], end: ['Este campo é obrigatório'] });
    const noEnd = await call(context, 'GET', '/api/cash-flow/transfer-asset/?start=2026-10-01', { token });
    expect(noEnd.statusCode).toBe(400);
    expect(noEnd.json()).toEqual({ end: ['Este campo é obrigatório'] });
    const reversed = await call(context, 'GET', '/api/cash-flow/transfer-asset/?start=2026-10-31&end=2026-10-01', {
      token,
    });
    expect(reversed.json()).toEqual({ end: ['A data final deve ser igual ou posterior à inicial.'] });
  });

  it('shows a client only their own transfers, and a planner only their clients’', async () => {
    const clientId = organization.client.row.id;
    // Another client of the organization: their clientId is ignored, their own list is empty.
    const sneaky = await listTransfers(organization.loneClient.token, `${october}&clientId=${clientId}`);
    expect(sneaky).toMatchObject({ count: 0, results: [], total_out: 0, total_in: 0, total: 0 });
    const otherOrganization = await createTestOrganization(context);
    const foreignClient = await listTransfers(otherOrganization.client.token, `${october}&clientId=${clientId}`);
    expect(foreignClient).toMatchObject({ count: 0, results: [] });

    const asPlanner = await listTransfers(organization.planner.token, `${october}&clientId=${clientId}`);
    expect(asPlanner).toMatchObject({ count: 3, total: -115_000 });
    const asManager = await listTransfers(organization.manager.token, `${october}&clientId=${clientId}`);
    expect(asManager.count).toBe(3);
    const notTheirs = await call(
      context,
      'GET',
      `/api/cash-flow/transfer-asset/?${october}&clientId=${organization.loneClient.row.id}`,
      { token: organization.planner.token },
    );
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ detail: 'Não encontramos o usuário informado!' });
    const noClient = await call(context, 'GET', `/api/cash-flow/transfer-asset/?${october}`, {
      token: organization.planner.token,
    });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json()).toEqual({ detail: 'Informe o cliente (clientId).' });
    const otherManager = await call(context, 'GET', `/api/cash-flow/transfer-asset/?${october}&clientId=${clientId}`, {
      token: otherOrganization.manager.token,
    });
    expect(otherManager.statusCode).toBe(404);
  });
});

describe('counts and totals of transfers after a write', () => {
  it('follow a categorization that makes a line a transfer, and one that undoes it', async () => {
    const organization = await createTestOrganization(context);
    const token = organization.client.token;
    const descriptions = await findDescriptions(token);
    const line = await addLine(token, { name: 'TED para poupança', amount: -10_000, date: '2026-10-08' });
    expect(await listTransfers(token, october)).toMatchObject({ count: 0, total: 0 });
    // Paging past the end reads at the same version: the kept count must not hide the change.
    expect((await listTransfers(token, `${october}&offset=25`)).count).toBe(0);

    const toSavings = await call(context, 'PUT', `/api/cash-flow/${line.id}/`, {
      token,
      payload: { description: descriptions.Poupança!.id },
    });
    expect(toSavings.json()).toMatchObject({ is_asset_transfer: true });
    expect(await listTransfers(token, october)).toMatchObject({ count: 1, total_out: -10_000, total: -10_000 });
    expect((await listTransfers(token, `${october}&offset=25`)).count).toBe(1);

    const created = await call(context, 'POST', '/api/transactions/create/', {
      token,
      payload: { name: 'Resgate poupança', amount: 4_000, date: '2026-10-20', description: descriptions.Resgate!.id },
    });
    expect(created.statusCode).toBe(201);
    expect(await listTransfers(token, october)).toMatchObject({ count: 2, total_in: 4_000, total: -6_000 });

    const toMarket = await call(context, 'PUT', '/api/cash-flows/', {
      token,
      payload: { ids: [line.id], description: descriptions.Supermercado!.id },
    });
    expect(toMarket.json()).toEqual({ updated: 1 });
    expect(await listTransfers(token, october)).toMatchObject({
      count: 1,
      total_out: 0,
      total_in: 4_000,
      total: 4_000,
    });
    // The cash flow itself still shows both lines.
    expect((await call(context, 'GET', `/api/cash-flow/?${october}`, { token })).json().count).toBe(2);
  });
});

describe('transactions/create/', () => {
  it('creates a typed line as cash-flow/ does, for the client or a planner’s client', async () => {
    const organization = await createTestOrganization(context);
    const token = organization.client.token;
    const descriptions = await findDescriptions(token);
    const response = await call(context, 'POST', '/api/transactions/create/', {
      token,
      payload: {
        name: 'Feira',
        amount: -3_450,
        date: '05/10/2026',
        description: descriptions['Feira e hortifrúti']!.id,
      },
    });
    expect(response.statusCode).toBe(201);
    const line = response.json();
    expect(line).toMatchObject({
      name: 'Feira',
      amount: -3_450,
      date: '2026-10-05',
      cash_date: '2026-10-05',
      is_expense: true,
      created_from: 'manual',
      client: organization.client.row.id,
      origin_name: 'Dinheiro',
    });
    const [stored] = await context.database.db.select().from(transactions).where(eq(transactions.id, line.id));
    expect(stored).toMatchObject({ amountCents: -3_450, clientUserId: organization.client.row.id, name: 'Feira' });
    expect((await call(context, 'GET', `/api/cash-flow/?${october}`, { token })).json().results).toEqual([line]);

    const byPlanner = await call(context, 'POST', `/api/transactions/create/?clientId=${organization.client.row.id}`, {
      token: organization.planner.token,
      payload: { name: 'Padaria', amount: -900, date: '2026-10-06' },
    });
    expect(byPlanner.statusCode).toBe(201);
    expect(byPlanner.json().client).toBe(organization.client.row.id);
    const notTheirs = await call(
      context,
      'POST',
      `/api/transactions/create/?clientId=${organization.loneClient.row.id}`,
      { token: organization.planner.token, payload: { name: 'Padaria', amount: -900, date: '2026-10-06' } },
    );
    expect(notTheirs.statusCode).toBe(404);
  });

  it('refuses a bad amount or a missing name with the same messages as cash-flow/', async () => {
    const organization = await createTestOrganization(context);
    const token = organization.client.token;
    const fractional = await call(context, 'POST', '/api/transactions/create/', {
      token,
      payload: { name: 'Feira', amount: 34.5, date: '2026-10-05' },
    });
    expect(fractional.statusCode).toBe(400);
    expect(fractional.json()).toEqual({ amount: ['Valor inválido: envie centavos inteiros'] });
    const zero = await call(context, 'POST', '/api/transactions/create/', {
      token,
      payload: { name: 'Feira', amount: 0, date: '2026-10-05' },
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ amount: ['Valor inválido'] });
    const text = await call(context, 'POST', '/api/transactions/create/', {
      token,
      payload: { name: '  ', amount: '10', date: '2026-10-05' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ name: ['Este campo é obrigatório'], amount: ['Valor inválido'] });
    const stored = await context.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.clientUserId, organization.client.row.id));
    expect(stored).toEqual([]);
  });
});
