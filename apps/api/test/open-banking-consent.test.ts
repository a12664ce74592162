import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openBankingConnections, origins } from '../src/db/schema';
import type { AppDependencies } from '../src/dependencies';
import { insertAuthToken } from '../src/modules/accounts/accounts.repo';
import { removeAbandonedConsentRequests } from '../src/modules/open-banking/index';
import { submitBankForm } from './helpers/simulated-bank';
import {
  addOtherPlannersClient,
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;
let otherOrganization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

afterEach(() => {
  vi.useRealTimers();
});

const consentBody = { participant_id: 'banco-simulado', permissions: ['ACCOUNTS', 'CREDIT_CARDS'], months: 12 };

interface StartedConsent {
  connection: { id: number; status: string };
  authorization_url: string;
}

async function requestConsent(token: string, clientId?: number): Promise<StartedConsent> {
  const query = clientId ? `?clientId=${clientId}` : '';
  const response = await call(context, 'POST', `/api/open-banking/v2/users/consents/${query}`, {
    token,
    payload: consentBody,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The bank's page for the consent's address: its path and query, as the browser would open it. */
function readBankPath(authorizationUrl: string): { path: string; request: string } {
  const address = new URL(authorizationUrl);
  return { path: `${address.pathname}${address.search}`, request: address.searchParams.get('request') ?? '' };
}

/** Signs in at the simulated bank, types the code and decides; the address the bank sends the person back to. */
async function goThroughBank(authorizationUrl: string, decision: 'authorise' | 'refuse' = 'authorise'): Promise<URL> {
  const { path, request } = readBankPath(authorizationUrl);
  const loginPage = await context.app.inject({ method: 'GET', url: path });
  expect(loginPage.statusCode).toBe(200);
  expect(loginPage.body).toContain('Entre na sua conta');
  const codePage = await submitBankForm(context, { request, step: 'login', user: 'user-ok', password: 'password-ok' });
  expect(codePage.body).toContain('Código de segurança');
  const reviewPage = await submitBankForm(context, { request, step: 'code', code: '123456' });
  expect(reviewPage.body).toContain('Confirme o compartilhamento');
  expect(reviewPage.body).toContain('por 12 meses');
  expect(reviewPage.body).toContain('Cartões de crédito: limites, faturas e lançamentos');
  const back = await submitBankForm(context, { request, step: 'review', decision });
  expect(back.statusCode).toBe(303);
  return new URL(back.headers.location as string);
}

async function approve(token: string, back: URL) {
  return call(context, 'POST', '/api/open-banking/v2/users/approve/', {
    token,
    payload: Object.fromEntries(back.searchParams),
  });
}

describe('GET open-banking/v2/participants/', () => {
  it('lists the simulated institutions with their CNPJ and logo, searchable by name or CNPJ', async () => {
    const response = await call(context, 'GET', '/api/open-banking/v2/participants/', {
      token: organization.client.token,
    });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    // The Open Finance directory's two, and BS2, reached through its own integration.
    expect(page.count).toBe(3);
    expect(page.results[0]).toEqual({
      id: 'banco-simulado',
      name: 'Banco Simulado',
      registration_number: '11222333000181',
      logo_uri: 'http://prumo.test/open-finance-simulator/logos/banco-simulado.svg',
      connector: 'quanto',
    });
    expect(page.results.map((participant: { id: string; connector: string }) => participant.connector)).toEqual([
      'quanto',
      'bs2',
      'quanto',
    ]);
    const byName = await call(context, 'GET', '/api/open-banking/v2/participants/?search=coop', {
      token: organization.planner.token,
    });
    expect(byName.json().results.map((participant: { id: string }) => participant.id)).toEqual([
      'cooperativa-simulada',
    ]);
    const byCnpj = await call(context, 'GET', '/api/open-banking/v2/participants/?search=11.222.333', {
      token: organization.client.token,
    });
    expect(byCnpj.json().count).toBe(1);
  });

  it('is not a manager’s call, nor a visitor’s', async () => {
    const manager = await call(context, 'GET', '/api/open-banking/v2/participants/', {
      token: organization.manager.token,
    });
    expect(manager.statusCode).toBe(403);
    const visitor = await call(context, 'GET', '/api/open-banking/v2/participants/');
    expect(visitor.statusCode).toBe(401);
  });

  it('serves the directory in Open Finance Brasil’s shape, and each logo', async () => {
    const directory = await context.app.inject({ method: 'GET', url: '/open-finance-simulator/participants' });
    expect(directory.json()[0]).toMatchObject({
      OrganisationName: 'Banco Simulado Prumo S.A.',
      RegistrationNumber: '11222333000181',
      AuthorisationServers: [{ CustomerFriendlyName: 'Banco Simulado' }],
    });
    const logo = await context.app.inject({ method: 'GET', url: '/open-finance-simulator/logos/banco-simulado.svg' });
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    const missing = await context.app.inject({ method: 'GET', url: '/open-finance-simulator/logos/outro.svg' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST open-banking/v2/users/session/', () => {
  it('registers the client with the connector once, keeping the platform and OS', async () => {
    const payload = { client_metadata: { platform: 'BROWSER', os: 'Android' } };
    const first = await call(context, 'POST', '/api/open-banking/v2/users/session/', {
      token: organization.client.token,
      payload,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ provider: 'simulated', platform: 'BROWSER', os: 'Android' });
    const again = await call(context, 'POST', '/api/open-banking/v2/users/session/', {
      token: organization.client.token,
      payload: { client_metadata: { platform: 'BROWSER', os: 'Linux' } },
    });
    expect(again.json()).toMatchObject({ id: first.json().id, os: 'Linux' });
  });

  it('refuses another platform with its message', async () => {
    const response = await call(context, 'POST', '/api/open-banking/v2/users/session/', {
      token: organization.client.token,
      payload: { client_metadata: { platform: 'IOS', os: 'iOS' } },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('Informe a plataforma BROWSER.');
  });
});

describe('POST integration/start-session/quanto/ and bs2/', () => {
  it('registers the client with each integration apart, the platform BROWSER when no body says it', async () => {
    const { client } = await createTestOrganization(context);
    const quanto = await call(context, 'POST', '/api/integration/start-session/quanto/', { token: client.token });
    expect(quanto.statusCode, quanto.body).toBe(201);
    expect(quanto.json()).toMatchObject({ provider: 'simulated', connector: 'quanto', platform: 'BROWSER', os: '' });
    const bs2 = await call(context, 'POST', '/api/integration/start-session/bs2/', {
      token: client.token,
      payload: { client_metadata: { platform: 'BROWSER', os: 'Android' } },
    });
    expect(bs2.statusCode, bs2.body).toBe(201);
    expect(bs2.json()).toMatchObject({ connector: 'bs2', os: 'Android' });
    expect(bs2.json().id).not.toBe(quanto.json().id);
    // Open Finance's own call is the 'quanto' registration.
    const openFinance = await call(context, 'POST', '/api/open-banking/v2/users/session/', {
      token: client.token,
      payload: { client_metadata: { platform: 'BROWSER', os: 'Linux' } },
    });
    expect(openFinance.json()).toMatchObject({ id: quanto.json().id, connector: 'quanto', os: 'Linux' });
  });

  it('answers 404 for an integration it does not have, 403 to a manager and 401 to a visitor', async () => {
    const unknown = await call(context, 'POST', '/api/integration/start-session/gestor/', {
      token: organization.client.token,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Integração não encontrada.' });
    const manager = await call(context, 'POST', '/api/integration/start-session/bs2/', {
      token: organization.manager.token,
    });
    expect(manager.statusCode).toBe(403);
    const visitor = await call(context, 'POST', '/api/integration/start-session/quanto/');
    expect(visitor.statusCode).toBe(401);
    const wrongPlatform = await call(context, 'POST', '/api/integration/start-session/quanto/', {
      token: organization.client.token,
      payload: { client_metadata: { platform: 'IOS' } },
    });
    expect(wrongPlatform.statusCode).toBe(400);
  });

  it('lets a planner register their own client, and not another planner’s', async () => {
    const fresh = await createTestOrganization(context);
    const own = await call(context, 'POST', `/api/integration/start-session/quanto/?clientId=${fresh.client.row.id}`, {
      token: fresh.planner.token,
    });
    expect(own.statusCode, own.body).toBe(201);
    const other = await addOtherPlannersClient(context, fresh);
    const foreign = await call(context, 'POST', `/api/integration/start-session/quanto/?clientId=${other.row.id}`, {
      token: fresh.planner.token,
    });
    expect([403, 404]).toContain(foreign.statusCode);
  });
});

describe('BS2, through its own integration', () => {
  it('returns to bs2-callback and connects the BS2 accounts', async () => {
    const fresh = await createTestOrganization(context);
    const { client } = fresh;
    const started = await call(context, 'POST', '/api/open-banking/v2/users/consents/', {
      token: client.token,
      payload: { ...consentBody, participant_id: 'bs2-simulado' },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().connection).toMatchObject({ connector: 'bs2', institution_name: 'BS2 Simulado' });
    const back = await goThroughBank(started.json().authorization_url);
    expect(`${back.origin}${back.pathname}`).toBe(`http://prumo.test/app/${fresh.slug}/bs2-callback`);
    const approved = await approve(client.token, back);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'active', connector: 'bs2' });
  });

  it('finds an institution under the integration named with it only', async () => {
    const { client } = await createTestOrganization(context);
    const elsewhere = await call(context, 'POST', '/api/open-banking/v2/users/consents/', {
      token: client.token,
      payload: { ...consentBody, participant_id: 'banco-simulado', connector: 'bs2' },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ participant_id: ['Instituição não encontrada.'] });
    const unknown = await call(context, 'POST', '/api/open-banking/v2/users/consents/', {
      token: client.token,
      payload: { ...consentBody, connector: 'gestor' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('Integração não encontrada.');
    const named = await call(context, 'POST', '/api/open-banking/v2/users/consents/', {
      token: client.token,
      payload: { ...consentBody, participant_id: 'bs2-simulado', connector: 'bs2' },
    });
    expect(named.statusCode, named.body).toBe(201);
  });

  it('is connected by the client themselves: a planner is told so', async () => {
    const session = await call(
      context,
      'POST',
      `/api/integration/start-session/bs2/?clientId=${organization.client.row.id}`,
      {
        token: organization.planner.token,
      },
    );
    expect(session.statusCode).toBe(403);
    expect(session.json()).toEqual({
      detail: 'A conexão com o BS2 é feita pelo próprio cliente, entrando com a conta dele.',
    });
    const response = await call(
      context,
      'POST',
      `/api/open-banking/v2/users/consents/?clientId=${organization.client.row.id}`,
      {
        token: organization.planner.token,
        payload: { ...consentBody, participant_id: 'bs2-simulado' },
      },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'A conexão com o BS2 é feita pelo próprio cliente, entrando com a conta dele.',
    });
  });
});

describe('A consent through the simulated bank', () => {
  it('connects after the login, the code and the authorisation, with the consent’s end and no token in the answer', async () => {
    const started = await requestConsent(organization.client.token);
    expect(started.connection.status).toBe('awaiting_consent');
    expect(started.authorization_url).toMatch(/^http:\/\/prumo\.test\/open-finance-simulator\/authorize\?request=/);

    const back = await goThroughBank(started.authorization_url);
    // One return address for every organization, as a bank registers it; the page takes the person on.
    expect(`${back.origin}${back.pathname}`).toBe('http://prumo.test/callback-opb');
    expect(back.searchParams.get('code')).toBeTruthy();

    const approved = await approve(organization.client.token, back);
    expect(approved.statusCode, approved.body).toBe(200);
    const connection = approved.json();
    expect(connection).toMatchObject({
      id: started.connection.id,
      status: 'active',
      status_label: 'Ativa',
      institution_name: 'Banco Simulado',
      permissions: ['ACCOUNTS', 'CREDIT_CARDS'],
      consent_months: 12,
    });
    const months = (Date.parse(connection.consent_expires_at) - Date.parse(connection.connected_at)) / 86_400_000;
    expect(months).toBeGreaterThan(364);
    expect(months).toBeLessThan(367);
    expect(approved.body).not.toContain(back.searchParams.get('code'));

    // The token is kept sealed, never in clear.
    const [row] = await context.database.db
      .select()
      .from(openBankingConnections)
      .where(eq(openBankingConnections.id, connection.id));
    expect(row?.accessTokenCiphertext).toMatch(/^v1\./);
    expect(row?.stateHash).toBeNull();

    const list = await call(context, 'GET', '/api/open-banking/v2/links-connect/', {
      token: organization.client.token,
    });
    expect(list.json().results.map((item: { id: number }) => item.id)).toContain(connection.id);
    expect(list.body).not.toContain('ciphertext');
  });

  it('refuses the same return twice, and a return from another session of the same person', async () => {
    const started = await requestConsent(organization.client.token);
    const back = await goThroughBank(started.authorization_url);
    const otherSession = await insertAuthToken(
      context.database.db,
      organization.client.row.id,
      new Date(Date.now() + 3_600_000),
    );
    const foreign = await approve(otherSession, back);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toContain('Este retorno do banco não vale mais');

    expect((await approve(organization.client.token, back)).statusCode).toBe(200);
    const replayed = await approve(organization.client.token, back);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().detail).toContain('Comece a conexão de novo');
  });

  it('refuses a state made up, and one past its ten minutes', async () => {
    const madeUp = await call(context, 'POST', '/api/open-banking/v2/users/approve/', {
      token: organization.client.token,
      payload: { state: 'x'.repeat(43), code: 'abc' },
    });
    expect(madeUp.statusCode).toBe(400);

    const started = await requestConsent(organization.client.token);
    const back = await goThroughBank(started.authorization_url);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    const late = await approve(organization.client.token, back);
    expect(late.statusCode).toBe(400);
  });

  it('renews a consent: the new one takes the older one’s place at the same institution, accounts kept', async () => {
    const client = (await createTestOrganization(context)).client;
    const connect = async () => {
      const started = await requestConsent(client.token);
      const approved = await approve(client.token, await goThroughBank(started.authorization_url));
      expect(approved.statusCode, approved.body).toBe(200);
      return approved.json() as { id: number; status: string };
    };
    const first = await connect();
    const accountsBefore = await context.database.db
      .select({ id: origins.id })
      .from(origins)
      .where(eq(origins.clientUserId, client.row.id));
    const renewed = await connect();
    expect(renewed.status).toBe('active');
    const listed = await call(context, 'GET', '/api/open-banking/v2/links-connect/', { token: client.token });
    const statuses = Object.fromEntries(
      listed.json().results.map((row: { id: number; status: string }) => [row.id, row.status]),
    );
    expect(statuses).toEqual({ [first.id]: 'revoked', [renewed.id]: 'active' });
    const accountsAfter = await context.database.db
      .select({ id: origins.id })
      .from(origins)
      .where(eq(origins.clientUserId, client.row.id));
    expect(accountsAfter.map((row) => row.id).sort()).toEqual(accountsBefore.map((row) => row.id).sort());
  });

  it('records a refusal at the bank as not authorised, and the list says so', async () => {
    const started = await requestConsent(organization.client.token);
    const back = await goThroughBank(started.authorization_url, 'refuse');
    expect(back.searchParams.get('error')).toBe('access_denied');
    const answer = await approve(organization.client.token, back);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'refused', status_label: 'Não autorizada' });
  });

  it('does not trust a return with neither a code nor an error from a bank that returns codes', async () => {
    const started = await requestConsent(organization.client.token);
    const back = await goThroughBank(started.authorization_url);
    back.searchParams.delete('code');
    const answer = await approve(organization.client.token, back);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().detail).toContain('Este retorno do banco não vale mais');
    const [row] = await context.database.db
      .select({ status: openBankingConnections.status })
      .from(openBankingConnections)
      .where(eq(openBankingConnections.id, started.connection.id));
    expect(row?.status).toBe('failed');
  });

  it('shows the bank’s errors: a wrong password, a wrong code, an expired code', async () => {
    const started = await requestConsent(organization.client.token);
    const { request } = readBankPath(started.authorization_url);
    const wrongPassword = await submitBankForm(context, {
      request,
      step: 'login',
      user: 'user-ok',
      password: 'errada',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.body).toContain('Usuário ou senha incorretos.');

    await submitBankForm(context, { request, step: 'login', user: 'user-ok', password: 'password-ok' });
    const wrongCode = await submitBankForm(context, { request, step: 'code', code: '000000' });
    expect(wrongCode.body).toContain('Código incorreto.');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    const expired = await submitBankForm(context, { request, step: 'code', code: '123456' });
    expect(expired.body).toContain('O código expirou. Entre de novo para receber outro.');
    expect(expired.body).toContain('Entre na sua conta');
  });

  it('escapes what the bank’s page shows, and a request that does not exist is a 404 page', async () => {
    const unknown = await context.app.inject({
      method: 'GET',
      url: '/open-finance-simulator/authorize?request=%3Cscript%3E',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('<script>');
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('refuses an unknown institution, no permission and a term other than 3, 6, 9 or 12 months', async () => {
    const token = organization.client.token;
    const url = '/api/open-banking/v2/users/consents/';
    const unknown = await call(context, 'POST', url, { token, payload: { ...consentBody, participant_id: 'banco-x' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ participant_id: ['Instituição não encontrada.'] });
    const none = await call(context, 'POST', url, { token, payload: { ...consentBody, permissions: [] } });
    expect(none.json()).toEqual({ permissions: ['Escolha ao menos um tipo de dado para compartilhar.'] });
    const term = await call(context, 'POST', url, { token, payload: { ...consentBody, months: 7 } });
    expect(term.json()).toEqual({ months: ['Escolha o prazo: 3, 6, 9 ou 12 meses.'] });
  });
});

describe('Races, limits and leftovers', () => {
  it('spends a state once when ten returns arrive together, and answers them all', async () => {
    const started = await requestConsent(organization.client.token);
    const back = await goThroughBank(started.authorization_url);
    const answers = await Promise.all(Array.from({ length: 10 }, () => approve(organization.client.token, back)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(9).fill(400)]);
  });

  it('decides a request at the bank once when Autorizar is clicked twice at once', async () => {
    const started = await requestConsent(organization.client.token);
    const { request } = readBankPath(started.authorization_url);
    await submitBankForm(context, { request, step: 'login', user: 'user-ok', password: 'password-ok' });
    await submitBankForm(context, { request, step: 'code', code: '123456' });
    const clicks = await Promise.all([
      submitBankForm(context, { request, step: 'review', decision: 'authorise' }),
      submitBankForm(context, { request, step: 'review', decision: 'authorise' }),
    ]);
    expect(clicks.map((click) => click.statusCode).sort()).toEqual([303, 404]);
  });

  it('lets a client have at most 5 requests waiting for the bank', async () => {
    const target = await createTestOrganization(context);
    for (let index = 0; index < 5; index++) {
      const answer = await call(context, 'POST', '/api/open-banking/v2/users/consents/', {
        token: target.client.token,
        payload: consentBody,
      });
      expect(answer.statusCode).toBe(201);
    }
    const sixth = await call(context, 'POST', '/api/open-banking/v2/users/consents/', {
      token: target.client.token,
      payload: consentBody,
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toContain('Você já tem pedidos de conexão esperando o banco.');
  });

  it('revokes here even when the bank cannot be told, and clears requests a day old', async () => {
    const started = await requestConsent(organization.client.token);
    await approve(organization.client.token, await goThroughBank(started.authorization_url));
    const { db } = context.database;
    // A token that cannot be opened any more (another key, a damaged text).
    await db
      .update(openBankingConnections)
      .set({ accessTokenCiphertext: 'v1.outra-chave.x.y.z' })
      .where(eq(openBankingConnections.id, started.connection.id));
    const revoked = await call(context, 'POST', `/api/open-banking/v2/links-connect/${started.connection.id}/revoke/`, {
      token: organization.client.token,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().status).toBe('revoked');

    const abandoned = await requestConsent(organization.client.token);
    const later = new Date(Date.now() + 25 * 3_600_000);
    expect(
      await removeAbandonedConsentRequests({ db, config: context.config } as AppDependencies, later),
    ).toBeGreaterThanOrEqual(1);
    const [left] = await db
      .select()
      .from(openBankingConnections)
      .where(eq(openBankingConnections.id, abandoned.connection.id));
    expect(left).toBeUndefined();
  });
});

describe('Who connects for whom', () => {
  it('lets a planner connect for their own client, and no one for another planner’s or organization’s', async () => {
    const mine = await requestConsent(organization.planner.token, organization.client.row.id);
    const back = await goThroughBank(mine.authorization_url);
    expect((await approve(organization.planner.token, back)).statusCode).toBe(200);
    const clientList = await call(context, 'GET', '/api/open-banking/v2/links-connect/', {
      token: organization.client.token,
    });
    expect(clientList.json().results.map((item: { id: number }) => item.id)).toContain(mine.connection.id);

    const othersClient = await addOtherPlannersClient(context, organization);
    for (const clientId of [othersClient.row.id, otherOrganization.client.row.id]) {
      const refused = await call(context, 'POST', `/api/open-banking/v2/users/consents/?clientId=${clientId}`, {
        token: organization.planner.token,
        payload: consentBody,
      });
      expect(refused.statusCode).toBe(404);
    }
    const managerList = await call(
      context,
      'GET',
      `/api/open-banking/v2/links-connect/?clientId=${organization.client.row.id}`,
      { token: organization.manager.token },
    );
    expect(managerList.statusCode).toBe(403);
    const otherClientRevoke = await call(
      context,
      'POST',
      `/api/open-banking/v2/links-connect/${mine.connection.id}/revoke/`,
      { token: otherOrganization.client.token },
    );
    expect(otherClientRevoke.statusCode).toBe(404);
  });

  it('revokes a connection at the bank and here, once', async () => {
    const started = await requestConsent(organization.client.token);
    const back = await goThroughBank(started.authorization_url);
    await approve(organization.client.token, back);
    const url = `/api/open-banking/v2/links-connect/${started.connection.id}/revoke/`;
    const revoked = await call(context, 'POST', url, { token: organization.client.token });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', status_label: 'Revogada' });
    expect(revoked.json().revoked_at).not.toBeNull();
    const [row] = await context.database.db
      .select()
      .from(openBankingConnections)
      .where(eq(openBankingConnections.id, started.connection.id));
    expect(row?.accessTokenCiphertext).toBeNull();
    const again = await call(context, 'POST', url, { token: organization.client.token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Esta conexão já foi revogada.' });
  });
});
