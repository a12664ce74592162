import { featureToggles } from '@prumo/domain/organization/features';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, managingPartners } from '../src/db/schema';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;
let otherOrganization: TestOrganization;

const withFinancialFlag = { toggles: [...featureToggles, 'financial'] };

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context, withFinancialFlag);
  otherOrganization = await createTestOrganization(context, withFinancialFlag);
});

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

const personalAccount = {
  holder_name: 'Maria Silva',
  holder_type: 'individual',
  holder_document: '529.982.247-25',
  bank: '1',
  branch_number: '1935',
  account_number: '23398',
  account_check_digit: 'x',
  type: 'savings',
};

const partner = {
  name: 'Ana Sócia',
  email: 'Ana@Exemplo.com.br',
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

async function countRows(table: typeof bankAccounts | typeof managingPartners, organizationId: number) {
  const rows = await context.database.db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.organizationId, organizationId));
  return rows.length;
}

describe('bank accounts (payment/bank-accounts/)', () => {
  it('stores the gateway’s fields; the first account is the default until another is marked', async () => {
    const target = await createTestOrganization(context, withFinancialFlag);
    const token = target.manager.token;
    const first = await call(context, 'POST', '/api/payment/bank-accounts/', { token, payload: companyAccount });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      ...companyAccount,
      holder_document: '11222333000181',
      bank_name: 'Itaú Unibanco',
      is_default: true,
    });

    const second = await call(context, 'POST', '/api/payment/bank-accounts/', { token, payload: personalAccount });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual({
      id: expect.any(Number),
      ...personalAccount,
      holder_document: '52998224725',
      bank: '001',
      bank_name: 'Banco do Brasil',
      branch_check_digit: null,
      account_check_digit: 'X',
      is_default: false,
    });

    // The default is unmarked only by marking another one.
    const unmarked = await call(context, 'PUT', `/api/payment/bank-accounts/${first.json().id}/`, {
      token,
      payload: { ...companyAccount, is_default: false },
    });
    expect(unmarked.statusCode).toBe(400);
    expect(unmarked.json()).toEqual({
      is_default: ['A conta padrão deixa de ser padrão quando outra conta é marcada como padrão.'],
    });

    const marked = await call(context, 'PUT', `/api/payment/bank-accounts/${second.json().id}/`, {
      token,
      payload: { ...personalAccount, branch_number: '0001', is_default: true },
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id: second.json().id, branch_number: '0001', is_default: true });

    const listed = await call(context, 'GET', '/api/payment/bank-accounts/', { token });
    expect(listed.statusCode).toBe(200);
    expect(
      listed.json().map((account: { id: number; is_default: boolean }) => [account.id, account.is_default]),
    ).toEqual([
      [second.json().id, true],
      [first.json().id, false],
    ]);

    // A later account can be the default from the start.
    const third = await call(context, 'POST', '/api/payment/bank-accounts/', {
      token,
      payload: { ...companyAccount, account_number: '99999', is_default: true },
    });
    expect(third.json().is_default).toBe(true);
    const defaults = await context.database.db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(eq(bankAccounts.isDefault, true));
    expect(defaults.map((row) => row.id)).toContain(third.json().id);
    expect(defaults.map((row) => row.id)).not.toContain(second.json().id);
  });

  it('asks a CPF of a person and a CNPJ of a company, checks each field, and stores nothing wrong', async () => {
    const target = await createTestOrganization(context, withFinancialFlag);
    const token = target.manager.token;
    const wrongDocument = await call(context, 'POST', '/api/payment/bank-accounts/', {
      token,
      payload: { ...companyAccount, holder_document: '11.222.333/0001-80' },
    });
    expect(wrongDocument.statusCode).toBe(400);
    expect(wrongDocument.json()).toEqual({ holder_document: ['CNPJ inválido.'] });
    const cpfForCompany = await call(context, 'POST', '/api/payment/bank-accounts/', {
      token,
      payload: { ...companyAccount, holder_document: '529.982.247-25' },
    });
    expect(cpfForCompany.json()).toEqual({ holder_document: ['CNPJ inválido.'] });
    const wrongCpf = await call(context, 'POST', '/api/payment/bank-accounts/', {
      token,
      payload: { ...personalAccount, holder_document: '123.456.789-00' },
    });
    expect(wrongCpf.json()).toEqual({ holder_document: ['Cpf inválido'] });

    const wrongFields = await call(context, 'POST', '/api/payment/bank-accounts/', {
      token,
      payload: {
        ...companyAccount,
        bank: '999',
        branch_number: '12345',
        account_number: '12a45',
        account_check_digit: '',
        type: 'investment',
      },
    });
    expect(wrongFields.statusCode).toBe(400);
    expect(wrongFields.json()).toEqual({
      bank: ['Banco não encontrado: escolha um banco da lista.'],
      branch_number: ['Agência inválida: use até 4 dígitos.'],
      account_number: ['Conta inválida: use até 13 dígitos.'],
      account_check_digit: ['Este campo é obrigatório'],
      type: ['Tipo de conta inválido: use conta corrente ou poupança.'],
    });
    const noHolderType = await call(context, 'POST', '/api/payment/bank-accounts/', {
      token,
      payload: { ...companyAccount, holder_type: 'ong' },
    });
    expect(noHolderType.json()).toEqual({
      holder_type: ['Tipo de titular inválido: use pessoa física ou pessoa jurídica.'],
    });
    expect(await countRows(bankAccounts, target.id)).toBe(0);

    await call(context, 'POST', '/api/payment/bank-accounts/', { token, payload: companyAccount });
    const twice = await call(context, 'POST', '/api/payment/bank-accounts/', { token, payload: companyAccount });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ account_number: ['Esta conta já está cadastrada.'] });
    expect(await countRows(bankAccounts, target.id)).toBe(1);
  });

  it('is another organization’s: 404, changed nothing', async () => {
    const created = await call(context, 'POST', '/api/payment/bank-accounts/', {
      token: organization.manager.token,
      payload: { ...companyAccount, account_number: '777' },
    });
    const changed = await call(context, 'PUT', `/api/payment/bank-accounts/${created.json().id}/`, {
      token: otherOrganization.manager.token,
      payload: { ...companyAccount, holder_name: 'Outro' },
    });
    expect(changed.statusCode).toBe(404);
    expect(changed.json()).toEqual({ detail: 'Conta bancária não encontrada.' });
    const listed = await call(context, 'GET', '/api/payment/bank-accounts/', {
      token: otherOrganization.manager.token,
    });
    expect(listed.json()).toEqual([]);
    const [stored] = await context.database.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.id, created.json().id));
    expect(stored?.holderName).toBe(companyAccount.holder_name);
  });
});

describe('managing partners (managing-partners/)', () => {
  it('a manager adds, lists and changes a partner, kept in the gateway’s shapes', async () => {
    const target = await createTestOrganization(context, withFinancialFlag);
    const token = target.manager.token;
    const created = await call(context, 'POST', '/api/managing-partners/', { token, payload: partner });
    expect(created.statusCode).toBe(201);
    const expected = {
      id: expect.any(Number),
      name: 'Ana Sócia',
      email: 'ana@exemplo.com.br',
      cpf: '52998224725',
      cnpj: null,
      birthdate: '1980-03-15',
      phone: '11987654321',
      address: { ...partner.address, state: 'SP', zipcode: '01310100' },
    };
    expect(created.json()).toEqual(expected);
    const listed = await call(context, 'GET', '/api/managing-partners/', { token });
    expect(listed.json()).toEqual([expected]);

    const changed = await call(context, 'PUT', `/api/managing-partners/${created.json().id}/`, {
      token,
      payload: { ...partner, cnpj: '11.222.333/0001-81', address: { ...partner.address, complementary: '' } },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      ...expected,
      cnpj: '11222333000181',
      address: { ...expected.address, complementary: null },
    });
  });

  it('refuses a wrong CNPJ, a minor, a birthdate to come and what is missing, storing nothing', async () => {
    const target = await createTestOrganization(context, withFinancialFlag);
    const token = target.manager.token;
    const wrongCnpj = await call(context, 'POST', '/api/managing-partners/', {
      token,
      payload: { ...partner, cnpj: '11.222.333/0001-80' },
    });
    expect(wrongCnpj.statusCode).toBe(400);
    expect(wrongCnpj.json()).toEqual({ cnpj: ['CNPJ inválido.'] });

    const thisYear = new Date().getFullYear();
    const minor = await call(context, 'POST', '/api/managing-partners/', {
      token,
      payload: { ...partner, birthdate: `01/01/${thisYear - 10}` },
    });
    expect(minor.json()).toEqual({ birthdate: ['O sócio administrador precisa ter 18 anos ou mais.'] });
    const future = await call(context, 'POST', '/api/managing-partners/', {
      token,
      payload: { ...partner, birthdate: `${thisYear + 1}-01-01` },
    });
    expect(future.json()).toEqual({ birthdate: ['A data de nascimento não pode estar no futuro.'] });

    const missing = await call(context, 'POST', '/api/managing-partners/', {
      token,
      payload: { name: 'Ana Sócia', email: 'ana', cpf: '123', phone: '11', address: { state: 'SPA' } },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      email: ['Esse campo precisa ser um e-mail válido'],
      cpf: ['Cpf inválido'],
      birthdate: ['Data inválida'],
      phone: ['Número de telefone inválido'],
      'address.street': ['Este campo é obrigatório'],
      'address.street_number': ['Este campo é obrigatório'],
      'address.neighborhood': ['Este campo é obrigatório'],
      'address.city': ['Este campo é obrigatório'],
      'address.state': ['O estado deve ter exatamente 2 caracteres'],
      'address.zipcode': ['Este campo é obrigatório'],
    });
    expect(await countRows(managingPartners, target.id)).toBe(0);

    await call(context, 'POST', '/api/managing-partners/', { token, payload: partner });
    const twice = await call(context, 'POST', '/api/managing-partners/', { token, payload: partner });
    expect(twice.json()).toEqual({ cpf: ['Este CPF já está cadastrado como sócio administrador.'] });
    expect(await countRows(managingPartners, target.id)).toBe(1);
  });

  it('is another organization’s: 404, changed nothing', async () => {
    const created = await call(context, 'POST', '/api/managing-partners/', {
      token: organization.manager.token,
      payload: { ...partner, cpf: '111.444.777-35' },
    });
    expect(created.statusCode).toBe(201);
    const changed = await call(context, 'PUT', `/api/managing-partners/${created.json().id}/`, {
      token: otherOrganization.manager.token,
      payload: { ...partner, name: 'Outra Pessoa' },
    });
    expect(changed.statusCode).toBe(404);
    expect(changed.json()).toEqual({ detail: 'Sócio administrador não encontrado.' });
    const listed = await call(context, 'GET', '/api/managing-partners/', { token: otherOrganization.manager.token });
    expect(listed.json()).toEqual([]);
    const [stored] = await context.database.db
      .select()
      .from(managingPartners)
      .where(eq(managingPartners.id, created.json().id));
    expect(stored?.name).toBe('Ana Sócia');
  });
});

describe('who reaches the bank accounts and partners', () => {
  const calls = (accountId: number, partnerId: number) =>
    [
      ['GET', '/api/payment/bank-accounts/', undefined],
      ['POST', '/api/payment/bank-accounts/', { ...companyAccount, account_number: '31337' }],
      ['PUT', `/api/payment/bank-accounts/${accountId}/`, companyAccount],
      ['GET', '/api/managing-partners/', undefined],
      ['POST', '/api/managing-partners/', { ...partner, cpf: '390.533.447-05' }],
      ['PUT', `/api/managing-partners/${partnerId}/`, partner],
    ] as const;

  it('refuses clients, planners and managers without the financial flag (403), and visitors (401)', async () => {
    const target = await createTestOrganization(context, withFinancialFlag);
    const account = await call(context, 'POST', '/api/payment/bank-accounts/', {
      token: target.manager.token,
      payload: companyAccount,
    });
    const created = await call(context, 'POST', '/api/managing-partners/', {
      token: target.manager.token,
      payload: partner,
    });
    const withoutFlag = await createTestOrganization(context);
    for (const person of [target.client, target.planner, target.loneClient, withoutFlag.manager]) {
      for (const [method, url, payload] of calls(account.json().id, created.json().id)) {
        const response = await call(context, method, url, { token: person.token, payload });
        expect(response.statusCode, `${person.email} ${method} ${url}`).toBe(403);
        expect(response.json()).toEqual({ detail: 'Sem permissão' });
      }
    }
    for (const [method, url, payload] of calls(account.json().id, created.json().id)) {
      const response = await call(context, method, url, { payload });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await countRows(bankAccounts, target.id)).toBe(1);
    expect(await countRows(managingPartners, target.id)).toBe(1);
    expect(await countRows(bankAccounts, withoutFlag.id)).toBe(0);
  });
});
