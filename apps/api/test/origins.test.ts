import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMultipart } from './helpers/multipart';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

const fixtures = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');

let context: TestContext;
let organization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
});

async function uploadFixture(token: string, relative: string) {
  const body = buildMultipart([
    { name: 'files', fileName: path.basename(relative), content: readFileSync(path.join(fixtures, relative)) },
  ]);
  const response = await call(context, 'POST', '/api/upload/', { token, ...body });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('accounts and cards (origin/)', () => {
  it('lists the accounts by bank name, hides an ignored account from the cash flow, and counts lines by month', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    await uploadFixture(token, 'kamino-company__OfxSharp/bb.ofx');
    const accounts = (await call(context, 'GET', '/api/origin/', { token })).json();
    expect(accounts).toEqual([
      expect.objectContaining({
        name: 'Banco do Brasil · 9999-9 99999-9',
        kind: 'bank_account',
        bank_name: 'Banco do Brasil',
        ignored: false,
      }),
    ]);
    const lines = (await call(context, 'GET', '/api/cash-flow/?start=2014-03-01&end=2014-03-31', { token })).json();
    expect(lines.results[0].origin_name).toBe('Banco do Brasil · 9999-9 99999-9');

    const byMonth = (
      await call(context, 'GET', '/api/origins-by-month/?dateStart=2014-01-01&dateEnd=2014-12-31', { token })
    ).json();
    expect(byMonth[0].months).toEqual([{ month: '03/2014', transactions: 3, income: 344_480, expense: -12_225 }]);

    const ignored = await call(context, 'PUT', `/api/ignore-origin/${accounts[0].id}/`, {
      token,
      payload: { ignored: true },
    });
    expect(ignored.statusCode).toBe(200);
    expect(
      (await call(context, 'GET', '/api/cash-flow/?start=2014-03-01&end=2014-03-31', { token })).json().count,
    ).toBe(0);
    expect(
      (
        await call(context, 'PUT', `/api/ignore-origin/${accounts[0].id}/`, {
          token: organization.client.token,
          payload: { ignored: false },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('creates and deletes manual accounts of the caller only', async () => {
    const token = organization.client.token;
    const created = await call(context, 'POST', '/api/manual-account/', { token, payload: { nickname: 'Cofrinho' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Cofrinho', kind: 'manual' });
    const line = await call(context, 'POST', '/api/cash-flow/', {
      token,
      payload: { name: 'Depósito', amount: 5_000, date: '2026-10-01', origin: created.json().id },
    });
    expect(line.json().origin_name).toBe('Cofrinho');
    expect(
      (
        await call(context, 'DELETE', `/api/manual-account/${created.json().id}/`, {
          token: organization.loneClient.token,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(context, 'DELETE', `/api/manual-account/${created.json().id}/`, { token })).statusCode).toBe(
      204,
    );
    expect((await call(context, 'POST', '/api/manual-account/', { token, payload: { nickname: '' } })).statusCode).toBe(
      400,
    );
  });

  it('answers 400 on origins-by-month/ for a period that ends before it starts, as cash-flow/ does', async () => {
    const token = organization.client.token;
    const endBeforeStart = 'A data final deve ser igual ou posterior à inicial.';
    for (const query of ['dateStart=2016-09-30&dateEnd=2016-08-01', 'dateStart=30/09/2016&dateEnd=29/09/2016']) {
      const reversed = await call(context, 'GET', `/api/origins-by-month/?${query}`, { token });
      expect(reversed.statusCode, `${query}: ${reversed.body}`).toBe(400);
      expect(reversed.json(), query).toEqual({ dateEnd: [endBeforeStart] });
    }
    const cashFlow = await call(context, 'GET', '/api/cash-flow/?start=2016-09-30&end=2016-08-01', { token });
    expect(cashFlow.json()).toEqual({ end: [endBeforeStart] });
    const oneDay = await call(context, 'GET', '/api/origins-by-month/?dateStart=2016-09-30&dateEnd=2016-09-30', {
      token,
    });
    expect(oneDay.statusCode, oneDay.body).toBe(200);
  });
});

describe('cash-flow/export-xls/', () => {
  it('gives a real spreadsheet of the filtered lines, amounts in reais', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    await call(context, 'POST', '/api/cash-flow/', {
      token,
      payload: { name: 'Salário', amount: 850_000, date: '2026-10-05' },
    });
    await call(context, 'POST', '/api/cash-flow/', {
      token,
      payload: { name: 'Padaria', amount: -1_250, date: '2026-10-06' },
    });
    const response = await call(context, 'GET', '/api/cash-flow/export-xls/?start=2026-10-01&end=2026-10-31', {
      token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = XLSX.read(response.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets['Meu caixa'] as XLSX.WorkSheet, { header: 1 });
    expect(rows[0]).toEqual([
      'Data',
      'Data de caixa',
      'Descrição',
      'Conta',
      'Categoria',
      'Subcategoria',
      'Valor (R$)',
      'Tipo',
      'Ignorada',
    ]);
    expect(rows.slice(1)).toEqual([
      ['06/10/2026', '06/10/2026', 'Padaria', 'Dinheiro', 'Sem categoria', '', -12.5, 'Saída', 'Não'],
      ['05/10/2026', '05/10/2026', 'Salário', 'Dinheiro', 'Sem categoria', '', 8500, 'Entrada', 'Não'],
    ]);
    expect((await call(context, 'GET', '/api/cash-flow/export-xls/', { token })).statusCode).toBe(400);
  });
});

describe('file list and read status', () => {
  it('pages the file list, and the read status clears once the pendency is completed', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const first = await uploadFixture(token, 'kamino-company__OfxSharp/bb.ofx');
    await uploadFixture(token, 'kamino-company__OfxSharp/itau.ofx');
    const page = (await call(context, 'GET', '/api/file/?limit=1', { token })).json();
    expect(page.count).toBe(2);
    expect(page.results).toHaveLength(1);
    expect(page.next).toContain('offset=1');
    const fileId = first.files[0].id;
    expect(first.files[0].read_status).toBe('Leitura concluída com pendências');
    await call(context, 'PATCH', `/api/pendency/complete-file/${fileId}/`, { token, payload: { balance: 100 } });
    const read = (await call(context, 'GET', `/api/file/${fileId}/read/`, { token })).json();
    expect(read.read_status).toBe('Leitura concluída');
  });
});
