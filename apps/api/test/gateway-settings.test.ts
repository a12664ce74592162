import { beforeAll, describe, expect, it } from 'vitest';
import { resolveCardGateway } from '../src/adapters/card-gateway/resolve-card-gateway';
import { organizationFeatures } from '../src/db/schema';
import { createSecretBox, SecretBoxKeyError } from '../src/lib/secret-box';
import { findGatewayDependencies } from './helpers/card-gateway';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

const logLines: string[] = [];
let context: TestContext;
let organization: TestOrganization;

async function turnOnFinancial(target: TestOrganization): Promise<void> {
  await context.database.db.insert(organizationFeatures).values({ organizationId: target.id, code: 'financial' });
}

beforeAll(async () => {
  context = await createTestContext({ logLines });
  organization = await createTestOrganization(context);
  await turnOnFinancial(organization);
});

/** The tables of every schema in the run's database whose rows, as text, contain `text`. */
async function findTablesContaining(text: string): Promise<string[]> {
  const tables = await context.database.pool.query(
    "SELECT table_schema, table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')",
  );
  const found: string[] = [];
  for (const { table_schema: schema, table_name: name } of tables.rows) {
    const rows = await context.database.pool.query(
      `SELECT count(*)::int AS count FROM "${schema}"."${name}" AS row WHERE row_to_json(row)::text LIKE '%' || $1 || '%'`,
      [text],
    );
    if (rows.rows[0].count > 0) found.push(`${schema}.${name}`);
  }
  return found;
}

const settingsUrl = '/api/payment/gateway-settings/';
const pagarmeSecret = 'sk_test_SecretThatMustNeverShow123';

describe('gateway settings', () => {
  it('start on the sandbox, with keys made on first use and only whether a secret is set', async () => {
    const answer = await call(context, 'GET', settingsUrl, { token: organization.manager.token });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      provider: 'sandbox',
      public_key: expect.stringMatching(/^pk_test_/),
      has_secret_key: true,
      recipient: null,
    });
    const again = await call(context, 'GET', settingsUrl, { token: organization.manager.token });
    expect(again.json().public_key).toBe(answer.json().public_key);
  });

  it('are for the organization’s managers with the Financeiro flag only', async () => {
    for (const user of [organization.client, organization.planner, organization.loneClient]) {
      const read = await call(context, 'GET', settingsUrl, { token: user.token });
      expect(read.statusCode).toBe(403);
      expect(read.json()).toEqual({ detail: 'Sem permissão' });
      const write = await call(context, 'PUT', settingsUrl, {
        token: user.token,
        payload: { provider: 'pagarme', public_key: 'pk_test_abcdefgh', secret_key: 'sk_test_abcdefgh' },
      });
      expect(write.statusCode).toBe(403);
    }
    const withoutFlag = await createTestOrganization(context);
    const refused = await call(context, 'GET', settingsUrl, { token: withoutFlag.manager.token });
    expect(refused.statusCode).toBe(403);
    expect((await call(context, 'GET', settingsUrl)).statusCode).toBe(401);
  });

  it('switch to Pagar.me with its keys, keep the secret encrypted, and never answer it', async () => {
    const answer = await call(context, 'PUT', settingsUrl, {
      token: organization.manager.token,
      payload: { provider: 'pagarme', public_key: 'pk_test_PublicKey1234', secret_key: pagarmeSecret },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      provider: 'pagarme',
      public_key: 'pk_test_PublicKey1234',
      has_secret_key: true,
      recipient: null,
    });
    expect(answer.body).not.toContain(pagarmeSecret);
    const read = await call(context, 'GET', settingsUrl, { token: organization.manager.token });
    expect(read.body).not.toContain(pagarmeSecret);

    const stored = await context.database.pool.query(
      'SELECT * FROM payment_gateway_settings WHERE organization_id = $1',
      [organization.id],
    );
    const storedText = JSON.stringify(stored.rows);
    expect(storedText).not.toContain(pagarmeSecret);
    expect(storedText).not.toContain(Buffer.from(pagarmeSecret).toString('base64'));
    expect(stored.rows[0].secret_key_ciphertext).toMatch(/^v1\./);
    // Nor in any other table of Prumo's or the sandbox's (the job queues included).
    expect(await findTablesContaining(pagarmeSecret)).toEqual([]);
    // The scan does find what is stored in clear: the public key.
    expect(await findTablesContaining('pk_test_PublicKey1234')).toEqual(['public.payment_gateway_settings']);
    expect(logLines.join('\n')).not.toContain(pagarmeSecret);

    const gateway = await resolveCardGateway(findGatewayDependencies(context), organization.id);
    expect(gateway.provider).toBe('pagarme');
  });

  it('keep the stored secret when a later change leaves it blank, and need one the first time', async () => {
    const kept = await call(context, 'PUT', settingsUrl, {
      token: organization.manager.token,
      payload: { provider: 'pagarme', public_key: 'pk_test_OtherPublic99', secret_key: '' },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({
      provider: 'pagarme',
      public_key: 'pk_test_OtherPublic99',
      has_secret_key: true,
      recipient: null,
    });

    const fresh = await createTestOrganization(context);
    await turnOnFinancial(fresh);
    const missing = await call(context, 'PUT', settingsUrl, {
      token: fresh.manager.token,
      payload: { provider: 'pagarme', public_key: 'pk_test_abcdefgh' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ secret_key: ['Informe a chave secreta.'] });
    const invalid = await call(context, 'PUT', settingsUrl, {
      token: fresh.manager.token,
      payload: { provider: 'pagarme', public_key: 'chave', secret_key: 'segredo' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      public_key: ['Chave pública inválida: a do Pagar.me começa com pk_.'],
      secret_key: ['Chave secreta inválida: a do Pagar.me começa com sk_.'],
    });
    const unknown = await call(context, 'PUT', settingsUrl, {
      token: fresh.manager.token,
      payload: { provider: 'stripe' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ provider: ['Escolha o gateway: sandbox ou pagarme.'] });
  });

  it('go back to the sandbox with new sandbox keys', async () => {
    const answer = await call(context, 'PUT', settingsUrl, {
      token: organization.manager.token,
      payload: { provider: 'sandbox' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      provider: 'sandbox',
      public_key: expect.stringMatching(/^pk_test_/),
      has_secret_key: true,
      recipient: null,
    });
    const gateway = await resolveCardGateway(findGatewayDependencies(context), organization.id);
    expect(gateway.provider).toBe('sandbox');
  });

  it('of another organization are out of a manager’s reach', async () => {
    const other = await createTestOrganization(context);
    await turnOnFinancial(other);
    await call(context, 'PUT', settingsUrl, {
      token: other.manager.token,
      payload: {
        provider: 'pagarme',
        public_key: 'pk_test_OtherOrganization',
        secret_key: 'sk_test_OtherOrganization',
      },
    });
    const mine = await call(context, 'GET', settingsUrl, { token: organization.manager.token });
    expect(mine.json().public_key).not.toBe('pk_test_OtherOrganization');
    // A manager's change only ever touches their own organization.
    await call(context, 'PUT', settingsUrl, {
      token: organization.manager.token,
      payload: { provider: 'pagarme', public_key: 'pk_test_MineMineMine', secret_key: 'sk_test_MineMineMine' },
    });
    const theirs = await call(context, 'GET', settingsUrl, { token: other.manager.token });
    expect(theirs.json()).toEqual({
      provider: 'pagarme',
      public_key: 'pk_test_OtherOrganization',
      has_secret_key: true,
      recipient: null,
    });
  });
});

describe('the public gateway of an organization', () => {
  it('tells any visitor the provider, public key and tokenization address built from PUBLIC_URL, never the Host', async () => {
    const visitorsOrganization = await createTestOrganization(context);
    const answer = await call(context, 'GET', `/api/payment/org/${visitorsOrganization.slug}/gateway/`, {
      headers: { host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      provider: 'sandbox',
      public_key: expect.stringMatching(/^pk_test_/),
      tokenize_url: 'http://prumo.test/sandbox-gateway/core/v5/tokens',
    });
    expect(answer.body).not.toContain('sk_');
  });

  it('points Pagar.me organizations at Pagar.me’s tokens endpoint', async () => {
    const answer = await call(context, 'GET', `/api/payment/org/${organization.slug}/gateway/`);
    expect(answer.json()).toEqual({
      provider: 'pagarme',
      public_key: 'pk_test_MineMineMine',
      tokenize_url: 'https://api.pagar.me/core/v5/tokens',
    });
  });

  it('answers 404 for an unknown organization', async () => {
    const answer = await call(context, 'GET', '/api/payment/org/nao-existe-mesmo/gateway/');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ detail: 'Organização não encontrada' });
  });

  it('lets the browser reach Pagar.me under the page’s content security policy', async () => {
    const answer = await call(context, 'GET', `/api/payment/org/${organization.slug}/gateway/`);
    expect(answer.headers['content-security-policy']).toContain("connect-src 'self' https://api.pagar.me");
  });
});

describe('secrets at rest', () => {
  it('refuses to decrypt with another key, naming the cause, and binds each text to its row', async () => {
    const box = createSecretBox({ dataDir: context.dataDir, encryptionKey: Buffer.alloc(32, 1) });
    const sealed = await box.encrypt('sk_test_x', 'payment_gateway_settings:1');
    expect(await box.decrypt(sealed, 'payment_gateway_settings:1')).toBe('sk_test_x');
    await expect(box.decrypt(sealed, 'payment_gateway_settings:2')).rejects.toThrow();
    const otherBox = createSecretBox({ dataDir: context.dataDir, encryptionKey: Buffer.alloc(32, 2) });
    await expect(otherBox.decrypt(sealed, 'payment_gateway_settings:1')).rejects.toBeInstanceOf(SecretBoxKeyError);
    await expect(otherBox.decrypt(sealed, 'payment_gateway_settings:1')).rejects.toThrow(/same ENCRYPTION_KEY/);
  });

  it('takes only a whole 16-byte tag: a shortened one would let a forged text pass with far fewer tries', async () => {
    const box = createSecretBox({ dataDir: context.dataDir, encryptionKey: Buffer.alloc(32, 1) });
    const [version, keyId, nonce, tag, ciphertext] = (await box.encrypt('sk_test_x', 'row:1')).split('.') as string[];
    const shortTag = Buffer.from(tag as string, 'base64url')
      .subarray(0, 4)
      .toString('base64url');
    const shortened = [version, keyId, nonce, shortTag, ciphertext].join('.');
    await expect(box.decrypt(shortened, 'row:1')).rejects.toThrow();
    const shortNonce = [version, keyId, Buffer.alloc(8).toString('base64url'), tag, ciphertext].join('.');
    await expect(box.decrypt(shortNonce, 'row:1')).rejects.toThrow();
  });
});
