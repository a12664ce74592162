import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openBankingConnections } from '../src/db/schema';
import { insertAuthToken } from '../src/modules/accounts/accounts.repo';
import { submitBankForm } from './helpers/simulated-bank';
import {
  addOtherPlannersClient,
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

/*
 * Belvo's flow (GET integration/belvo/access_token/, POST integration/belvo/links/): the widget asks
 * for the consent and returns a link. By default the simulated bank's pages stand for the widget.
 */

let context: TestContext;
let otherOrganization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext();
  otherOrganization = await createTestOrganization(context);
});

afterEach(() => {
  vi.useRealTimers();
});

interface WidgetToken {
  access: string;
  expires_at: string;
  widget_url: string;
}

async function openWidget(token: string, bankCode: string, clientId?: number) {
  const query = new URLSearchParams({ bankCode, ...(clientId ? { clientId: String(clientId) } : {}) });
  return call(context, 'GET', `/api/integration/belvo/access_token/?${query}`, { token });
}

async function openWidgetOk(token: string, bankCode = '990', clientId?: number): Promise<WidgetToken> {
  const response = await openWidget(token, bankCode, clientId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Signs in at the simulated bank (the widget), types the code and decides; where the widget sends the person. */
async function goThroughWidget(widgetUrl: string, decision: 'authorise' | 'refuse' = 'authorise'): Promise<URL> {
  const address = new URL(widgetUrl);
  const request = address.searchParams.get('request') ?? '';
  const loginPage = await context.app.inject({ method: 'GET', url: `${address.pathname}${address.search}` });
  expect(loginPage.statusCode).toBe(200);
  await submitBankForm(context, { request, step: 'login', user: 'user-ok', password: 'password-ok' });
  const reviewPage = await submitBankForm(context, { request, step: 'code', code: '123456' });
  expect(reviewPage.body).toContain('por 12 meses');
  expect(reviewPage.body).toContain('Cartões de crédito: limites, faturas e lançamentos');
  expect(reviewPage.body).not.toContain('Investimentos');
  const back = await submitBankForm(context, { request, step: 'review', decision });
  expect(back.statusCode).toBe(303);
  return new URL(back.headers.location as string);
}

async function sendLink(token: string, back: URL) {
  return call(context, 'POST', '/api/integration/belvo/links/', {
    token,
    payload: { link: back.searchParams.get('link') ?? '', institution: back.searchParams.get('institution') ?? '' },
  });
}

async function listConnections(token: string) {
  const response = await call(context, 'GET', '/api/open-banking/v2/links-connect/', { token });
  expect(response.statusCode).toBe(200);
  return response.json().results as { id: number; status: string; connector: string }[];
}

describe('GET integration/belvo/access_token/ and POST integration/belvo/links/', () => {
  it('opens the widget for a bank by its code; the link it returns becomes an active connection, its token sealed', async () => {
    const organization = await createTestOrganization(context);
    const before = Date.now();
    const widget = await openWidgetOk(organization.client.token);
    const after = Date.now();
    expect(widget.access).toBeTruthy();
    // Ten minutes from when the widget was opened, however long the call took.
    const expiresAt = Date.parse(widget.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1_000);
    expect(expiresAt).toBeLessThanOrEqual(after + 10 * 60_000 + 1_000);
    expect(widget.widget_url).toMatch(/^http:\/\/prumo\.test\/open-finance-simulator\/authorize\?request=/);
    // Nothing shows before the link comes back.
    expect(await listConnections(organization.client.token)).toEqual([]);

    const back = await goThroughWidget(widget.widget_url);
    expect(`${back.origin}${back.pathname}`).toBe('http://prumo.test/callback-opb');
    expect(back.searchParams.get('institution')).toBe('banco-simulado');
    expect(back.searchParams.get('state')).toBeNull();
    // The link is an id of its own: the request's, which the bank's pages carried in their address, opens nothing.
    const requestId = new URL(widget.widget_url).searchParams.get('request') ?? '';
    expect(back.searchParams.get('link')).toMatch(/^link-/);
    expect(back.searchParams.get('link')).not.toBe(requestId);
    const byRequestId = await call(context, 'POST', '/api/integration/belvo/links/', {
      token: organization.client.token,
      payload: { link: requestId, institution: 'banco-simulado' },
    });
    expect(byRequestId.statusCode).toBe(400);

    const linked = await sendLink(organization.client.token, back);
    expect(linked.statusCode, linked.body).toBe(201);
    const connection = linked.json();
    expect(connection).toMatchObject({
      client: organization.client.row.id,
      connector: 'belvo',
      participant_id: 'banco-simulado',
      institution_name: 'Banco Simulado',
      status: 'active',
      permissions: ['ACCOUNTS', 'CREDIT_CARDS'],
      consent_months: 12,
      sync_status: 'waiting',
    });
    const months = (Date.parse(connection.consent_expires_at) - Date.parse(connection.connected_at)) / 86_400_000;
    expect(months).toBeGreaterThan(364);
    expect(months).toBeLessThan(367);

    const [row] = await context.database.db
      .select()
      .from(openBankingConnections)
      .where(eq(openBankingConnections.id, connection.id));
    expect(row?.accessTokenCiphertext).toMatch(/^v1\./);
    expect(row?.externalConsentId).toBe(back.searchParams.get('link'));
    expect(row?.stateHash).toBeNull();
    expect((await listConnections(organization.client.token)).map((item) => item.id)).toEqual([connection.id]);
  });

  it('takes a link once, and only in the session that opened its widget', async () => {
    const organization = await createTestOrganization(context);
    const back = await goThroughWidget((await openWidgetOk(organization.client.token)).widget_url);
    const otherSession = await insertAuthToken(
      context.database.db,
      organization.client.row.id,
      new Date(Date.now() + 3_600_000),
    );
    for (const token of [otherSession, organization.planner.token, otherOrganization.client.token]) {
      const foreign = await sendLink(token, back);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().detail).toBe(
        'Esta conexão não foi encontrada ou não foi iniciada nesta sessão. Comece a conexão de novo.',
      );
    }
    expect((await sendLink(organization.client.token, back)).statusCode).toBe(201);
    const replayed = await sendLink(organization.client.token, back);
    expect(replayed.statusCode).toBe(400);
    expect(await listConnections(organization.client.token)).toHaveLength(1);
  });

  it('refuses a link made up, one not yet authorised, and one past its ten minutes', async () => {
    const organization = await createTestOrganization(context);
    const madeUp = await call(context, 'POST', '/api/integration/belvo/links/', {
      token: organization.client.token,
      payload: { link: 'urn:simulado:nao-existe', institution: 'banco-simulado' },
    });
    expect(madeUp.statusCode).toBe(400);

    // The widget's request id before the person authorised is no link yet.
    const widget = await openWidgetOk(organization.client.token);
    const early = await call(context, 'POST', '/api/integration/belvo/links/', {
      token: organization.client.token,
      payload: { link: new URL(widget.widget_url).searchParams.get('request'), institution: '' },
    });
    expect(early.statusCode).toBe(400);

    const back = await goThroughWidget(widget.widget_url);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect((await sendLink(organization.client.token, back)).statusCode).toBe(400);
    vi.useRealTimers();
    expect(await listConnections(organization.client.token)).toEqual([]);

    const empty = await call(context, 'POST', '/api/integration/belvo/links/', {
      token: organization.client.token,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().link).toEqual([
      'Esta conexão não foi encontrada ou não foi iniciada nesta sessão. Comece a conexão de novo.',
    ]);
  });

  it('returns a refusal in the widget without a link, and lists nothing', async () => {
    const organization = await createTestOrganization(context);
    const back = await goThroughWidget((await openWidgetOk(organization.client.token)).widget_url, 'refuse');
    expect(back.searchParams.get('link')).toBeNull();
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(await listConnections(organization.client.token)).toEqual([]);
  });

  it('refuses a bank code that is not three digits, and a bank this integration does not reach', async () => {
    const organization = await createTestOrganization(context);
    for (const bankCode of ['', '34', 'abc', '3410']) {
      const response = await openWidget(organization.client.token, bankCode);
      expect(response.statusCode, bankCode).toBe(400);
      expect(response.json().bankCode).toEqual(['Informe o código do banco com 3 dígitos (ex.: 341).']);
    }
    const missing = await call(context, 'GET', '/api/integration/belvo/access_token/', {
      token: organization.client.token,
    });
    expect(missing.statusCode).toBe(400);
    // Itaú is not in the simulated directory, and BS2 is reached through its own integration only.
    for (const bankCode of ['341', '218']) {
      const response = await openWidget(organization.client.token, bankCode);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(
        'Este banco ainda não pode ser conectado por esta integração. Importe o extrato do banco.',
      );
    }
    expect((await openWidget(organization.client.token, '991')).statusCode).toBe(200);
  });

  it('lets a planner connect their own client, and no one another planner’s or organization’s client', async () => {
    const organization = await createTestOrganization(context);
    const widget = await openWidgetOk(organization.planner.token, '990', organization.client.row.id);
    const linked = await sendLink(organization.planner.token, await goThroughWidget(widget.widget_url));
    expect(linked.statusCode).toBe(201);
    expect(linked.json().client).toBe(organization.client.row.id);
    expect((await listConnections(organization.client.token)).map((item) => item.id)).toEqual([linked.json().id]);

    const othersClient = await addOtherPlannersClient(context, organization);
    for (const clientId of [othersClient.row.id, otherOrganization.client.row.id]) {
      expect((await openWidget(organization.planner.token, '990', clientId)).statusCode).toBe(404);
    }
    expect((await openWidget(organization.manager.token, '990', organization.client.row.id)).statusCode).toBe(403);
    const visitor = await call(context, 'GET', '/api/integration/belvo/access_token/?bankCode=990');
    expect(visitor.statusCode).toBe(401);
    const visitorLink = await call(context, 'POST', '/api/integration/belvo/links/', {
      payload: { link: 'urn:simulado:x', institution: '' },
    });
    expect(visitorLink.statusCode).toBe(401);
  });

  it('counts a widget waiting for its link among the client’s 5 requests waiting for the bank', async () => {
    const organization = await createTestOrganization(context);
    for (let index = 0; index < 5; index += 1) await openWidgetOk(organization.client.token);
    const sixth = await openWidget(organization.client.token, '990');
    expect(sixth.statusCode).toBe(429);
    const waiting = await context.database.db
      .select()
      .from(openBankingConnections)
      .where(eq(openBankingConnections.clientUserId, organization.client.row.id));
    expect(waiting).toHaveLength(5);
  });
});
