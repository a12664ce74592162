import { findTodayInBrazil, shiftDay } from '@prumo/domain/br/date';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBankingConnections, openFinanceSettings, origins, transactions, users } from '../src/db/schema';
import type { AppDependencies } from '../src/dependencies';
import { deriveSigningSecret } from '../src/lib/secret-box';
import { retryPendingRevocations } from '../src/modules/open-banking/open-banking.service';
import { type FakeBelvo, startFakeBelvo } from './helpers/belvo-server';
import { describeListedAccounts, findListedConnection } from './helpers/open-finance-connections';
import { submitBankForm } from './helpers/simulated-bank';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

/*
 * An organization that configures Belvo: its keys tried and sealed, the widget opened at Belvo with
 * the external id, the link read back, and the accounts and lines synced through the same pipeline.
 * Belvo is a local server answering its documented shapes.
 */

let context: TestContext;
let belvo: FakeBelvo;
let organization: TestOrganization;
let otherOrganization: TestOrganization;
const logLines: string[] = [];

beforeAll(async () => {
  belvo = await startFakeBelvo();
  context = await createTestContext({ logLines });
  context.config.belvoApiUrl = belvo.url;
  context.config.belvoWidgetUrl = 'https://widget.belvo.test';
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

afterAll(async () => {
  await belvo.close();
});

const settingsPath = '/api/open-banking/settings/belvo/';

/** Belvo ties a consent to the holder's CPF: the profile gets one back (test users start with it). */
async function giveCpf(userId: number) {
  await context.database.db.update(users).set({ cpf: '52998224725' }).where(eq(users.id, userId));
}

async function configureBelvo(target: TestOrganization) {
  const response = await call(context, 'PUT', settingsPath, {
    token: target.manager.token,
    payload: { provider: 'belvo', client_id: belvo.secretId, client_secret: belvo.secretPassword },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('PUT open-banking/settings/belvo/', () => {
  it('tries the keys with Belvo first: refused keys are a 400 and nothing is kept', async () => {
    const refused = await call(context, 'PUT', settingsPath, {
      token: otherOrganization.manager.token,
      payload: { provider: 'belvo', client_id: belvo.secretId, client_secret: 'wrong-secret' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().client_secret).toEqual([
      'O provedor recusou estas chaves ou não respondeu. Confira o id e o segredo e tente de novo.',
    ]);
    const missing = await call(context, 'PUT', settingsPath, {
      token: otherOrganization.manager.token,
      payload: { provider: 'belvo' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      client_id: ['Informe as chaves do provedor.'],
      client_secret: ['Informe as chaves do provedor.'],
    });
    const listed = await call(context, 'GET', '/api/open-banking/settings/', {
      token: otherOrganization.manager.token,
    });
    expect(listed.json().results).toEqual([
      expect.objectContaining({ integration: 'quanto', provider: 'simulated' }),
      {
        integration: 'belvo',
        provider: 'simulated',
        client_id: null,
        updated_at: null,
        webhook_url: null,
        webhook_authorization: null,
      },
    ]);
  });

  it('keeps the secret sealed, never answered or logged', async () => {
    const saved = await configureBelvo(organization);
    expect(saved.json()).toMatchObject({ integration: 'belvo', provider: 'belvo', client_id: belvo.secretId });
    expect(saved.body).not.toContain(belvo.secretPassword);
    const [row] = await context.database.db
      .select()
      .from(openFinanceSettings)
      .where(eq(openFinanceSettings.organizationId, organization.id));
    expect(row?.secretCiphertext).toMatch(/^v1\./);
    expect(row?.secretCiphertext).not.toContain(belvo.secretPassword);
    const listed = await call(context, 'GET', '/api/open-banking/settings/', { token: organization.manager.token });
    expect(listed.body).not.toContain(belvo.secretPassword);
    expect(logLines.join('\n')).not.toContain(belvo.secretPassword);
  });

  it('is a manager’s call only, and knows only the integrations that can be configured', async () => {
    for (const token of [organization.client.token, organization.planner.token]) {
      expect((await call(context, 'GET', '/api/open-banking/settings/', { token })).statusCode).toBe(403);
      const put = await call(context, 'PUT', settingsPath, { token, payload: { provider: 'simulated' } });
      expect(put.statusCode).toBe(403);
    }
    const unknown = await call(context, 'PUT', '/api/open-banking/settings/bs2/', {
      token: organization.manager.token,
      payload: { provider: 'simulated' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a connection through Belvo', () => {
  let widgetUrl: URL;
  let connectionId: number;
  let linkId: string;

  beforeAll(async () => {
    await configureBelvo(organization);
  });

  it('lists the banks its widget reaches for the bank guide; none where the simulated institution answers', async () => {
    const banks = await call(context, 'GET', '/api/integration/belvo/banks/', { token: organization.client.token });
    expect(banks.statusCode, banks.body).toBe(200);
    const codes = banks.json().results.map((bank: { code: string }) => bank.code);
    expect(codes).toContain('341');
    expect(codes).not.toContain('237');
    expect(new Set(codes).size).toBe(codes.length);
    const forClient = await call(
      context,
      'GET',
      `/api/integration/belvo/banks/?clientId=${organization.client.row.id}`,
      { token: organization.planner.token },
    );
    expect(forClient.json()).toEqual(banks.json());
    const simulated = await call(context, 'GET', '/api/integration/belvo/banks/', {
      token: otherOrganization.client.token,
    });
    expect(simulated.json()).toEqual({ results: [] });
    expect(
      (await call(context, 'GET', '/api/integration/belvo/banks/', { token: organization.manager.token })).statusCode,
    ).toBe(403);
  });

  it('asks for the holder’s CPF in the profile first', async () => {
    await context.database.db.update(users).set({ cpf: null }).where(eq(users.id, organization.client.row.id));
    const refused = await call(context, 'GET', '/api/integration/belvo/access_token/?bankCode=341', {
      token: organization.client.token,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Para conectar por esta integração, o CPF do titular precisa estar no perfil.');
  });

  it('opens Belvo’s widget on the bank chosen by its code, with the external id Prumo made', async () => {
    await giveCpf(organization.client.row.id);
    const opened = await call(context, 'GET', '/api/integration/belvo/access_token/?bankCode=341', {
      token: organization.client.token,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    widgetUrl = new URL(opened.json().widget_url);
    expect(widgetUrl.origin).toBe('https://widget.belvo.test');
    expect(widgetUrl.searchParams.get('access_token')).toBe(opened.json().access);
    expect(widgetUrl.searchParams.get('institutions')).toBe('ofitau_br_retail');
    expect(widgetUrl.searchParams.get('locale')).toBe('pt');
    expect(widgetUrl.searchParams.get('external_id')).toMatch(/^[\w-]{32,}$/);
    const token = belvo.tokenRequests.at(-1);
    expect(token?.scopes).toContain('write_links');
    expect(token?.widget).toMatchObject({
      callback_urls: { success: 'http://prumo.test/callback-opb' },
      consent: { identification_info: [{ type: 'CPF', number: '52998224725' }] },
    });

    // A bank its institutions do not name.
    const other = await call(context, 'GET', '/api/integration/belvo/access_token/?bankCode=237', {
      token: organization.client.token,
    });
    expect(other.statusCode).toBe(404);
  });

  it('takes the link the widget made as the connection, and syncs its accounts and lines', async () => {
    const link = belvo.completeWidget(widgetUrl.searchParams.get('external_id') ?? '');
    linkId = link;
    // A link Belvo made for someone else's widget carries another external id.
    const foreign = belvo.completeWidget('an-external-id-prumo-never-made-0000000');
    const refused = await call(context, 'POST', '/api/integration/belvo/links/', {
      token: organization.client.token,
      payload: { link: foreign, institution: 'ofitau_br_retail' },
    });
    expect(refused.statusCode).toBe(400);

    const linked = await call(context, 'POST', '/api/integration/belvo/links/', {
      token: organization.client.token,
      payload: { link, institution: 'ofitau_br_retail' },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json()).toMatchObject({ provider: 'belvo', connector: 'belvo', institution_name: 'Itaú' });
    // The term chosen in Belvo's widget (180 days), read from the holder's consents at that bank.
    expect(linked.json().consent_months).toBe(6);
    const days = (Date.parse(linked.json().consent_expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(179);
    expect(days).toBeLessThan(180.1);
    expect(belvo.requests.some((line) => line.startsWith('GET /api/consents/?user_document=52998224725'))).toBe(true);
    connectionId = linked.json().id;

    const connection = await findListedConnection(context, organization.client.token, connectionId);
    expect(connection.sync_status).toBe('idle');
    expect(describeListedAccounts(connection)).toEqual(
      expect.arrayContaining([
        ['Conta Corrente', 587_413, 0],
        ['Cartão Platinum', -32_010, 1],
      ]),
    );

    // The same identity as a statement file of the account: Itaú's code, the branch, the number.
    const accounts = await context.database.db
      .select({ kind: origins.kind, bankCode: origins.bankCode, branch: origins.branch, number: origins.accountNumber })
      .from(origins)
      .where(eq(origins.clientUserId, organization.client.row.id));
    expect(accounts).toEqual(
      expect.arrayContaining([{ kind: 'bank_account', bankCode: '341', branch: '6272', number: '1118822-4' }]),
    );
    const lines = await context.database.db
      .select({ amountCents: transactions.amountCents, date: transactions.date })
      .from(transactions)
      .where(eq(transactions.clientUserId, organization.client.row.id));
    expect(lines.map((line) => line.amountCents).sort((first, second) => first - second)).toEqual([
      -120_000, -19_960, -12_050, -8_990, 850_000,
    ]);
  });

  it('refuses a link to another bank than the one asked for, and ends it at Belvo', async () => {
    const opened = await call(context, 'GET', '/api/integration/belvo/access_token/?bankCode=341', {
      token: organization.client.token,
    });
    const externalId = new URL(opened.json().widget_url).searchParams.get('external_id') ?? '';
    // The widget's address edited to another institution.
    const elsewhere = belvo.completeWidget(externalId, 'ofbradesco_br_retail');
    const refused = await call(context, 'POST', '/api/integration/belvo/links/', {
      token: organization.client.token,
      payload: { link: elsewhere, institution: 'ofbradesco_br_retail' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('A instituição autorizada não é a que você escolheu. Comece a conexão de novo.');
    expect(belvo.deletedLinks).toContain(elsewhere);
    const listed = await call(context, 'GET', '/api/open-banking/v2/links-connect/', {
      token: organization.client.token,
    });
    // The attempt shows as failed; the connection made before is the only active one.
    const rows = listed.json().results as { id: number; status: string }[];
    expect(rows.filter((row) => row.status === 'active').map((row) => row.id)).toEqual([connectionId]);
    expect(rows.find((row) => row.id !== connectionId)?.status).toBe('failed');
  });

  it('syncs again without doubling, and a Belvo that fails leaves what came and says so', async () => {
    const before = await context.database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.clientUserId, organization.client.row.id));
    const again = await call(context, 'POST', `/api/open-banking/v2/links-connect/${connectionId}/sync/`, {
      token: organization.client.token,
    });
    expect(again.statusCode).toBe(202);
    const after = await context.database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.clientUserId, organization.client.row.id));
    expect(after).toHaveLength(before.length);

    belvo.failAccounts(500);
    try {
      await call(context, 'POST', `/api/open-banking/v2/links-connect/${connectionId}/sync/`, {
        token: organization.client.token,
      });
    } finally {
      belvo.failAccounts(null);
    }
    const connection = await findListedConnection(context, organization.client.token, connectionId);
    expect(connection).toMatchObject({
      status: 'active',
      sync_status: 'failed',
      sync_error: 'O banco não respondeu como esperado. Tente de novo em alguns minutos.',
    });
    const kept = await context.database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.clientUserId, organization.client.row.id)));
    expect(kept).toHaveLength(before.length);
  });

  it('syncs a link when Belvo’s webhook says it has news, with the header made for the organization only', async () => {
    const settings = await call(context, 'GET', '/api/open-banking/settings/', { token: organization.manager.token });
    const { webhook_url: webhookUrl, webhook_authorization: authorization } = settings
      .json()
      .results.find((row: { integration: string }) => row.integration === 'belvo');
    expect(webhookUrl).toBe(`http://prumo.test/api/open-banking/webhooks/belvo/${organization.slug}/`);
    expect(authorization).toMatch(/^Bearer [\w-]{43}$/);
    const path = new URL(webhookUrl).pathname;
    const news = {
      webhook_id: 'aadf41a1fc8e4f79a49f7f04027ac999',
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'new_transactions_available',
      link_id: linkId,
      request_id: '4363e1f1e7c2463ba3b3f0e3bcd6c1e6',
      external_id: null,
      data: { new_transactions: 1 },
    };
    const countLines = async () =>
      (
        await context.database.db
          .select({ id: transactions.id })
          .from(transactions)
          .where(eq(transactions.clientUserId, organization.client.row.id))
      ).length;
    const before = await countLines();
    // Booked yesterday: inside the days a later sync reads again, whatever day the test runs.
    const yesterday = shiftDay(findTodayInBrazil(new Date()), -1);
    belvo.bookCheckingLine({ value_date: yesterday, amount: 64.3, type: 'OUTFLOW', description: 'FARMACIA' });

    const webhook = (headers: Record<string, string>, target = path) =>
      context.app.inject({ method: 'POST', url: target, headers, payload: news });
    const wrongHeaders: Record<string, string>[] = [
      {},
      { authorization: 'Bearer 0000' },
      { authorization: authorization.slice(7) },
    ];
    for (const headers of wrongHeaders) {
      const refused = await webhook(headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().detail).toBe('Webhook não autorizado.');
    }
    // Another organization's address with this one's header; an organization without Belvo.
    const elsewhere = await webhook({ authorization }, `/api/open-banking/webhooks/belvo/${otherOrganization.slug}/`);
    expect(elsewhere.statusCode).toBe(401);
    expect(await countLines()).toBe(before);

    const accepted = await webhook({ authorization });
    expect(accepted.statusCode).toBe(202);
    expect(await context.app.jobs.workDueJobs()).toBe(1);
    expect(await countLines()).toBe(before + 1);
    // News of a link Prumo does not hold is answered the same, and changes nothing.
    const unknown = await context.app.inject({
      method: 'POST',
      url: path,
      headers: { authorization },
      payload: { ...news, link_id: 'not-a-link-of-prumo' },
    });
    expect(unknown.statusCode).toBe(202);
  });

  it('keeps the webhook’s header when the same keys are saved again, and replaces it on request', async () => {
    const readHeader = async () =>
      (await call(context, 'GET', '/api/open-banking/settings/', { token: organization.manager.token }))
        .json()
        .results.find((row: { integration: string }) => row.integration === 'belvo').webhook_authorization as string;
    const first = await readHeader();
    await configureBelvo(organization);
    expect(await readHeader()).toBe(first);
    const replacePath = `${settingsPath}webhook-authorization/`;
    for (const token of [organization.client.token, organization.planner.token]) {
      expect((await call(context, 'POST', replacePath, { token })).statusCode).toBe(403);
    }
    expect(await readHeader()).toBe(first);

    const replaced = await call(context, 'POST', replacePath, { token: organization.manager.token });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const second = replaced.json().webhook_authorization as string;
    expect(second).toMatch(/^Bearer [\w-]{43}$/);
    expect(second).not.toBe(first);
    expect(await readHeader()).toBe(second);
    const [row] = await context.database.db
      .select()
      .from(openFinanceSettings)
      .where(eq(openFinanceSettings.organizationId, organization.id));
    expect(row?.webhookSecretCiphertext).toMatch(/^v1\./);
    expect(row?.webhookSecretCiphertext).not.toContain(second.slice(7));

    const send = (authorization: string) =>
      context.app.inject({
        method: 'POST',
        url: new URL(replaced.json().webhook_url).pathname,
        headers: { authorization },
        payload: { webhook_type: 'TRANSACTIONS', link_id: 'not-a-link-of-prumo' },
      });
    expect((await send(first)).statusCode).toBe(401);
    expect((await send(second)).statusCode).toBe(202);
    // An organization without an aggregator's keys has no webhook, so no header to replace.
    const none = await call(context, 'POST', replacePath, { token: otherOrganization.manager.token });
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe('Esta integração não tem chaves de um provedor, nem webhook.');
  });

  it('keeps the header derived for keys saved before headers were random, which Belvo already sends', async () => {
    await context.database.db
      .update(openFinanceSettings)
      .set({ webhookSecretCiphertext: null })
      .where(eq(openFinanceSettings.organizationId, organization.id));
    const derived = `Bearer ${await deriveSigningSecret(context.config, `belvo-webhook:${organization.id}`)}`;
    const sent = await context.app.inject({
      method: 'POST',
      url: `/api/open-banking/webhooks/belvo/${organization.slug}/`,
      headers: { authorization: derived },
      payload: { webhook_type: 'TRANSACTIONS', link_id: 'not-a-link-of-prumo' },
    });
    expect(sent.statusCode).toBe(202);
    const settings = await call(context, 'GET', '/api/open-banking/settings/', { token: organization.manager.token });
    const belvoSettings = settings.json().results.find((row: { integration: string }) => row.integration === 'belvo');
    expect(belvoSettings.webhook_authorization).toBe(derived);
    const [row] = await context.database.db
      .select()
      .from(openFinanceSettings)
      .where(eq(openFinanceSettings.organizationId, organization.id));
    expect(row?.webhookSecretCiphertext).toMatch(/^v1\./);
  });

  it('revokes here at once, and ends the link at Belvo on a later try when Belvo was down', async () => {
    const tokenKept = async () => {
      const [row] = await context.database.db
        .select({ token: openBankingConnections.accessTokenCiphertext })
        .from(openBankingConnections)
        .where(eq(openBankingConnections.id, connectionId));
      return row?.token !== null && row?.token !== undefined;
    };
    belvo.failDeletes(503);
    const revoked = await call(context, 'POST', `/api/open-banking/v2/links-connect/${connectionId}/revoke/`, {
      token: organization.client.token,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().status).toBe('revoked');
    expect(belvo.deletedLinks).not.toContain(linkId);
    // Kept sealed only to tell Belvo later; the connection no longer syncs.
    expect(await tokenKept()).toBe(true);
    const deps = { db: context.database.db, config: context.config } as AppDependencies;
    const later = new Date(Date.now() + 10 * 60_000);
    // Other files' revocations may share the run: this connection's state is what is checked.
    expect((await retryPendingRevocations(deps, later)).pending).toBeGreaterThanOrEqual(1);
    expect(await tokenKept()).toBe(true);

    belvo.failDeletes(null);
    expect((await retryPendingRevocations(deps, later)).told).toBeGreaterThanOrEqual(1);
    expect(belvo.deletedLinks.filter((id) => id === linkId)).toHaveLength(1);
    expect(await tokenKept()).toBe(false);
    await retryPendingRevocations(deps, later);
    expect(belvo.deletedLinks.filter((id) => id === linkId)).toHaveLength(1);
  });
});

describe('a change of provider', () => {
  it('leaves a connection with the provider it was made with: the simulated one keeps syncing there, a Belvo one fails without its keys', async () => {
    const switching = await createTestOrganization(context);
    // Made through the simulated bank's widget before the organization had Belvo.
    const widget = await call(context, 'GET', '/api/integration/belvo/access_token/?bankCode=990', {
      token: switching.client.token,
    });
    const request = new URL(widget.json().widget_url).searchParams.get('request') ?? '';
    await submitBankForm(context, { request, step: 'login', user: 'user-ok', password: 'password-ok' });
    await submitBankForm(context, { request, step: 'code', code: '123456' });
    const back = new URL(
      (await submitBankForm(context, { request, step: 'review', decision: 'authorise' })).headers.location as string,
    );
    const simulated = await call(context, 'POST', '/api/integration/belvo/links/', {
      token: switching.client.token,
      payload: { link: back.searchParams.get('link'), institution: back.searchParams.get('institution') },
    });
    expect(simulated.statusCode, simulated.body).toBe(201);
    expect(simulated.json().provider).toBe('simulated');

    await configureBelvo(switching);
    const asked = belvo.requests.length;
    const again = await call(context, 'POST', `/api/open-banking/v2/links-connect/${simulated.json().id}/sync/`, {
      token: switching.client.token,
    });
    expect(again.statusCode).toBe(202);
    const listed = async () =>
      (await call(context, 'GET', '/api/open-banking/v2/links-connect/', { token: switching.client.token })).json()
        .results as { id: number; status: string; sync_status: string }[];
    expect((await listed()).find((row) => row.id === simulated.json().id)).toMatchObject({
      status: 'active',
      sync_status: 'idle',
    });
    // Nothing of the simulated connection went to Belvo.
    expect(belvo.requests.slice(asked).filter((line) => line.includes('/api/accounts/'))).toEqual([]);

    // A Belvo connection, then the keys removed: its sync fails and says so; it is not ended.
    const opened = await call(context, 'GET', '/api/integration/belvo/access_token/?bankCode=341', {
      token: switching.client.token,
    });
    const link = belvo.completeWidget(new URL(opened.json().widget_url).searchParams.get('external_id') ?? '');
    const linked = await call(context, 'POST', '/api/integration/belvo/links/', {
      token: switching.client.token,
      payload: { link, institution: 'ofitau_br_retail' },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    const removed = await call(context, 'PUT', settingsPath, {
      token: switching.manager.token,
      payload: { provider: 'simulated' },
    });
    expect(removed.statusCode).toBe(200);
    await call(context, 'POST', `/api/open-banking/v2/links-connect/${linked.json().id}/sync/`, {
      token: switching.client.token,
    });
    expect((await listed()).find((row) => row.id === linked.json().id)).toMatchObject({
      status: 'active',
      sync_status: 'failed',
    });
  });
});
