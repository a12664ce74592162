import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { buildMultipart } from './helpers/multipart';
import { call, createTestContext, createTestOrganization, type TestContext } from './helpers/test-app';

// Beside the repository (shared/); STATEMENT_FIXTURES names them elsewhere (a git worktree).
const fixtures =
  process.env.STATEMENT_FIXTURES ?? path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');
const readFixture = (relative: string) => readFileSync(path.join(fixtures, relative));

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

function upload(token: string, files: { name: string; content: Buffer }[]) {
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

function buildSheet(sheetName: string, rows: unknown[][]): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), sheetName);
  return Buffer.from(XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }));
}

interface SummaryGroup {
  categoryName: string;
  categoryTotal: number;
  descriptions: { descriptionName: string; descriptionTotal: number }[];
}

interface Summary {
  expense: SummaryGroup[];
  income: SummaryGroup[];
  asset_transfer: SummaryGroup[];
  own_transfer: SummaryGroup[];
  total_income: number;
  total_expense: number;
  total_savings: number;
}

async function summarize(token: string, period: string): Promise<Summary> {
  const response = await call(context, 'GET', `/api/cash-flow/summary/?${period}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const namesOf = (groups: SummaryGroup[]) => groups.map((group) => group.categoryName);

describe('paying a card bill is neither income nor expense', () => {
  it('in a card bill read from OFX (Nubank): the payments received stay out of Receitas', async () => {
    const organization = await createTestOrganization(context);
    const token = organization.client.token;
    const uploaded = await upload(token, [
      { name: 'nubank.ofx', content: readFixture('asgrim__ofxparser/ofxdata-memoWithAmpersand.ofx') },
    ]);
    expect(uploaded.statusCode).toBe(201);
    const summary = await summarize(token, 'start=2018-09-01&end=2018-10-31');
    // Three "Pagamento recebido" lines (R$ 600,00 + R$ 127,87 + R$ 400,00), and nothing else came in.
    expect(summary.own_transfer).toEqual([
      expect.objectContaining({ categoryName: 'Transferências', categoryTotal: 112_787 }),
    ]);
    expect(summary.income).toEqual([]);
    expect(summary.total_income).toBe(0);
    expect(summary.total_expense).toBe(-73_405);
    expect(summary.total_savings).toBe(-73_405);
    expect(namesOf(summary.asset_transfer)).toEqual([]);
    // The lines stay in Meu caixa, marked as money that only changed place.
    const lines = (
      await call(context, 'GET', '/api/cash-flow/?start=2018-09-01&end=2018-10-31&search=pagamento%20recebido', {
        token,
      })
    ).json();
    expect(lines.count).toBe(3);
    for (const line of lines.results) {
      expect(line).toMatchObject({ category_name: 'Transferências', is_asset_transfer: true });
    }
  });

  it('in a card bill read from a spreadsheet (Banco de Chile): its payments stay out of Despesas', async () => {
    const organization = await createTestOrganization(context);
    const token = organization.client.token;
    const uploaded = await upload(token, [
      {
        name: 'banco_chile_credit_facturado_sample.xls',
        content: readFixture('mabahamo__beancount-chile/banco_chile_credit_facturado_sample.xls'),
      },
    ]);
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json().files[0].accounts[0].kind).toBe('credit_card');
    const summary = await summarize(token, 'start=2025-12-01&end=2026-01-31');
    // 'Pago Pesos TEF' twice: 39.272 + 7.631 of the 702.787 the bill lists.
    expect(summary.own_transfer.map((group) => group.categoryTotal)).toEqual([-4_690_300]);
    expect(summary.total_expense).toBe(-70_278_700 + 4_690_300);
    expect(summary.total_income).toBe(0);
  });

  it('in a Brazilian card sheet whose payment is a credit, and in the checking account that paid it', async () => {
    const organization = await createTestOrganization(context);
    const token = organization.client.token;
    const cardBill = buildSheet('Fatura', [
      ['Fatura do cartão de crédito'],
      ['Data', 'Descrição', 'Valor (R$)'],
      ['05/03/2026', 'PAGAMENTO EFETUADO', -1250.4],
      ['07/03/2026', 'SUPERMERCADO DIA', 320.1],
      ['09/03/2026', 'NETFLIX.COM', 55.9],
    ]);
    const checking = buildSheet('Extrato', [
      ['Data', 'Histórico', 'Documento', 'Valor (R$)'],
      ['01/03/2026', 'SALDO ANTERIOR', '', 5000],
      ['02/03/2026', 'SALARIO EMPRESA X', '1', 8000],
      ['05/03/2026', 'PAGTO CARTAO CREDITO', '2', -1250.4],
      ['06/03/2026', 'DEBITO AUT. CARTAO', '3', -99.9],
      ['10/03/2026', 'DROGASIL 1234', '4', -42.5],
    ]);
    const uploaded = await upload(token, [
      { name: 'fatura-marco.xlsx', content: cardBill },
      { name: 'extrato-marco.xlsx', content: checking },
    ]);
    expect(uploaded.statusCode).toBe(201);
    const files = uploaded.json().files;
    const cardFile = files.find((file: { name: string }) => file.name === 'fatura-marco.xlsx');
    const checkingFile = files.find((file: { name: string }) => file.name === 'extrato-marco.xlsx');
    expect(cardFile.accounts[0].kind).toBe('credit_card');
    expect(checkingFile.accounts[0].kind).toBe('bank_account');
    // The balance row is no line.
    expect(checkingFile.transactions_read).toBe(4);

    const summary = await summarize(token, 'start=2026-03-01&end=2026-03-31');
    expect(summary.total_income).toBe(800_000);
    expect(summary.total_expense).toBe(-(32_010 + 5_590 + 4_250));
    expect(summary.total_savings).toBe(800_000 - 41_850);
    expect(summary.own_transfer).toHaveLength(1);
    expect(summary.own_transfer[0]?.descriptions).toEqual([
      expect.objectContaining({
        descriptionName: 'Pagamento de fatura do cartão',
        // In on the card, out of the account, and one more debit of another card.
        descriptionTotal: 125_040 - 125_040 - 9_990,
      }),
    ]);

    // The charts leave them out as well.
    const types = (
      await call(context, 'GET', '/api/chart-data/types/?start=2026-03-01&end=2026-03-31', { token })
    ).json();
    expect(types).toEqual([
      { id: null, name: 'Entradas', amount: 800_000 },
      { id: null, name: 'Saídas', amount: -41_850 },
    ]);
    const days = (
      await call(context, 'GET', '/api/chart-data/cash-flow/?start=2026-03-01&end=2026-03-31', { token })
    ).json();
    expect(days.find((day: { date: string }) => day.date === '2026-03-05')).toBeUndefined();
  });

  it('lists the own-transfer category and its descriptions among the ones that are not expenses', async () => {
    const organization = await createTestOrganization(context);
    const token = organization.client.token;
    const categories = (await call(context, 'GET', '/api/category/', { token })).json();
    expect(categories).toContainEqual({
      id: expect.any(Number),
      name: 'Transferências',
      kind: 'own_transfer',
      is_expense: false,
      is_asset_transfer: true,
    });
    expect(categories.find((category: { name: string }) => category.name === 'Investimentos')).toMatchObject({
      kind: 'asset_transfer',
    });
    const notExpenses = (await call(context, 'GET', '/api/description/?is_expense=false', { token })).json();
    expect(notExpenses.map((description: { name: string }) => description.name)).toContain(
      'Pagamento de fatura do cartão',
    );
  });

  it('is not planned in a budget, where it would count nowhere', async () => {
    const organization = await createTestOrganization(context);
    const token = organization.client.token;
    const categories = (await call(context, 'GET', '/api/category/', { token })).json();
    const transfers = categories.find((category: { kind: string }) => category.kind === 'own_transfer');
    const refused = await call(context, 'POST', '/api/budget-item/', {
      token,
      payload: { target_month: '2026-03', category: transfers.id, amount: 125_040 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      category: ['Transferências entre as suas contas não entram no orçamento: planeje as compras do cartão.'],
    });
  });
});

describe('search ignores accents and case', () => {
  it('finds Meu caixa lines and descriptions either way, and keeps % and _ literal', async () => {
    const organization = await createTestOrganization(context);
    const token = organization.client.token;
    for (const [name, amount] of [
      ['DA  NET SERVIÇOS 6833197', -9_990],
      ['acao judicial', 50_000],
      ['Desconto 100% garantido', -1_000],
      ['Desconto 100 garantido', -1_000],
      ['CONTA_LUZ', -2_000],
      ['CONTAXLUZ', -2_000],
    ] as const) {
      const created = await call(context, 'POST', '/api/cash-flow/', {
        token,
        payload: { name, amount, date: '2026-07-10' },
      });
      expect(created.statusCode).toBe(201);
    }
    const search = async (text: string) => {
      const response = await call(
        context,
        'GET',
        `/api/cash-flow/?start=2026-07-01&end=2026-07-31&search=${encodeURIComponent(text)}`,
        { token },
      );
      expect(response.statusCode).toBe(200);
      return response.json().results.map((line: { name: string }) => line.name);
    };
    expect(await search('servicos')).toEqual(['DA  NET SERVIÇOS 6833197']);
    expect(await search('Serviços')).toEqual(['DA  NET SERVIÇOS 6833197']);
    expect(await search('AÇÃO')).toEqual(['acao judicial']);
    expect(await search('100%')).toEqual(['Desconto 100% garantido']);
    expect(await search('a_l')).toEqual(['CONTA_LUZ']);
    expect(await search('%')).toEqual(['Desconto 100% garantido']);

    const descriptions = async (text: string) =>
      (await call(context, 'GET', `/api/description/?tags=${encodeURIComponent(text)}`, { token }))
        .json()
        .map((description: { name: string }) => description.name);
    expect(await descriptions('eletrica')).toEqual(['Energia elétrica']);
    expect(await descriptions('AGUA E')).toEqual(['Água e esgoto']);
    expect(await descriptions('_')).toEqual([]);
  });
});

describe('migration 0012 on a database made before it', () => {
  it('turns every organization’s Transferências into own transfers, keeping its rows', async () => {
    const testUrl = new URL(inject('databaseUrl'));
    const databaseName = `${testUrl.pathname.slice(1)}_m0012`;
    const admin = new pg.Client({ connectionString: testUrl.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName}`);
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const url = new URL(testUrl);
    url.pathname = `/${databaseName}`;
    const pool = new pg.Pool({ connectionString: url.toString() });
    const folder = await mkdtemp(path.join(os.tmpdir(), 'prumo-migrations-'));
    try {
      const source = path.resolve(import.meta.dirname, '../src/db/migrations');
      await cp(source, folder, { recursive: true });
      const journalPath = path.join(folder, 'meta/_journal.json');
      const journal = JSON.parse(await readFile(journalPath, 'utf8'));
      const before = { ...journal, entries: journal.entries.filter((entry: { idx: number }) => entry.idx < 12) };
      await writeFile(journalPath, JSON.stringify(before));
      const db = drizzle(pool);
      await migrate(db, { migrationsFolder: folder });

      const organization = await pool.query(
        `insert into organizations (slug, name, corporate_name) values ('antiga', 'Antiga', 'Antiga Ltda.') returning id`,
      );
      const organizationId = organization.rows[0].id;
      const category = await pool.query(
        `insert into categories (organization_id, name, kind, position) values ($1, 'Transferências', 'asset_transfer', 17), ($1, 'Investimentos', 'asset_transfer', 16) returning id`,
        [organizationId],
      );
      await pool.query(
        `insert into descriptions (organization_id, category_id, name, position) values ($1, $2, 'Pagamento de fatura do cartão', 1)`,
        [organizationId, category.rows[0].id],
      );

      await migrate(db, { migrationsFolder: source });
      const kinds = await pool.query(
        'select name, kind::text as kind from categories where organization_id = $1 order by name',
        [organizationId],
      );
      expect(kinds.rows).toEqual([
        { name: 'Investimentos', kind: 'asset_transfer' },
        { name: 'Transferências', kind: 'own_transfer' },
      ]);
      const descriptions = await pool.query(
        'select id, name from descriptions where category_id = $1 order by position',
        [category.rows[0].id],
      );
      expect(descriptions.rows.map((row) => row.name)).toEqual([
        'Transferência entre contas',
        'Pagamento de fatura do cartão',
      ]);
      const folded = await pool.query(`select fold_for_search('SERVIÇOS AÇÃO Água') as folded`);
      expect(folded.rows[0].folded).toBe('servicos acao agua');
    } finally {
      await pool.end();
      await rm(folder, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName}`);
      await admin.end();
    }
  });
});
