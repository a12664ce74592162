import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { origins, statementFiles, tasks, transactions } from '../src/db/schema';
import { buildMultipart } from './helpers/multipart';
import { buildOfx } from './helpers/ofx';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

const fixtures = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');
const readFixture = (relative: string) => readFileSync(path.join(fixtures, relative));

let context: TestContext;
let organization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
});

function upload(token: string, files: { name: string; content: Buffer | string }[], query = '', url = '/api/upload/') {
  const body = buildMultipart(
    files.map((file) => ({
      name: 'files',
      fileName: file.name,
      content: file.content,
      type: 'application/octet-stream',
    })),
  );
  return call(context, 'POST', `${url}${query}`, { token, ...body });
}

async function countLines(clientUserId: number) {
  const rows = await context.database.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.clientUserId, clientUserId));
  return rows.length;
}

describe('POST upload/', () => {
  it('imports an OFX: its account, its lines, categorized where Prumo can tell', async () => {
    const target = await createTestOrganization(context);
    const response = await upload(target.client.token, [
      { name: 'bb.ofx', content: readFixture('kamino-company__OfxSharp/bb.ofx') },
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.rejected).toEqual([]);
    expect(body.files).toHaveLength(1);
    expect(body.files[0]).toMatchObject({
      name: 'bb.ofx',
      format: 'ofx',
      read_status: 'Leitura concluída com pendências',
      transactions_read: 3,
      transactions_added: 3,
      duplicates_ignored: 0,
      accounts: [
        {
          kind: 'bank_account',
          bank_code: '001',
          bank_name: 'Banco do Brasil',
          branch: '9999-9',
          account_number: '99999-9',
          new_account: true,
        },
      ],
    });
    const lines = (
      await call(context, 'GET', '/api/cash-flow/?start=2014-03-01&end=2014-03-31', { token: target.client.token })
    ).json();
    expect(lines.count).toBe(3);
    expect(lines.results.map((line: { amount: number }) => line.amount).sort((a: number, b: number) => a - b)).toEqual([
      -10_000, -2_225, 344_480,
    ]);
    expect(lines.results.map((line: { name: string }) => line.name)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Transferência Agendada'),
        expect.stringContaining('Compra com Cartão'),
      ]),
    );
    const saque = lines.results.find((line: { name: string }) => line.name.includes('Saque'));
    expect(saque).toMatchObject({ description_name: 'Saque', categorized_by: 'rule' });
  });

  it('stores each line as the file says it: days, large and negative amounts, accents and emoji', async () => {
    const target = await createTestOrganization(context);
    const content = buildOfx('bank', '31337', [
      { date: '1999-12-31', amount: '-123456789.01', memo: 'Zéfiro Qwxz São João – ç 🍞' },
      { date: '2024-02-29', amount: '98765432.10', memo: 'RESGATE\tFUNDO\\X' },
      { date: '2026-11-03', amount: '-99.90', memo: 'FARMACIA' },
    ]);
    const response = await upload(target.client.token, [{ name: 'fidelidade.ofx', content }]);
    expect(response.statusCode).toBe(201);
    const [file] = await context.database.db
      .select()
      .from(statementFiles)
      .where(eq(statementFiles.clientUserId, target.client.row.id));
    const stored = await context.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.clientUserId, target.client.row.id))
      .orderBy(transactions.date);
    expect(
      stored.map((line) => [line.date, line.cashDate, line.amountCents, line.name, line.createdFrom, line.fileId]),
    ).toEqual([
      ['1999-12-31', '1999-12-31', -12_345_678_901, 'Zéfiro Qwxz São João – ç 🍞', 'import', file?.id],
      ['2024-02-29', '2024-02-29', 9_876_543_210, 'RESGATE FUNDO\\X', 'import', file?.id],
      ['2026-11-03', '2026-11-03', -9_990, 'FARMACIA', 'import', file?.id],
    ]);
    const pharmacy = stored[2];
    expect(pharmacy).toMatchObject({ categorizedBy: 'rule', ignored: false, isAssetTransfer: false });
    expect(pharmacy?.categoryId).not.toBeNull();
    expect(pharmacy?.categorizedAt?.getTime()).toBe(file?.createdAt.getTime());
    expect(stored[0]).toMatchObject({ categoryId: null, categorizedBy: null, categorizedAt: null });
    // Identities are 64-bit and signed: the stored ones are the file's, so the same file adds nothing.
    const again = await upload(target.client.token, [{ name: 'fidelidade.ofx', content }]);
    expect(again.json().files[0]).toMatchObject({ transactions_added: 0, duplicates_ignored: 3 });
  });

  it('adds nothing when the same file comes again, and keeps separate identical purchases', async () => {
    const target = await createTestOrganization(context);
    const ofx = readFixture('adelarcubs__ofxparser/extrato_itau.ofx');
    const first = (await upload(target.client.token, [{ name: 'extrato.ofx', content: ofx }])).json();
    const added = first.files[0].transactions_added;
    expect(added).toBeGreaterThan(0);
    const before = await countLines(target.client.row.id);
    const again = await upload(target.client.token, [{ name: 'extrato de novo.ofx', content: ofx }]);
    expect(again.statusCode).toBe(201);
    expect(again.json().files[0]).toMatchObject({
      transactions_added: 0,
      duplicates_ignored: first.files[0].transactions_read,
      accounts: [{ new_account: false }],
    });
    expect(await countLines(target.client.row.id)).toBe(before);
  });

  it('adds nothing when a file holding the same account twice comes again', async () => {
    const target = await createTestOrganization(context);
    const october = buildOfx('bank', '55501', [
      { date: '2026-10-05', amount: '-42.50', memo: 'PADARIA CENTRAL' },
      { date: '2026-10-06', amount: '1500.00', memo: 'SALARIO' },
    ]).toString();
    const november = buildOfx('bank', '55501', [{ date: '2026-11-03', amount: '-99.90', memo: 'FARMACIA' }]).toString();
    const secondBlock = november.slice(november.indexOf('<BANKMSGSRSV1>'), november.indexOf('</OFX>'));
    const ofx = october.replace('</OFX>', `${secondBlock}</OFX>`);
    const first = await upload(target.client.token, [{ name: 'duas contas.ofx', content: ofx }]);
    expect(first.statusCode).toBe(201);
    expect(await countLines(target.client.row.id)).toBe(3);
    const again = await upload(target.client.token, [{ name: 'duas contas de novo.ofx', content: ofx }]);
    expect(again.statusCode).toBe(201);
    expect(again.json().files[0]).toMatchObject({ transactions_added: 0, duplicates_ignored: 3 });
    expect(await countLines(target.client.row.id)).toBe(3);
  });

  it('imports an XLSX statement', async () => {
    const target = await createTestOrganization(context);
    const response = await upload(target.client.token, [
      { name: 'itau.xlsx', content: readFixture('financeiroLLE__Conciliacao-Extratos/Itau-CC-67890.xlsx') },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().files[0].format).toBe('xlsx');
    expect(response.json().files[0].transactions_added).toBeGreaterThan(0);
  });

  it('keeps apart two banks whose sheets do not say their account, by their files’ names', async () => {
    const target = await createTestOrganization(context);
    // The same fee, on the same day, charged by two banks: two lines, not one taken as a duplicate.
    const sheet = () => {
      const workbook = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(
        workbook,
        XLSX.utils.aoa_to_sheet([
          ['Data', 'Histórico', 'Valor (R$)'],
          ['01/06/2026', 'TARIFA PACOTE SERVICOS', -45],
        ]),
        'Extrato',
      );
      return Buffer.from(XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }));
    };
    const bradesco = await upload(target.client.token, [{ name: 'Bradesco-CC-11111.xlsx', content: sheet() }]);
    const itau = await upload(target.client.token, [{ name: 'Itau-CC-22222.xlsx', content: sheet() }]);
    expect(bradesco.json().files[0]).toMatchObject({ transactions_added: 1 });
    expect(itau.json().files[0]).toMatchObject({ transactions_added: 1, duplicates_ignored: 0 });

    const june = await call(context, 'GET', '/api/cash-flow/?start=2026-06-01&end=2026-06-30', {
      token: target.client.token,
    });
    expect(june.json().count).toBe(2);
    expect(
      june
        .json()
        .results.map((line: { origin_name: string }) => line.origin_name)
        .sort(),
    ).toEqual(['Bradesco · 11111', 'Itaú Unibanco · 22222']);
    // The same file again still adds nothing.
    const again = await upload(target.client.token, [{ name: 'Itau-CC-22222.xlsx', content: sheet() }]);
    expect(again.json().files[0]).toMatchObject({ transactions_added: 0, duplicates_ignored: 1 });
  });

  it('rejects other extensions and unreadable files, keeping the good ones; nothing of a bad file stays', async () => {
    const target = await createTestOrganization(context);
    const response = await upload(target.client.token, [
      { name: 'itau.ofx', content: readFixture('kamino-company__OfxSharp/itau.ofx') },
      { name: 'foto.png', content: 'não é extrato' },
      { name: 'quebrado.ofx', content: 'isto não é um OFX' },
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.files.map((file: { name: string }) => file.name)).toEqual(['itau.ofx']);
    expect(body.rejected).toEqual([
      { name: 'foto.png', detail: 'Extensão inválida: envie arquivos xlsx, ofx ou xls.' },
      { name: 'quebrado.ofx', detail: expect.any(String) },
    ]);
    const stored = await context.database.db
      .select()
      .from(statementFiles)
      .where(eq(statementFiles.clientUserId, target.client.row.id));
    expect(stored.map((file) => file.name)).toEqual(['itau.ofx']);
  });

  it("tells the planner of a client's import, the client of the planner's, and a failed file once", async () => {
    const target = await createTestOrganization(context);
    const bellOf = async (token: string) =>
      (await call(context, 'GET', '/api/notification/', { token }))
        .json()
        .results.map((item: { title: string; body: string; data: { client_name: string | null } }) => ({
          title: item.title,
          body: item.body,
          client: item.data.client_name,
        }));
    const ofx = buildOfx('bank', '77001', [
      { date: '2026-10-05', amount: '-42.50', memo: 'PADARIA CENTRAL' },
      { date: '2026-10-06', amount: '1500.00', memo: 'SALARIO' },
    ]);
    await upload(target.client.token, [{ name: 'outubro.ofx', content: ofx }]);
    const plannerBell = await bellOf(target.planner.token);
    expect(plannerBell).toEqual([
      {
        title: 'Extrato importado',
        body: 'O extrato "outubro.ofx" foi importado com 2 transações novas.',
        client: expect.stringMatching(/\S/),
      },
    ]);
    // The planner imports for the client: the client hears of it, not the planner again.
    const november = buildOfx('bank', '77001', [{ date: '2026-11-03', amount: '-99.90', memo: 'FARMACIA' }]);
    await upload(
      target.planner.token,
      [{ name: 'novembro.ofx', content: november }],
      `?clientId=${target.client.row.id}`,
    );
    expect(await bellOf(target.client.token)).toEqual([
      {
        title: 'Extrato importado',
        body: 'O extrato "novembro.ofx" foi importado com 1 transação nova.',
        client: null,
      },
    ]);
    expect(await bellOf(target.planner.token)).toHaveLength(1);
    // A file that cannot be read, sent twice, is told once.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await upload(target.client.token, [{ name: 'quebrado.ofx', content: 'isto não é um OFX' }]);
    }
    const failed = (await bellOf(target.planner.token)).filter(
      (item: { title: string }) => item.title === 'Extrato não importado',
    );
    expect(failed).toHaveLength(1);
    expect(failed[0].body).toMatch(/^O extrato "quebrado.ofx" não pôde ser importado: \S/);
  });

  it('answers 400 when no file can be imported, and stores nothing', async () => {
    const target = await createTestOrganization(context);
    const response = await upload(target.client.token, [{ name: 'planilha.csv', content: 'a;b' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Extensão inválida: envie arquivos xlsx, ofx ou xls.',
      files: ['planilha.csv: Extensão inválida: envie arquivos xlsx, ofx ou xls.'],
    });
    const garbage = await upload(target.client.token, [{ name: 'lixo.xls', content: Buffer.alloc(4096, 7) }]);
    expect(garbage.statusCode).toBe(400);
    expect(
      (
        await context.database.db
          .select()
          .from(statementFiles)
          .where(eq(statementFiles.clientUserId, target.client.row.id))
      ).length,
    ).toBe(0);
    const empty = await call(context, 'POST', '/api/upload/', { token: target.client.token, payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('adds files to a bundle at import-bundle/{id}/ and at its add/, the client’s own bundle only', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const bundleId = (
      await upload(token, [{ name: 'itau.ofx', content: readFixture('kamino-company__OfxSharp/itau.ofx') }])
    ).json().bundle.id;
    for (const [url, fixture] of [
      [`/api/import-bundle/${bundleId}/`, 'kamino-company__OfxSharp/bb.ofx'],
      [`/api/import-bundle/${bundleId}/add/`, 'kamino-company__OfxSharp/santander.ofx'],
    ] as const) {
      const added = await upload(token, [{ name: path.basename(fixture), content: readFixture(fixture) }], '', url);
      expect(added.statusCode).toBe(201);
      expect(added.json().bundle.id).toBe(bundleId);
    }
    const bundle = (await call(context, 'GET', `/api/import-bundle/${bundleId}/`, { token })).json();
    expect(bundle.files.map((file: { name: string }) => file.name).sort()).toEqual([
      'bb.ofx',
      'itau.ofx',
      'santander.ofx',
    ]);

    const stranger = (await createTestOrganization(context)).client.token;
    const refused = await upload(
      stranger,
      [{ name: 'bb.ofx', content: readFixture('kamino-company__OfxSharp/bb.ofx') }],
      '',
      `/api/import-bundle/${bundleId}/`,
    );
    expect(refused.statusCode).toBe(404);
  });

  it('answers 400 Envio de arquivos inválido for a multipart body it cannot read, on upload/ and add/', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const bundleId = (
      await upload(token, [{ name: 'itau.ofx', content: readFixture('kamino-company__OfxSharp/itau.ofx') }])
    ).json().bundle.id;
    const linesBefore = await countLines(target.client.row.id);
    const boundary = 'prumo-cortado';
    const cutShort = (text: string) => ({
      payload: text,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const bodies = [
      { payload: 'qualquer coisa', headers: { 'content-type': 'multipart/form-data' } },
      cutShort(`--${boundary}\r\nContent-Disposition: form-da`),
      cutShort(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.ofx"\r\n\r\nOFXHEADER:100`),
      { payload: 'x', headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}` } },
    ];
    for (const url of ['/api/upload/', `/api/import-bundle/${bundleId}/add/`]) {
      for (const body of bodies) {
        const response = await call(context, 'POST', url, { token, ...body });
        expect(response.statusCode, `${url} ${body.payload}: ${response.body}`).toBe(400);
        expect(response.json()).toEqual({ detail: 'Envio de arquivos inválido.' });
      }
    }
    expect(await countLines(target.client.row.id)).toBe(linesBefore);
  });

  it('keeps the account balance of the newest statement, whatever order the files come in', async () => {
    const target = await createTestOrganization(context);
    const statementWithBalance = (day: string, amount: string) =>
      buildOfx('bank', '88001', [{ date: day, amount: '-10.00', memo: `PADARIA ${day}` }], { amount, date: day });
    const readBalance = async () => {
      const [origin] = await context.database.db
        .select({ balanceCents: origins.balanceCents, balanceDate: origins.balanceDate })
        .from(origins)
        .where(eq(origins.clientUserId, target.client.row.id));
      return origin;
    };
    const sendStatement = async (name: string, day: string, amount: string) =>
      expect(
        (await upload(target.client.token, [{ name, content: statementWithBalance(day, amount) }])).statusCode,
      ).toBe(201);

    await sendStatement('novembro.ofx', '2026-11-10', '1000.00');
    expect(await readBalance()).toEqual({ balanceCents: 100_000, balanceDate: '2026-11-10' });
    // An older statement sent afterwards adds its line and leaves the balance alone.
    await sendStatement('outubro.ofx', '2026-10-31', '500.00');
    expect(await readBalance()).toEqual({ balanceCents: 100_000, balanceDate: '2026-11-10' });
    await sendStatement('fim de novembro.ofx', '2026-11-20', '1500.00');
    expect(await readBalance()).toEqual({ balanceCents: 150_000, balanceDate: '2026-11-20' });
    expect(await countLines(target.client.row.id)).toBe(3);
  });

  it('opens a categorizing task for what stays uncategorized', async () => {
    const target = await createTestOrganization(context);
    await upload(target.client.token, [
      { name: 'santander.ofx', content: readFixture('kamino-company__OfxSharp/santander.ofx') },
    ]);
    const uncategorized = (
      await call(context, 'GET', '/api/cash-flow/?start=2000-01-01&end=2030-12-31&uncategorized=true', {
        token: target.client.token,
      })
    ).json();
    const pendingTasks = await context.database.db
      .select()
      .from(tasks)
      .where(eq(tasks.clientUserId, target.client.row.id));
    expect(pendingTasks.filter((task) => task.type === 'categorizing' && task.status === 'pending')).toHaveLength(
      uncategorized.count > 0 ? 1 : 0,
    );
  });

  it('lets a planner import for their client, not for another', async () => {
    const content = readFixture('kamino-company__OfxSharp/itau.ofx');
    const forClient = await upload(
      organization.planner.token,
      [{ name: 'itau.ofx', content }],
      `?clientId=${organization.client.row.id}`,
    );
    expect(forClient.statusCode).toBe(201);
    const [origin] = await context.database.db
      .select()
      .from(origins)
      .where(eq(origins.clientUserId, organization.client.row.id));
    expect(origin).toBeDefined();
    const forOther = await upload(
      organization.planner.token,
      [{ name: 'itau.ofx', content }],
      `?clientId=${organization.loneClient.row.id}`,
    );
    expect(forOther.statusCode).toBe(404);
    expect(await countLines(organization.loneClient.row.id)).toBe(0);
  });
});

describe('files and pendencies', () => {
  it('lists files, reads one, completes a pendency and deletes a file with its lines', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const uploaded = (
      await upload(token, [{ name: 'bb.ofx', content: readFixture('kamino-company__OfxSharp/bb.ofx') }])
    ).json();
    const fileId = uploaded.files[0].id;

    const list = (await call(context, 'GET', '/api/file/', { token })).json();
    expect(list.results.map((file: { id: number }) => file.id)).toEqual([fileId]);
    const read = (await call(context, 'GET', `/api/file/${fileId}/read/?ignored=false`, { token })).json();
    expect(read.transactions).toHaveLength(3);

    const pendencies = (await call(context, 'GET', '/api/pendency/', { token })).json();
    expect(pendencies).toEqual([
      expect.objectContaining({ filename: 'bb.ofx', fileId, kind: 'bank_account', newAccount: true }),
    ]);
    const completed = await call(context, 'PATCH', `/api/pendency/complete-file/${fileId}/`, {
      token,
      payload: { balance: 123_456 },
    });
    expect(completed.statusCode).toBe(200);
    expect((await call(context, 'GET', '/api/pendency/', { token })).json()).toEqual([]);
    const [origin] = await context.database.db
      .select()
      .from(origins)
      .where(eq(origins.clientUserId, target.client.row.id));
    expect(origin?.balanceCents).toBe(123_456);

    expect(
      (await call(context, 'GET', `/api/file/${fileId}/read/`, { token: organization.client.token })).statusCode,
    ).toBe(404);
    expect(
      (await call(context, 'DELETE', `/api/file/${fileId}/`, { token: organization.client.token })).statusCode,
    ).toBe(404);
    expect((await call(context, 'DELETE', `/api/file/${fileId}/`, { token })).statusCode).toBe(204);
    expect(await countLines(target.client.row.id)).toBe(0);
  });

  it('does not bring back a line the client deleted when the same statement is imported again', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const statement = readFixture('kamino-company__OfxSharp/itau.ofx');
    const first = (await upload(token, [{ name: 'itau.ofx', content: statement }])).json().files[0];
    const read = (await call(context, 'GET', `/api/file/${first.id}/read/`, { token })).json();
    const rshop = read.transactions.find((line: { name: string }) => line.name === 'RSHOP');
    expect((await call(context, 'DELETE', `/api/cash-flow/${rshop.id}/`, { token })).statusCode).toBe(200);
    const left = await countLines(target.client.row.id);
    expect(left).toBe(first.transactions_added - 1);

    const again = (await upload(token, [{ name: 'itau.ofx', content: statement }])).json().files[0];
    expect(again).toMatchObject({ transactions_added: 0, duplicates_ignored: first.transactions_added });
    expect(await countLines(target.client.row.id)).toBe(left);
    const names = await context.database.db
      .select({ name: transactions.name })
      .from(transactions)
      .where(eq(transactions.clientUserId, target.client.row.id));
    expect(names.map((line) => line.name)).not.toContain('RSHOP');
  });

  it('gives the statement back as it was sent, to its client only, until the file is deleted', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const statement = readFixture('kamino-company__OfxSharp/itau.ofx');
    const file = (await upload(token, [{ name: 'extrato itaú.ofx', content: statement }])).json().files[0];
    expect(file.file).toBe(`/api/file/${file.id}/download/`);

    const download = await call(context, 'GET', file.file, { token });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(statement)).toBe(true);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="extrato itau.ofx"; filename*=UTF-8''extrato%20ita%C3%BA.ofx`,
    );
    const byPlanner = await call(context, 'GET', `${file.file}?clientId=${target.client.row.id}`, {
      token: target.planner.token,
    });
    expect(byPlanner.statusCode).toBe(200);

    const stranger = (await createTestOrganization(context)).client.token;
    expect((await call(context, 'GET', file.file, { token: stranger })).statusCode).toBe(404);

    expect((await call(context, 'DELETE', `/api/file/${file.id}/`, { token })).statusCode).toBe(204);
    expect((await call(context, 'GET', file.file, { token })).statusCode).toBe(404);
  });

  it('keeps the lines when the first of two uploads of the same statement is deleted, as the copy’s', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const statement = readFixture('kamino-company__OfxSharp/itau.ofx');
    const first = (await upload(token, [{ name: 'itau.ofx', content: statement }])).json().files[0];
    const copy = (await upload(token, [{ name: 'itau (1).ofx', content: statement }])).json().files[0];
    expect(copy).toMatchObject({ transactions_added: 0, duplicates_ignored: first.transactions_added });
    const lines = await countLines(target.client.row.id);
    expect(lines).toBe(first.transactions_added);

    expect((await call(context, 'DELETE', `/api/file/${first.id}/`, { token })).statusCode).toBe(204);
    expect(await countLines(target.client.row.id)).toBe(lines);
    const copyRead = (await call(context, 'GET', `/api/file/${copy.id}/read/`, { token })).json();
    expect(copyRead.transactions).toHaveLength(lines);
    expect(copyRead.transactions_added).toBe(lines);

    // The last copy gone, its lines go with it.
    expect((await call(context, 'DELETE', `/api/file/${copy.id}/`, { token })).statusCode).toBe(204);
    expect(await countLines(target.client.row.id)).toBe(0);
  });

  it('puts card purchases on the bill due date once the card pendency is completed', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const uploaded = (
      await upload(token, [{ name: 'fatura.ofx', content: readFixture('adelarcubs__ofxparser/fatura_cc_1.ofx') }])
    ).json();
    const file = uploaded.files[0];
    expect(file.accounts[0].kind).toBe('credit_card');
    const response = await call(context, 'PATCH', `/api/pendency/complete-file/${file.id}/`, {
      token,
      payload: { closeDay: 3, dueDate: 10 },
    });
    expect(response.statusCode).toBe(200);
    const lines = await context.database.db.select().from(transactions).where(eq(transactions.fileId, file.id));
    for (const line of lines) {
      expect(line.cashDate.endsWith('-10')).toBe(true);
      expect(line.cashDate > line.date).toBe(true);
    }
    const missing = await call(context, 'PATCH', `/api/pendency/complete-file/${file.id}/`, {
      token,
      payload: { closeDay: 3, dueDate: 10 },
    });
    expect(missing.statusCode).toBe(404);
  });
});
