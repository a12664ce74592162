import { beforeAll, describe, expect, it } from 'vitest';
import { buildMultipart } from './helpers/multipart';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface BankAnswer {
  code: string;
  name: string;
  steps: string[];
  assets: string[];
  customized: boolean;
}

let context: TestContext;
let organization: TestOrganization;
let otherOrganization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

async function listBanks(token: string): Promise<BankAnswer[]> {
  const response = await call(context, 'GET', '/api/bank/', { token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function findBank(token: string, code: string): Promise<BankAnswer> {
  const bank = (await listBanks(token)).find((candidate) => candidate.code === code);
  if (!bank) throw new Error(`no bank ${code}`);
  return bank;
}

describe('GET bank/: each bank with how to download its statement', () => {
  it('gives the banks most clients use a guide of their own, each step with its illustration', async () => {
    const banks = await listBanks(organization.client.token);
    for (const code of ['341', '237', '001', '104', '033', '260', '077', '336', '208', '756', '748']) {
      const bank = banks.find((candidate) => candidate.code === code);
      expect(bank?.steps.length, code).toBeGreaterThanOrEqual(3);
      expect(bank?.assets).toHaveLength(bank?.steps.length ?? -1);
      expect(bank?.customized).toBe(false);
    }
    const itau = banks.find((bank) => bank.code === '341');
    expect(itau).toMatchObject({ name: 'Itaú Unibanco' });
    expect(itau?.steps[0]).toContain('internet banking');
    expect(itau?.steps.join(' ')).toContain('OFX');
    expect(itau?.assets[0]).toBe('/api/bank/guides/341/1.svg');
    const nubank = banks.find((bank) => bank.code === '260');
    expect(nubank?.steps.join(' ')).toContain('e-mail');
  });

  it('gives any other bank the general guide', async () => {
    const banrisul = await findBank(organization.client.token, '041');
    expect(banrisul.steps[0]).toContain('Cada banco organiza o menu de um jeito');
    expect(banrisul.assets[0]).toBe('/api/bank/guides/041/1.svg');
  });

  it('needs a session', async () => {
    expect((await call(context, 'GET', '/api/bank/')).statusCode).toBe(401);
  });
});

describe('the step illustrations', () => {
  it('are public SVG images that draw the bank, the step and the item to choose, with nothing active in them', async () => {
    const response = await call(context, 'GET', '/api/bank/guides/237/2.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(response.body).toContain('Bradesco');
    expect(response.body).toContain('Passo 2 de 5');
    expect(response.body).toContain('Extrato por período');
    expect(response.body).not.toMatch(/<script|on[a-z]+=|href=|<style|<foreignObject/i);
  });

  it('answer 404 for a bank or step without one', async () => {
    for (const address of [
      '/api/bank/guides/999/1.svg',
      '/api/bank/guides/341/6.svg',
      '/api/bank/guides/341/0.svg',
      '/api/bank/guides/341/1.png',
      '/api/bank/guides/341/..%2F..%2Fpackage.json',
    ]) {
      expect((await call(context, 'GET', address)).statusCode, address).toBe(404);
    }
  });
});

describe("an organization's own guides", () => {
  const ownSteps = [
    { text: 'Peça o extrato em OFX ao seu gerente do Nubank.', image: '' },
    { text: 'Envie o arquivo em Importar extratos.', image: '/api/bank/guides/260/4.svg' },
  ];

  it('lets a manager replace a bank’s guide, seen by the organization’s clients only, and restore Prumo’s', async () => {
    const changed = await call(context, 'PUT', '/api/bank/260/guide/', {
      token: organization.manager.token,
      payload: { steps: ownSteps },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      code: '260',
      name: 'Nubank',
      steps: ownSteps.map((step) => step.text),
      assets: ['', '/api/bank/guides/260/4.svg'],
      customized: true,
    });
    expect(await findBank(organization.client.token, '260')).toMatchObject({
      steps: ownSteps.map((step) => step.text),
      customized: true,
    });
    const elsewhere = await findBank(otherOrganization.client.token, '260');
    expect(elsewhere.customized).toBe(false);
    expect(elsewhere.steps[0]).toContain('app do banco');

    const restored = await call(context, 'DELETE', '/api/bank/260/guide/', { token: organization.manager.token });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ code: '260', customized: false });
    expect((await findBank(organization.client.token, '260')).steps).toEqual(elsewhere.steps);
  });

  it('lets only managers change a guide', async () => {
    for (const token of [organization.planner.token, organization.client.token]) {
      const refused = await call(context, 'PUT', '/api/bank/341/guide/', { token, payload: { steps: ownSteps } });
      expect(refused.statusCode).toBe(403);
      expect((await call(context, 'DELETE', '/api/bank/341/guide/', { token })).statusCode).toBe(403);
    }
    expect((await call(context, 'PUT', '/api/bank/341/guide/', { payload: { steps: ownSteps } })).statusCode).toBe(401);
    expect((await findBank(organization.client.token, '341')).customized).toBe(false);
  });

  it('refuses a guide without steps, an empty or long text, an outside image and an unknown bank', async () => {
    const put = (code: string, payload: unknown) =>
      call(context, 'PUT', `/api/bank/${code}/guide/`, { token: organization.manager.token, payload });
    const empty = await put('341', { steps: [] });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('O guia precisa de pelo menos um passo.');
    const blank = await put('341', { steps: [{ text: '   ', image: '' }] });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain('Escreva o texto do passo.');
    const long = await put('341', { steps: [{ text: 'x'.repeat(501), image: '' }] });
    expect(JSON.stringify(long.json())).toContain('O texto de um passo deve ter no máximo 500 caracteres.');
    for (const image of [
      'https://evil.test/rastreio.png',
      '//evil.test/a.png',
      '/media/logos/abc12345.png',
      'javascript:alert(1)',
      '/media/bank-guides/../../x.png',
    ]) {
      const outside = await put('341', { steps: [{ text: 'Passo', image }] });
      expect(outside.statusCode, image).toBe(400);
      expect(JSON.stringify(outside.json())).toContain('Imagem inválida');
    }
    const tooMany = await put('341', { steps: Array.from({ length: 13 }, () => ({ text: 'Passo', image: '' })) });
    expect(JSON.stringify(tooMany.json())).toContain('O guia pode ter no máximo 12 passos.');
    const unknown = await put('999', { steps: ownSteps });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Banco não encontrado.' });
    expect((await put('abc', { steps: ownSteps })).statusCode).toBe(400);
    expect((await findBank(organization.client.token, '341')).customized).toBe(false);
  });

  it('takes a step image a manager uploads, served from Prumo, and refuses what is not an image', async () => {
    const uploaded = await call(context, 'POST', '/api/bank/guide-image/', {
      token: organization.manager.token,
      ...buildMultipart([{ name: 'image', fileName: 'passo.png', content: tinyPng, type: 'image/png' }]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { image } = uploaded.json();
    expect(image).toMatch(/^\/media\/bank-guides\/[0-9a-f]+\.png$/);
    const served = await call(context, 'GET', image);
    expect(served.rawPayload.equals(tinyPng)).toBe(true);
    const saved = await call(context, 'PUT', '/api/bank/001/guide/', {
      token: organization.manager.token,
      payload: { steps: [{ text: 'Abra o extrato.', image }] },
    });
    expect(saved.json().assets).toEqual([image]);

    const notImage = await call(context, 'POST', '/api/bank/guide-image/', {
      token: organization.manager.token,
      ...buildMultipart([
        { name: 'image', fileName: 'passo.png', content: '<svg onload="alert(1)"/>', type: 'image/png' },
      ]),
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toEqual({ image: ['Envie uma imagem PNG, JPEG, WEBP.'] });
    const byClient = await call(context, 'POST', '/api/bank/guide-image/', {
      token: organization.client.token,
      ...buildMultipart([{ name: 'image', fileName: 'passo.png', content: tinyPng, type: 'image/png' }]),
    });
    expect(byClient.statusCode).toBe(403);
  });
});
