import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { featureToggles } from '@prumo/domain/organization/features';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMultipart } from './helpers/multipart';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

const nulMessage = ['O texto contém um caractere inválido (NUL).'];
const emptyUpdate = { non_field_errors: ['Informe ao menos um campo para alterar.'] };

let context: TestContext;
let organization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
});

describe('a NUL character in any input', () => {
  it('is refused in a JSON body, naming the field, with or without signing in', async () => {
    const account = await call(context, 'POST', '/api/manual-account/', {
      token: organization.client.token,
      payload: { nickname: 'Conta\u0000' },
    });
    expect(account.statusCode).toBe(400);
    expect(account.json()).toEqual({ nickname: nulMessage });

    const newOrganization = await call(context, 'POST', '/api/organization/', {
      payload: {
        name: 'Nova\u0000',
        corporate_name: 'Nova Organização Ltda.',
        cnpj: '11222333000181',
        slug: 'nova-nul',
      },
    });
    expect(newOrganization.statusCode).toBe(400);
    expect(newOrganization.json()).toEqual({ name: nulMessage });

    const nested = await call(context, 'PUT', `/api/organization/${organization.slug}/`, {
      token: organization.manager.token,
      payload: { name: 'Organização', 'link\u0000': 'x' },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({ link: nulMessage });
  });

  it('is refused in the query and in the address', async () => {
    const query = await call(context, 'GET', '/api/description/?tags=mercado%00', { token: organization.client.token });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ tags: nulMessage });

    const address = await call(context, 'GET', '/api/organization/abc%00/');
    expect(address.statusCode).toBe(400);
    expect(address.json()).toEqual({ slug: nulMessage });
  });

  it('is refused in a form field and in an uploaded file name, and nothing is stored', async () => {
    const link = buildMultipart([{ name: 'link_redirect', content: 'https://exemplo.com.br/\u0000' }]);
    const logo = await call(context, 'POST', '/api/logo/', { token: organization.manager.token, ...link });
    expect(logo.statusCode).toBe(400);
    expect(logo.json()).toEqual({ link_redirect: nulMessage });

    const statement = buildMultipart([
      { name: 'files', fileName: 'extrato\u0000.ofx', content: 'OFXHEADER:100', type: 'application/octet-stream' },
    ]);
    const upload = await call(context, 'POST', '/api/upload/', { token: organization.client.token, ...statement });
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toEqual({ files: nulMessage });
    const files = await call(context, 'GET', '/api/file/', { token: organization.client.token });
    expect(files.json().count).toBe(0);
  });
});

describe('half of a surrogate pair in a JSON body', () => {
  // JSON can carry "\ud800" alone; PostgreSQL refuses it in a JSON column and the insert failed with a 500.
  const halfSymbol = ['O texto contém um caractere inválido (símbolo incompleto).'];

  it('is refused in a value or a key, naming the field, and nothing is stored', async () => {
    const before = await context.database.pool.query('SELECT count(*)::int AS count FROM payment_error_logs');
    const report = await call(context, 'POST', '/api/core/log', {
      token: organization.client.token,
      payload: { type: 'card_token', error: { message: 'falhou \ud800' } },
    });
    expect(report.statusCode).toBe(400);
    expect(report.json()).toEqual({ 'error.message': halfSymbol });
    const key = await call(context, 'POST', '/api/core/log', {
      token: organization.client.token,
      payload: { type: 'card_token', request: { 'campo\udc00': 1 } },
    });
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual({ 'request.campo': halfSymbol });
    const after = await context.database.pool.query('SELECT count(*)::int AS count FROM payment_error_logs');
    expect(after.rows[0].count).toBe(before.rows[0].count);

    const financial = await createTestOrganization(context, { toggles: [...featureToggles, 'financial'] });
    const plan = await call(context, 'POST', '/api/payment/plans/', {
      token: financial.manager.token,
      payload: {
        name: 'Completo',
        type: 'service',
        platform_amount: 5_000,
        service_amount: 20_000,
        service_months: 12,
        serviceProvision: [
          { kind: 'custom', name: 'Mentoria', period: 3, description: 'Encontros \ud83d mensais', fee: 0 },
        ],
      },
    });
    expect(plan.statusCode).toBe(400);
    expect(plan.json()).toEqual({ 'serviceProvision.0.description': halfSymbol });
  });

  it('is told apart from a whole emoji, which is kept', async () => {
    const report = await call(context, 'POST', '/api/core/log', {
      token: organization.client.token,
      payload: { type: 'card_token', error: { message: 'falhou 🙁' } },
    });
    expect(report.statusCode).toBe(201);
  });
});

describe('input shaped to exhaust the checks', () => {
  it('answers a body nested thousands of levels deep with a 400, signed in or not', async () => {
    const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const deepList = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    for (const payload of [deepObject, deepList]) {
      const login = await call(context, 'POST', '/api/rest-auth/login/', {
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(login.statusCode).toBe(400);
      expect(login.json()).toEqual({ detail: 'Requisição inválida.' });
    }
    const edit = await call(context, 'POST', '/api/profiles/edit/', {
      token: organization.client.token,
      payload: deepObject,
      headers: { 'content-type': 'application/json' },
    });
    expect(edit.statusCode).toBe(400);
  });

  it('answers a form part that names no field with a 4xx, never a 500', async () => {
    const payload = '--zz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--zz--\r\n';
    const headers = { 'content-type': 'multipart/form-data; boundary=zz' };
    const calls = [
      ['POST', '/api/profiles/edit/', organization.client.token],
      ['POST', '/api/logo/', organization.manager.token],
      ['POST', '/api/custom_emails/', organization.manager.token],
      ['POST', '/api/upload/', organization.client.token],
    ] as const;
    for (const [method, url, token] of calls) {
      const response = await call(context, method, url, { token, payload, headers });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(500);
    }
  });
});

describe('a NUL character inside an uploaded statement', () => {
  it('is read as a space: the spreadsheet is imported, not answered with a 500', async () => {
    const fixture = path.resolve(
      import.meta.dirname,
      '../../../../shared/fixtures/statements/financeiroLLE__Conciliacao-Extratos/Itau-CC-67890.xlsx',
    );
    const book = XLSX.read(readFileSync(fixture));
    for (const sheet of Object.values(book.Sheets)) {
      for (const [address, cell] of Object.entries(sheet)) {
        const text = cell as XLSX.CellObject;
        if (!address.startsWith('!') && text.t === 's') {
          text.v = `${text.v}\u0000X`;
          delete text.w;
        }
      }
    }
    const content = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const client = (await createTestOrganization(context)).client;
    const body = buildMultipart([{ name: 'files', fileName: 'itau.xls', content, type: 'application/vnd.ms-excel' }]);
    const upload = await call(context, 'POST', '/api/upload/', { token: client.token, ...body });
    expect(upload.statusCode).toBe(201);
    expect(upload.json().files[0].transactions_added).toBeGreaterThan(0);
  });
});

describe('an update that names no field', () => {
  it('is a 400 on profiles/edit/, as JSON, without a body or as an empty form', async () => {
    const token = organization.client.token;
    for (const body of [{ payload: {} }, {}, buildMultipart([])]) {
      const response = await call(context, 'POST', '/api/profiles/edit/', { token, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(emptyUpdate);
    }
    const named = await call(context, 'POST', '/api/profiles/edit/', { token, payload: { first_name: 'Clara' } });
    expect(named.statusCode).toBe(200);
  });

  it('is a 400 on the organization, its brand files and the notice settings', async () => {
    const token = organization.manager.token;
    const organizationUpdate = await call(context, 'PUT', `/api/organization/${organization.slug}/`, {
      token,
      payload: {},
    });
    expect(organizationUpdate.statusCode).toBe(400);
    expect(organizationUpdate.json()).toEqual(emptyUpdate);

    const brand = await call(context, 'POST', '/api/logo/', { token, ...buildMultipart([]) });
    expect(brand.statusCode).toBe(400);
    expect(brand.json()).toEqual(emptyUpdate);

    const settings = await call(context, 'PATCH', '/api/notification_settings/', { token, payload: {} });
    expect(settings.statusCode).toBe(400);
    expect(settings.json()).toEqual(emptyUpdate);
  });

  it('is a 400 on a cash-flow line and on ideal budget items', async () => {
    const token = organization.client.token;
    const line = await call(context, 'PUT', '/api/cash-flow/1/', { token, payload: { apply_to_similar: true } });
    expect(line.statusCode).toBe(400);
    expect(line.json()).toEqual(emptyUpdate);

    const idealItem = await call(context, 'PUT', '/api/budget-ideal/ideal-item/1', {
      token: organization.planner.token,
      payload: {},
    });
    expect(idealItem.statusCode).toBe(400);
    expect(idealItem.json()).toEqual(emptyUpdate);
  });
});
