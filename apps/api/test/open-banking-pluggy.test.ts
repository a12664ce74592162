import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  investments,
  openBankingConnections,
  openFinanceSettings,
  origins,
  transactions,
  users,
} from '../src/db/schema';
import { countClientLines, describeListedAccounts, findListedConnection } from './helpers/open-finance-connections';
import { type FakePluggy, startFakePluggy } from './helpers/pluggy-server';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

/*
 * An organization that configures Pluggy for Open Finance ('quanto'): its keys tried and sealed, a
 * consent made as a Pluggy item of the chosen connector, the person's return (no code: Pluggy takes
 * the bank's itself) tied to the session by the state Prumo put in the address, and the accounts,
 * lines and investments synced through the same pipeline. Pluggy is a local server answering its
 * documented shapes.
 */

let context: TestContext;
let pluggy: FakePluggy;
let organization: TestOrganization;
let otherOrganization: TestOrganization;
const logLines: string[] = [];

beforeAll(async () => {
  pluggy = await startFakePluggy();
  context = await createTestContext({ logLines });
  context.config.pluggyApiUrl = pluggy.url;
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

afterAll(async () => {
  await pluggy.close();
});

const settingsPath = '/api/open-banking/settings/quanto/';

async function configurePluggy(target: TestOrganization) {
  const response = await call(context, 'PUT', settingsPath, {
    token: target.manager.token,
    payload: { provider: 'pluggy', client_id: pluggy.clientId, client_secret: pluggy.clientSecret },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function setCpf(userId: number, cpf: string | null) {
  await context.database.db.update(users).set({ cpf }).where(eq(users.id, userId));
}

async function requestConsent(
  token: string,
  permissions = ['ACCOUNTS', 'CREDIT_CARDS', 'INVESTMENTS'],
  months = 12,
  participantId = '601',
) {
  return call(context, 'POST', '/api/open-banking/v2/users/consents/', {
    token,
    payload: { participant_id: participantId, permissions, months, connector: 'quanto' },
  });
}

/**
 * A consent through Pluggy as far as the bank: the item it made and the connection waiting for it.
 * At Nubank: a consent given at Itaú again would take the place of the test's Itaú connection.
 */
async function startConsent(months = 12) {
  const started = await requestConsent(organization.client.token, ['ACCOUNTS'], months, '612');
  expect(started.statusCode, started.body).toBe(201);
  return { itemId: readItemId(started.json().authorization_url), connectionId: started.json().connection.id as number };
}

/** Days from now to an ISO instant. */
function daysFromNow(instant: string): number {
  return (Date.parse(instant) - Date.now()) / 86_400_000;
}

/** The item Prumo asked Pluggy for, read from the bank address its consent answered. */
function readItemId(authorizationUrl: string): string {
  return new URL(authorizationUrl).searchParams.get('item') ?? '';
}

async function approve(token: string, back: URL) {
  return call(context, 'POST', '/api/open-banking/v2/users/approve/', {
    token,
    payload: Object.fromEntries(back.searchParams),
  });
}

describe('PUT open-banking/settings/quanto/ with Pluggy', () => {
  it('tries the keys with Pluggy first, and takes only Pluggy for Open Finance', async () => {
    const refused = await call(context, 'PUT', settingsPath, {
      token: otherOrganization.manager.token,
      payload: { provider: 'pluggy', client_id: pluggy.clientId, client_secret: 'wrong-secret' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().client_secret).toEqual([
      'O provedor recusou estas chaves ou não respondeu. Confira o id e o segredo e tente de novo.',
    ]);
    const otherProvider = await call(context, 'PUT', settingsPath, {
      token: otherOrganization.manager.token,
      payload: { provider: 'belvo', client_id: pluggy.clientId, client_secret: pluggy.clientSecret },
    });
    expect(otherProvider.statusCode).toBe(400);
    expect(otherProvider.json().provider).toEqual([
      'Este provedor não atende esta integração: o Open Finance é da Pluggy; o widget, da Belvo.',
    ]);
    const listed = await call(context, 'GET', '/api/open-banking/settings/', {
      token: otherOrganization.manager.token,
    });
    expect(listed.json().results.map((row: { integration: string; provider: string }) => row)).toEqual([
      expect.objectContaining({ integration: 'quanto', provider: 'simulated', client_id: null }),
      expect.objectContaining({ integration: 'belvo', provider: 'simulated', client_id: null }),
    ]);
  });

  it('keeps the secret sealed, never answered or logged, and gives the webhook’s address and header', async () => {
    const saved = await configurePluggy(organization);
    expect(saved.json()).toMatchObject({
      integration: 'quanto',
      provider: 'pluggy',
      client_id: pluggy.clientId,
      webhook_url: `http://prumo.test/api/open-banking/webhooks/pluggy/${organization.slug}/`,
    });
    expect(saved.json().webhook_authorization).toMatch(/^Bearer [\w-]{43}$/);
    expect(saved.body).not.toContain(pluggy.clientSecret);
    const [row] = await context.database.db
      .select()
      .from(openFinanceSettings)
      .where(eq(openFinanceSettings.organizationId, organization.id));
    expect(row).toMatchObject({ integration: 'quanto', provider: 'pluggy' });
    expect(row?.secretCiphertext).not.toContain(pluggy.clientSecret);
    expect(logLines.join('\n')).not.toContain(pluggy.clientSecret);
  });
});

describe('a connection through Pluggy', () => {
  let connectionId: number;
  let itemId: string;

  it('lists Pluggy’s Open Finance connectors as the institutions, every page', async () => {
    const participants = await call(context, 'GET', '/api/open-banking/v2/participants/', {
      token: organization.client.token,
    });
    expect(participants.statusCode, participants.body).toBe(200);
    const quanto = participants
      .json()
      .results.filter((participant: { connector: string }) => participant.connector === 'quanto');
    expect(quanto).toEqual([
      {
        id: '601',
        name: 'Itaú',
        registration_number: '',
        logo_uri: 'https://cdn.pluggy.test/itau.svg',
        connector: 'quanto',
      },
      {
        id: '612',
        name: 'Nubank',
        registration_number: '',
        logo_uri: 'https://cdn.pluggy.test/nubank.svg',
        connector: 'quanto',
      },
    ]);
    // Another organization keeps the simulated institution.
    const simulated = await call(context, 'GET', '/api/open-banking/v2/participants/', {
      token: otherOrganization.client.token,
    });
    expect(simulated.json().results.map((participant: { id: string }) => participant.id)).toContain('banco-simulado');
  });

  it('asks for the holder’s CPF in the profile first', async () => {
    await setCpf(organization.client.row.id, null);
    const refused = await requestConsent(organization.client.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Para conectar por esta integração, o CPF do titular precisa estar no perfil.');
    expect(pluggy.itemRequests).toHaveLength(0);
  });

  it('makes the consent as an item of the chosen connector and sends the person to the bank’s address', async () => {
    await setCpf(organization.client.row.id, '52998224725');
    const started = await requestConsent(organization.client.token);
    expect(started.statusCode, started.body).toBe(201);
    const authorizationUrl = new URL(started.json().authorization_url);
    expect(authorizationUrl.origin).toBe('https://banco.pluggy.test');
    itemId = readItemId(started.json().authorization_url);
    connectionId = started.json().connection.id;
    const sent = pluggy.itemRequests.at(-1);
    expect(sent).toMatchObject({ connectorId: 601, parameters: { cpf: '52998224725' } });
    expect(sent?.products).toEqual(expect.arrayContaining(['ACCOUNTS', 'CREDIT_CARDS', 'TRANSACTIONS', 'INVESTMENTS']));
    const returnAddress = new URL(String(sent?.oauthRedirectUri));
    expect(`${returnAddress.origin}${returnAddress.pathname}`).toBe('http://prumo.test/callback-opb');
    expect(returnAddress.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    // Only the state's hash is kept.
    const [row] = await context.database.db
      .select()
      .from(openBankingConnections)
      .where(eq(openBankingConnections.id, connectionId));
    expect(row?.externalConsentId).toBe(itemId);
    expect(row?.stateHash).not.toBe(returnAddress.searchParams.get('state'));
  });

  it('takes the return without a code from the session that started it, with the consent’s real term, and syncs', async () => {
    // The person chose six months at the bank, where Prumo's screen had asked for twelve.
    const consentEnd = new Date(Date.now() + 182 * 86_400_000).toISOString();
    const back = pluggy.decideAtBank(itemId, 'authorise', consentEnd);
    expect(back.searchParams.get('code')).toBeNull();
    const approved = await approve(organization.client.token, back);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id: connectionId, status: 'active', provider: 'pluggy' });
    expect(approved.json().consent_expires_at).toBe(consentEnd);
    expect(approved.json().consent_months).toBe(6);
    // The state is spent: the same return again opens nothing.
    expect((await approve(organization.client.token, back)).statusCode).toBe(400);

    const connection = await findListedConnection(context, organization.client.token, connectionId);
    expect(connection.sync_status).toBe('idle');
    expect(describeListedAccounts(connection)).toEqual(
      expect.arrayContaining([
        ['Conta Corrente', 587_413, 1],
        ['Itaú Platinum', -32_010, 1],
      ]),
    );
    // The same identity as the account's statement file: Itaú's code (from the connector's name), branch, number.
    const accounts = await context.database.db
      .select({ kind: origins.kind, bankCode: origins.bankCode, branch: origins.branch, number: origins.accountNumber })
      .from(origins)
      .where(eq(origins.clientUserId, organization.client.row.id));
    expect(accounts).toEqual(
      expect.arrayContaining([{ kind: 'bank_account', bankCode: '341', branch: '6272', number: '1118822-4' }]),
    );
    // Booked lines only, signed by their type, on the Brazilian day (the Pix at 01:30 UTC is the 4th's).
    const lines = await context.database.db
      .select({ amountCents: transactions.amountCents, date: transactions.date, name: transactions.name })
      .from(transactions)
      .where(eq(transactions.clientUserId, organization.client.row.id));
    expect(lines.map((line) => [line.date, line.amountCents, line.name]).sort()).toEqual([
      ['2026-11-01', 850_000, 'TED RECEBIDA EMPRESA X'],
      ['2026-11-03', -4_590, 'PADARIA REAL'],
      ['2026-11-04', -25_050, 'PIX ENVIADO MARIA'],
      ['2026-11-06', -18_977, 'CONTA DE LUZ'],
      ['2026-11-12', 3_000, 'ESTORNO LOJA'],
    ]);
    // Withdrawn in full, or of a kind Prumo does not keep: left out; a fund's CNPJ from its code.
    const held = await context.database.db
      .select({ kind: investments.kind, name: investments.name, balanceCents: investments.balanceCents })
      .from(investments)
      .where(eq(investments.clientUserId, organization.client.row.id));
    expect(held).toEqual(
      expect.arrayContaining([
        { kind: 'fixed-income', name: 'CDB Banco Itaú', balanceCents: 1_050_055 },
        { kind: 'investment-funds', name: 'Itaú Ações Fundo', balanceCents: 200_000 },
      ]),
    );
    expect(held).toHaveLength(2);
  });

  it('asks for a new API key when Pluggy ends one early, and syncs again without doubling', async () => {
    const before = await countClientLines(context, organization.client.row.id);
    const auths = pluggy.authCount();
    pluggy.expireApiKeys();
    const again = await call(context, 'POST', `/api/open-banking/v2/links-connect/${connectionId}/sync/`, {
      token: organization.client.token,
    });
    expect(again.statusCode).toBe(202);
    expect(pluggy.authCount()).toBe(auths + 1);
    expect(await countClientLines(context, organization.client.row.id)).toBe(before);
  });

  it('keeps what came and says so when Pluggy fails or answers what Prumo cannot read', async () => {
    const before = await countClientLines(context, organization.client.row.id);
    for (const failure of [502, 'garbage'] as const) {
      pluggy.failAccounts(failure);
      try {
        const sync = await call(context, 'POST', `/api/open-banking/v2/links-connect/${connectionId}/sync/`, {
          token: organization.client.token,
        });
        expect(sync.statusCode).toBe(202);
        const connection = await findListedConnection(context, organization.client.token, connectionId);
        expect(connection).toMatchObject({
          status: 'active',
          sync_status: 'failed',
          sync_error: 'O banco não respondeu como esperado. Tente de novo em alguns minutos.',
        });
      } finally {
        pluggy.failAccounts(null);
      }
    }
    expect(await countClientLines(context, organization.client.row.id)).toBe(before);
  });

  it('lists the other integrations’ institutions while Pluggy is down', async () => {
    pluggy.failConnectors(503);
    try {
      const participants = await call(context, 'GET', '/api/open-banking/v2/participants/', {
        token: organization.client.token,
      });
      expect(participants.statusCode).toBe(200);
      const connectors = participants.json().results.map((participant: { connector: string }) => participant.connector);
      expect(connectors).not.toContain('quanto');
      expect(connectors).toContain('bs2');
    } finally {
      pluggy.failConnectors(null);
    }
  });

  it('marks the connection refused when the person refused at the bank, and ends the item there', async () => {
    const started = await startConsent();
    const back = pluggy.decideAtBank(started.itemId, 'refuse');
    const answered = await approve(organization.client.token, back);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ id: started.connectionId, status: 'refused' });
    expect(pluggy.deletedItems).toContain(started.itemId);
  });

  it('does not take a return before the person finished at the bank', async () => {
    const started = await startConsent();
    // The return address (with its state) reached early, the item still waiting on the bank's login.
    const early = new URL(String(pluggy.itemRequests.at(-1)?.oauthRedirectUri));
    const answered = await approve(organization.client.token, early);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ id: started.connectionId, status: 'refused' });
    expect(pluggy.deletedItems).toContain(started.itemId);
  });

  it('fails a consent Pluggy could not complete, saying the bank did not answer', async () => {
    const started = await startConsent();
    const answered = await approve(organization.client.token, pluggy.decideAtBank(started.itemId, 'outdated'));
    expect(answered.statusCode).toBe(503);
    expect(answered.json().detail).toBe('O banco não respondeu como esperado. Tente de novo em alguns minutos.');
    expect(pluggy.deletedItems).toContain(started.itemId);
    const connection = await findListedConnection(context, organization.client.token, started.connectionId);
    expect(connection.status).toBe('failed');
  });

  it('takes an item still reading the data as authorised, with the term asked for while Pluggy names no end', async () => {
    const started = await startConsent(3);
    const answered = await approve(organization.client.token, pluggy.decideAtBank(started.itemId, 'reading'));
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'active', consent_months: 3 });
    expect(daysFromNow(answered.json().consent_expires_at)).toBeGreaterThan(88);
    expect(daysFromNow(answered.json().consent_expires_at)).toBeLessThan(93);
    // The first sync waits for Pluggy to finish reading, then brings the accounts.
    const connection = await findListedConnection(context, organization.client.token, started.connectionId);
    expect(connection.sync_status).toBe('idle');
    expect(connection.accounts.length).toBeGreaterThan(0);
  });

  it('does not believe an end already past: the term asked for counts', async () => {
    const started = await startConsent(6);
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const answered = await approve(organization.client.token, pluggy.decideAtBank(started.itemId, 'authorise', past));
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().consent_months).toBe(6);
    expect(daysFromNow(answered.json().consent_expires_at)).toBeGreaterThan(179);
  });

  it('syncs the item Pluggy’s webhook names, with the header kept for the organization only', async () => {
    const settings = await call(context, 'GET', '/api/open-banking/settings/', { token: organization.manager.token });
    const quanto = settings.json().results.find((row: { integration: string }) => row.integration === 'quanto');
    const path = new URL(quanto.webhook_url).pathname;
    const news = { event: 'transactions/created', eventId: 'evt-1', itemId, accountId: `${itemId}-checking` };
    const send = (headers: Record<string, string>, target = path, payload: Record<string, unknown> = news) =>
      context.app.inject({ method: 'POST', url: target, headers, payload });
    expect((await send({})).statusCode).toBe(401);
    expect((await send({ authorization: 'Bearer 0000' })).statusCode).toBe(401);
    // Another organization's address with this one's header; Belvo's address with Pluggy's header.
    const elsewhere = await send(
      { authorization: quanto.webhook_authorization },
      `/api/open-banking/webhooks/pluggy/${otherOrganization.slug}/`,
    );
    expect(elsewhere.statusCode).toBe(401);
    const belvoAddress = await send(
      { authorization: quanto.webhook_authorization },
      `/api/open-banking/webhooks/belvo/${organization.slug}/`,
    );
    expect(belvoAddress.statusCode).toBe(401);

    const requestsBefore = pluggy.requests.length;
    const accepted = await send({ authorization: quanto.webhook_authorization });
    expect(accepted.statusCode).toBe(202);
    expect(await context.app.jobs.workDueJobs()).toBe(1);
    expect(pluggy.requests.slice(requestsBefore).some((line) => line.startsWith('GET /accounts?itemId='))).toBe(true);
    // An item Prumo does not hold: answered the same, nothing queued.
    const unknown = await send({ authorization: quanto.webhook_authorization }, path, { ...news, itemId: 'other' });
    expect(unknown.statusCode).toBe(202);
    expect(await context.app.jobs.workDueJobs()).toBe(0);
  });

  it('keeps a connection to the Pluggy account that made it: another account’s keys fail its sync, never end it', async () => {
    const switched = await call(context, 'PUT', settingsPath, {
      token: organization.manager.token,
      payload: { provider: 'pluggy', client_id: pluggy.otherClientId, client_secret: pluggy.otherClientSecret },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    try {
      await call(context, 'POST', `/api/open-banking/v2/links-connect/${connectionId}/sync/`, {
        token: organization.client.token,
      });
      const connection = await findListedConnection(context, organization.client.token, connectionId);
      expect(connection).toMatchObject({ status: 'active', sync_status: 'failed' });
    } finally {
      await configurePluggy(organization);
    }
    await call(context, 'POST', `/api/open-banking/v2/links-connect/${connectionId}/sync/`, {
      token: organization.client.token,
    });
    const back = await findListedConnection(context, organization.client.token, connectionId);
    expect(back).toMatchObject({ status: 'active', sync_status: 'idle' });
  });

  it('ends the connection when the consent ended at the bank, keeping what came', async () => {
    const kept = await countClientLines(context, organization.client.row.id);
    pluggy.setItemStatus(itemId, 'LOGIN_ERROR');
    await call(context, 'POST', `/api/open-banking/v2/links-connect/${connectionId}/sync/`, {
      token: organization.client.token,
    });
    const connection = await findListedConnection(context, organization.client.token, connectionId);
    expect(connection.status).toBe('revoked');
    expect(await countClientLines(context, organization.client.row.id)).toBe(kept);
    const bell = await call(context, 'GET', '/api/notification/', { token: organization.client.token });
    expect(JSON.stringify(bell.json().results)).toContain('Itaú');
  });

  it('revokes an item by deleting it at Pluggy', async () => {
    const started = await requestConsent(organization.client.token, ['ACCOUNTS']);
    const newItem = readItemId(started.json().authorization_url);
    const approved = await approve(organization.client.token, pluggy.decideAtBank(newItem, 'authorise'));
    expect(approved.json().status).toBe('active');
    const revoked = await call(context, 'POST', `/api/open-banking/v2/links-connect/${approved.json().id}/revoke/`, {
      token: organization.client.token,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().status).toBe('revoked');
    expect(pluggy.deletedItems).toContain(newItem);
    // The item's id is the access to the person's data: never in a log, as the keys.
    expect(logLines.join('\n')).not.toContain(newItem);
    expect(logLines.join('\n')).not.toContain(pluggy.clientSecret);
  });
});
