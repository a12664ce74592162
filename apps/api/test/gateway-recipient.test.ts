import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizationFeatures, sandboxRecipients } from '../src/db/schema';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

let context: TestContext;

async function createFinancialOrganization(): Promise<TestOrganization> {
  const organization = await createTestOrganization(context);
  await context.database.db.insert(organizationFeatures).values({ organizationId: organization.id, code: 'financial' });
  return organization;
}

beforeAll(async () => {
  context = await createTestContext();
});

const recipientUrl = '/api/payment/gateway-settings/recipient/';

const companyAccount = {
  holder_name: 'Organização Teste Ltda',
  holder_type: 'company',
  holder_document: '11.222.333/0001-81',
  bank: '341',
  branch_number: '0932',
  branch_check_digit: '5',
  account_number: '58054',
  account_check_digit: '1',
  type: 'checking',
};

const partner = {
  name: 'Ana Sócia',
  email: 'ana@exemplo.com.br',
  cpf: '529.982.247-25',
  birthdate: '15/03/1980',
  phone: '(11) 98765-4321',
  address: {
    street: 'Avenida Paulista',
    street_number: '1000',
    complementary: 'Sala 12',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'sp',
    zipcode: '01310-100',
  },
};

async function post(token: string, url: string, payload?: object) {
  return call(context, 'POST', url, { token, ...(payload && { payload }) });
}

async function readRecipients(recipientId: string) {
  return context.database.db.select().from(sandboxRecipients).where(eq(sandboxRecipients.id, recipientId));
}

describe('the organization as its gateway’s recipient', () => {
  it('needs the default bank account and a managing partner first, and says which in Portuguese', async () => {
    const organization = await createFinancialOrganization();
    const token = organization.manager.token;
    const withoutAccount = await post(token, recipientUrl);
    expect(withoutAccount.statusCode).toBe(400);
    expect(withoutAccount.json()).toEqual({
      detail: 'Cadastre a conta bancária da organização antes de enviar os dados ao gateway.',
    });
    expect((await post(token, '/api/payment/bank-accounts/', companyAccount)).statusCode).toBe(201);
    const withoutPartner = await post(token, recipientUrl);
    expect(withoutPartner.statusCode).toBe(400);
    expect(withoutPartner.json()).toEqual({
      detail: 'Cadastre ao menos um sócio administrador antes de enviar os dados ao gateway.',
    });
    const settings = await call(context, 'GET', '/api/payment/gateway-settings/', { token });
    expect(settings.json().recipient).toBeNull();
  });

  it('sends the default account and the partners to the sandbox, then follows a changed account', async () => {
    const organization = await createFinancialOrganization();
    const token = organization.manager.token;
    const account = await post(token, '/api/payment/bank-accounts/', companyAccount);
    expect((await post(token, '/api/managing-partners/', partner)).statusCode).toBe(201);

    const sent = await post(token, recipientUrl);
    expect(sent.statusCode, sent.body).toBe(200);
    const recipient = sent.json().recipient;
    expect(recipient).toEqual({ id: expect.stringMatching(/^rp_/), synced_at: expect.any(String), outdated: false });
    const [stored] = await readRecipients(recipient.id);
    expect(stored).toMatchObject({
      code: String(organization.id),
      document: '11222333000181',
      type: 'company',
      email: 'ana@exemplo.com.br',
      defaultBankAccount: expect.objectContaining({ bank: '341', account_number: '58054', holder_type: 'company' }),
      registerInformation: expect.objectContaining({
        managing_partners: [expect.objectContaining({ document: '52998224725', birthdate: '1980-03-15' })],
      }),
    });

    const changed = await call(context, 'PUT', `/api/payment/bank-accounts/${account.json().id}/`, {
      token,
      payload: { ...companyAccount, account_number: '77777' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const outdated = await call(context, 'GET', '/api/payment/gateway-settings/', { token });
    expect(outdated.json().recipient).toMatchObject({ id: recipient.id, outdated: true });

    const again = await post(token, recipientUrl);
    expect(again.json().recipient).toMatchObject({ id: recipient.id, outdated: false });
    const [updated] = await readRecipients(recipient.id);
    expect(updated?.defaultBankAccount).toMatchObject({ account_number: '77777' });
    expect(await context.database.db.select().from(sandboxRecipients)).toHaveLength(1);
  });

  it('is forgotten when the organization changes gateway, and made again for the new keys', async () => {
    const organization = await createFinancialOrganization();
    const token = organization.manager.token;
    await post(token, '/api/payment/bank-accounts/', companyAccount);
    await post(token, '/api/managing-partners/', partner);
    const first = (await post(token, recipientUrl)).json().recipient.id;
    const toPagarme = await call(context, 'PUT', '/api/payment/gateway-settings/', {
      token,
      payload: { provider: 'pagarme', public_key: 'pk_test_abcdefgh12', secret_key: 'sk_test_abcdefgh12' },
    });
    expect(toPagarme.json().recipient).toBeNull();
    const back = await call(context, 'PUT', '/api/payment/gateway-settings/', {
      token,
      payload: { provider: 'sandbox' },
    });
    expect(back.json().recipient).toBeNull();
    const second = (await post(token, recipientUrl)).json().recipient.id;
    expect(second).not.toBe(first);
  });

  it('is for the organization’s managers with the Financeiro flag only', async () => {
    const organization = await createFinancialOrganization();
    for (const token of [organization.client.token, organization.planner.token]) {
      expect((await post(token, recipientUrl)).statusCode).toBe(403);
    }
    const withoutFlag = await createTestOrganization(context);
    expect((await post(withoutFlag.manager.token, recipientUrl)).statusCode).toBe(403);
    expect((await call(context, 'POST', recipientUrl)).statusCode).toBe(401);
  });
});
