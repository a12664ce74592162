import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importBundles, origins, statementFiles, transactions } from '../src/db/schema';
import { buildMultipart } from './helpers/multipart';
import { call, createTestContext, createTestOrganization, type TestContext } from './helpers/test-app';

const fixtures = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');
const readFixture = (relative: string) => readFileSync(path.join(fixtures, relative));
const unreadable = 'Arquivo com leitura incompatível com o sistema.';
const cutShort =
  'O arquivo termina antes do fim do extrato: parece incompleto (um download interrompido?). Só o que veio antes do corte foi lido; baixe o extrato de novo e envie-o para trazer o restante.';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

function upload(token: string, files: { name: string; content: Buffer | string }[]) {
  const body = buildMultipart(
    files.map((file) => ({
      name: 'files',
      fileName: file.name,
      content: file.content,
      type: 'application/octet-stream',
    })),
  );
  return call(context, 'POST', '/api/upload/', { token, ...body });
}

async function countKept(clientUserId: number) {
  const { db } = context.database;
  const [files, bundles, accounts, lines] = await Promise.all([
    db.select().from(statementFiles).where(eq(statementFiles.clientUserId, clientUserId)),
    db.select().from(importBundles).where(eq(importBundles.clientUserId, clientUserId)),
    db.select().from(origins).where(eq(origins.clientUserId, clientUserId)),
    db.select().from(transactions).where(eq(transactions.clientUserId, clientUserId)),
  ]);
  return { files: files.length, bundles: bundles.length, accounts: accounts.length, lines: lines.length };
}

describe('a damaged statement says so', () => {
  it('imports an OFX cut in half as a partial read: what was read, and that the file looks incomplete', async () => {
    const { client } = await createTestOrganization(context);
    const whole = readFixture('adelarcubs__ofxparser/extrato_itau.ofx');
    const half = await upload(client.token, [
      { name: 'extrato_itau.ofx', content: whole.subarray(0, Math.floor(whole.length / 2)) },
    ]);
    expect(half.statusCode).toBe(201);
    const [file] = half.json().files;
    expect(file.transactions_read).toBeGreaterThan(0);
    expect(file.transactions_read).toBeLessThan(48);
    expect(file.read_status).toBe('Leitura parcial com pendências');
    expect(file.read_warning).toMatch(
      new RegExp(`^Foram lidas ${file.transactions_read} linhas, de \\d{2}/\\d{2}/\\d{4} a \\d{2}/\\d{2}/\\d{4}\\. `),
    );
    expect(file.read_warning.endsWith(cutShort)).toBe(true);
    // The line the file stops inside is reported, not imported with half its amount.
    expect(file.skipped_rows.at(-1)).toMatchObject({ reason: 'Lançamento incompleto' });
    expect(await countKept(client.row.id)).toMatchObject({ files: 1, lines: file.transactions_read });

    // Arquivos tells the same, and completing the account's balance does not make the file whole.
    const listed = (await call(context, 'GET', '/api/file/', { token: client.token })).json().results[0];
    expect(listed).toMatchObject({ read_status: 'Leitura parcial com pendências', read_warning: file.read_warning });
    const completed = await call(context, 'PATCH', `/api/pendency/complete-file/${file.id}/`, {
      token: client.token,
      payload: { balance: 100 },
    });
    expect(completed.statusCode).toBe(200);
    const read = (await call(context, 'GET', `/api/file/${file.id}/read/`, { token: client.token })).json();
    expect(read).toMatchObject({ read_status: 'Leitura parcial', read_warning: file.read_warning });

    // The whole file afterwards brings the rest and reads as whole.
    const again = await upload(client.token, [{ name: 'extrato_itau.ofx', content: whole }]);
    expect(again.json().files[0]).toMatchObject({
      read_status: 'Leitura concluída',
      read_warning: null,
      transactions_read: 48,
      transactions_added: 48 - file.transactions_read,
    });
  });

  it('refuses an XLSX cut in half, and files with no readable line, with the unreadable message, keeping nothing', async () => {
    const { client } = await createTestOrganization(context);
    const sheet = readFixture('financeiroLLE__Conciliacao-Extratos/Bradesco-CC-12345.xlsx');
    const refusedFiles = [
      { name: 'Bradesco-CC-12345.xlsx', content: sheet.subarray(0, Math.floor(sheet.length / 2)) },
      // Two accounts with balances and no line at all; three lines, none with a real date.
      { name: 'multiple_accounts2.ofx', content: readFixture('jseutter__ofxparse/multiple_accounts2.ofx') },
      { name: 'date_missing.ofx', content: readFixture('jseutter__ofxparse/fail_nice/date_missing.ofx') },
    ];
    for (const file of refusedFiles) {
      const response = await upload(client.token, [file]);
      expect(response.statusCode, file.name).toBe(400);
      expect(response.json()).toEqual({ detail: unreadable, files: [`${file.name}: ${unreadable}`] });
    }
    expect(await countKept(client.row.id)).toEqual({ files: 0, bundles: 0, accounts: 0, lines: 0 });
  });

  it('reports skipped rows by date and amount (cents), not as the file printed them', async () => {
    const { client } = await createTestOrganization(context);
    const response = await upload(client.token, [
      {
        name: 'Bradesco-CC-12345.xlsx',
        content: readFixture('financeiroLLE__Conciliacao-Extratos/Bradesco-CC-12345.xlsx'),
      },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().files[0]).toMatchObject({
      read_status: 'Leitura concluída com pendências',
      read_warning: null,
    });
    expect(response.json().files[0].skipped_rows).toEqual([
      { reason: 'Saldo', text: 'SALDO INICIAL', date: '2026-05-04', amount: 850_000 },
      { reason: 'Saldo', text: 'SALDO FINAL', date: '2026-05-05', amount: 1_059_900 },
    ]);
  });
});
