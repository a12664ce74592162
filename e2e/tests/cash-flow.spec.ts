import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Download } from '@playwright/test';
import type { PrumoApi } from '../page-models/api';
import { CashRegisterPage } from '../page-models/cash-register-page';
import { DashboardPage } from '../page-models/dashboard-page';
import { demo, demoPassword } from '../page-models/demo-data';
import { itauOfx, itauXlsx, type StatementFixture, statementsPeriod } from '../page-models/statement-fixtures';
import { expect, test } from './fixtures';

// Caio, not Carla: the other specs sign in as cliente@demo.com.br and expect no statements of theirs.
const client = demo.secondClient;

/** What Meu caixa shows of both statements, amounts in pt-BR. */
const importedLines = [
  { name: 'RECEBIMENTO CLIENTE B', amount: 'R$ 3.200,00' },
  { name: 'BOLETO ALUGUEL', amount: '-R$ 2.500,00' },
  { name: 'SISDEB', amount: '-R$ 77,77' },
  { name: 'REND PAGO APLIC AUT MAIS', amount: 'R$ 99,99' },
  { name: 'RSHOP', amount: '-R$ 666,66' },
] as const;

/** Mantine's red.8, the colour of money going out. */
const expenseColour = 'rgb(224, 49, 49)';

const exportHeader = [
  'Data',
  'Data de caixa',
  'Descrição',
  'Conta',
  'Categoria',
  'Subcategoria',
  'Valor (R$)',
  'Tipo',
  'Ignorada',
];

/**
 * Leaves the client with exactly these statements imported: every file deleted (its lines and
 * what was learnt from them go too), then the statements uploaded. Each test starts the same way,
 * whatever ran before it.
 */
async function importStatementsAfresh(api: PrumoApi, statements: readonly StatementFixture[]): Promise<void> {
  const key = await api.signIn(client.email, demoPassword, demo.slug);
  await api.deleteStatementFiles(key);
  const filePaths = statements.map((statement) => statement.path);
  if (filePaths.length > 0) await api.uploadStatements(key, filePaths);
  await api.signOut(key);
}

/** The current month as Meu caixa names it, in the browser's time zone (playwright.config.ts). */
function describeThisMonth(): { key: string; label: string } {
  const timeZone = 'America/Sao_Paulo';
  const key = new Date().toLocaleDateString('en-CA', { timeZone }).slice(0, 7);
  const label = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone }).format(new Date());
  return { key, label: label.charAt(0).toUpperCase() + label.slice(1) };
}

/** The rows of a downloaded spreadsheet's first sheet, after checking it is a real .xlsx (a zip: 'PK'). */
async function readSpreadsheetRows(download: Download): Promise<unknown[][]> {
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 2).toString('latin1'), 'an .xlsx is a zip archive').toBe('PK');
  const workbook = XLSX.read(bytes);
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  if (!sheet) throw new Error('The exported workbook has no sheet');
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
}

test.describe('Cash flow: statements, Meu caixa and its export', () => {
  test('a client imports an OFX and an XLSX from the dashboard and sees what each file added', async ({
    page,
    api,
    signInAs,
    dashboard,
    importDialog,
    cashRegister,
  }) => {
    await importStatementsAfresh(api, []);
    await signInAs(demo.slug, client);

    await dashboard.openImport();
    await importDialog.chooseFiles([itauOfx.path, itauXlsx.path]);
    await expect(importDialog.chosenFile(itauOfx.name)).toBeVisible();
    await expect(importDialog.chosenFile(itauXlsx.name)).toBeVisible();
    await importDialog.send();

    // Once sent, the files are processed; the result follows after 2.5 s.
    await expect(importDialog.processing).toBeVisible();
    await expect(importDialog.importedCount('2 arquivos importados')).toBeVisible();
    await expect(importDialog.processing).toHaveCount(0);
    for (const statement of [itauOfx, itauXlsx]) {
      await expect(importDialog.figureOf(statement.name, 'Linhas lidas')).toHaveText(String(statement.lines));
      await expect(importDialog.figureOf(statement.name, 'Linhas adicionadas')).toHaveText(String(statement.lines));
      await expect(importDialog.figureOf(statement.name, 'Duplicadas ignoradas')).toHaveText('0');
    }
    await importDialog.finish();
    await expect(importDialog.dialog).toHaveCount(0);

    // Meu caixa opens on the days the files cover (09/12/2013 to 04/05/2026), not on the current month.
    await dashboard.openCashRegister();
    await expect(page).toHaveURL(
      new RegExp(`^[^?]*${CashRegisterPage.path(demo.slug)}\\?.*start=2013-12-09&end=2026-05-04`),
    );
    await expect(cashRegister.lineCount).toHaveText('5 transações · Página 1 de 1');
    await cashRegister.showPeriod(statementsPeriod.start, statementsPeriod.end);
    await expect(cashRegister.lineCount).toHaveText('5 transações · Página 1 de 1');
    await expect(cashRegister.lineRows()).toHaveCount(importedLines.length);
  });

  test('importing the same OFX again adds no line', async ({
    api,
    signInAs,
    dashboard,
    importDialog,
    cashRegister,
  }) => {
    await importStatementsAfresh(api, [itauOfx, itauXlsx]);
    await signInAs(demo.slug, client);

    await dashboard.openImport();
    await importDialog.chooseFiles([itauOfx.path]);
    await importDialog.send();

    await expect(importDialog.importedCount('1 arquivo importado')).toBeVisible();
    await expect(importDialog.figureOf(itauOfx.name, 'Linhas lidas')).toHaveText(String(itauOfx.lines));
    await expect(importDialog.figureOf(itauOfx.name, 'Linhas adicionadas')).toHaveText('0');
    await expect(importDialog.figureOf(itauOfx.name, 'Duplicadas ignoradas')).toHaveText(String(itauOfx.lines));
    await importDialog.finish();

    await dashboard.openCashRegister();
    await cashRegister.showPeriod(statementsPeriod.start, statementsPeriod.end);
    await expect(cashRegister.lineCount).toHaveText('5 transações · Página 1 de 1');
  });

  test('in Meu caixa the client sees the lines, recategorizes one, filters by its category and exports', async ({
    page,
    api,
    signInAs,
    dashboard,
    cashRegister,
  }) => {
    await importStatementsAfresh(api, [itauOfx, itauXlsx]);
    await signInAs(demo.slug, client);
    await dashboard.openCashRegister();
    await cashRegister.showPeriod(statementsPeriod.start, statementsPeriod.end);

    await expect(cashRegister.lineRows()).toHaveCount(importedLines.length);
    for (const line of importedLines) await expect(cashRegister.amountOf(line.name)).toHaveText(line.amount);
    await expect(cashRegister.amountOf('RSHOP')).toHaveCSS('color', expenseColour);
    await expect(cashRegister.categoryPickerOf('RSHOP')).toHaveValue('');
    await expect(cashRegister.categoryPickerOf('RSHOP')).toHaveAttribute('placeholder', 'Sem categoria');

    const everything = await cashRegister.export();
    expect(everything.suggestedFilename()).toBe('meu-caixa-2013-12-01-a-2026-05-31.xlsx');
    const everyRow = await readSpreadsheetRows(everything);
    expect(everyRow[0]).toEqual(exportHeader);
    expect(everyRow).toHaveLength(1 + importedLines.length);

    await cashRegister.categorize('RSHOP', 'Supermercado');
    await expect(cashRegister.categoryPickerOf('RSHOP')).toHaveValue('Alimentação · Supermercado');
    // Enabled again once the change is saved.
    await expect(cashRegister.categoryPickerOf('RSHOP')).toBeEnabled();

    // The period lives in the address: a reload shows the same period and the same lines.
    await expect(page).toHaveURL(/\?start=2013-12-01&end=2026-05-31$/);
    await page.reload();
    await expect(cashRegister.rangeStartField).toHaveValue(statementsPeriod.start);
    await expect(cashRegister.rangeEndField).toHaveValue(statementsPeriod.end);
    await expect(cashRegister.lineCount).toHaveText('5 transações · Página 1 de 1');
    await expect(cashRegister.lineRows()).toHaveCount(importedLines.length);
    await expect(cashRegister.categoryPickerOf('RSHOP')).toHaveValue('Alimentação · Supermercado');

    await cashRegister.filterByCategory('Alimentação');
    await expect(cashRegister.lineCount).toHaveText('1 transação · Página 1 de 1');
    // So do the filters.
    await page.reload();
    await expect(page).toHaveURL(/&category=\d+$/);
    await expect(cashRegister.lineCount).toHaveText('1 transação · Página 1 de 1');
    await expect(cashRegister.lineRows()).toHaveCount(1);
    await expect(cashRegister.lineRow('RSHOP')).toBeVisible();

    const filtered = await readSpreadsheetRows(await cashRegister.export());
    expect(filtered).toEqual([
      exportHeader,
      [
        '09/12/2013',
        '09/12/2013',
        'RSHOP',
        'Itaú Unibanco · 9999 99999-9',
        'Alimentação',
        'Supermercado',
        -666.66,
        'Saída',
        'Não',
      ],
    ]);
  });

  test("the charts show the period's expenses by category, largest first, and its money in and out", async ({
    api,
    signInAs,
    dashboard,
    cashRegister,
  }) => {
    await importStatementsAfresh(api, [itauOfx, itauXlsx]);
    await signInAs(demo.slug, client);
    await dashboard.openCashRegister();
    await cashRegister.showPeriod(statementsPeriod.start, statementsPeriod.end);

    // BOLETO ALUGUEL is recognised as rent; RSHOP and SISDEB are left without category.
    await expect(cashRegister.categoryShareNames()).toHaveText(['Moradia', 'Sem categoria']);
    await expect(cashRegister.categoryShareRow('Moradia')).toContainText('-R$ 2.500,00');
    await expect(cashRegister.categoryShareRow('Sem categoria')).toContainText('-R$ 744,43');
    // Money in and out of both statements: December 2013 and May 2026, one bar of each colour a year.
    await expect(cashRegister.periodChartTotal('Entradas')).toHaveText('R$ 3.299,99');
    await expect(cashRegister.periodChartTotal('Saídas')).toHaveText('-R$ 3.244,43');
    await expect(cashRegister.periodChartBars()).toHaveCount(4);

    // A line categorized moves its amount to its category, and the list stays largest first.
    await cashRegister.categorize('RSHOP', 'Supermercado');
    await expect(cashRegister.categoryShareNames()).toHaveText(['Moradia', 'Alimentação', 'Sem categoria']);
    await expect(cashRegister.categoryShareRow('Alimentação')).toContainText('-R$ 666,66');
    await expect(cashRegister.categoryShareRow('Sem categoria')).toContainText('-R$ 77,77');
  });

  test('Meu caixa keeps its period in the address: a shared link, the menu and back show it; a bad one falls back to this month', async ({
    page,
    api,
    signInAs,
    shell,
    cashRegister,
  }) => {
    await importStatementsAfresh(api, [itauOfx, itauXlsx]);
    await signInAs(demo.slug, client);

    // A link to a month shows that month.
    await cashRegister.open(demo.slug, '?month=2013-12');
    await expect(cashRegister.monthField).toHaveValue('Dezembro de 2013');
    await expect(cashRegister.lineCount).toHaveText('3 transações · Página 1 de 1');
    await expect(cashRegister.periodChartTotal('Saídas')).toHaveText('-R$ 744,43');

    await page.getByRole('button', { name: 'Próximo mês', exact: true }).click();
    await expect(page).toHaveURL(/\?month=2014-01$/);
    await expect(cashRegister.monthField).toHaveValue('Janeiro de 2014');
    await expect(cashRegister.transactions.getByText('Nenhuma transação encontrada no período.')).toBeVisible();

    // Leaving Meu caixa and coming back through the menu keeps its options.
    await shell.openMenuEntry('Início');
    await expect(page).toHaveURL(DashboardPage.path(demo.slug));
    await shell.openMenuEntry('Meu caixa');
    await expect(cashRegister.monthField).toHaveValue('Janeiro de 2014');
    await expect(page).toHaveURL(/\/meu-caixa\?month=2014-01$/);
    // The browser's back and forward too.
    await page.goBack();
    await expect(page).toHaveURL(DashboardPage.path(demo.slug));
    await page.goForward();
    await expect(cashRegister.monthField).toHaveValue('Janeiro de 2014');

    // Values that mean nothing are dropped: this month, no filter.
    const thisMonth = describeThisMonth();
    await cashRegister.open(demo.slug, '?month=2026-13&start=2026-02-30&end=ontem&category=abc&isExpense=talvez');
    await expect(page).toHaveURL(new RegExp(`/meu-caixa\\?month=${thisMonth.key}$`));
    await expect(cashRegister.monthField).toHaveValue(thisMonth.label);
    await expect(cashRegister.lineCount.or(cashRegister.transactions.getByText(/^Nenhuma transação/))).toBeVisible();
  });

  test("the categorizing task lists every line without category, a 2013 statement's too", async ({
    page,
    api,
    signInAs,
    dashboard,
  }) => {
    await importStatementsAfresh(api, [itauOfx, itauXlsx]);
    await signInAs(demo.slug, client);
    await dashboard.openCashRegister();
    await page.getByRole('link', { name: 'Categorizar transações', exact: true }).click();

    await expect(page).toHaveURL(/\/app\/demo\/tarefa-de-categorizacao$/);
    await expect(page.getByText('Faltam 3 transações para categorizar', { exact: true })).toBeVisible();
    for (const name of ['RECEBIMENTO CLIENTE B', 'SISDEB', 'RSHOP']) {
      await expect(page.getByRole('combobox', { name: `Categoria de ${name}`, exact: true })).toBeVisible();
    }
  });

  test("a planner opens the client's cash flow from the dashboard and sees the same lines", async ({
    page,
    api,
    signInAs,
    dashboard,
    cashRegister,
  }) => {
    await importStatementsAfresh(api, [itauOfx, itauXlsx]);
    await signInAs(demo.slug, demo.planner);

    await dashboard.openClientCashRegister(client.fullName);
    await expect(page).toHaveURL(/\/app\/demo\/cliente\/\d+$/);
    await expect(page.getByRole('heading', { name: `Caixa: ${client.fullName}`, exact: true })).toBeVisible();
    await cashRegister.showPeriod(statementsPeriod.start, statementsPeriod.end);
    await expect(cashRegister.lineRows()).toHaveCount(importedLines.length);
    // The planner's address keeps the period too.
    await page.reload();
    await expect(page).toHaveURL(/\/app\/demo\/cliente\/\d+\?start=2013-12-01&end=2026-05-31$/);

    await expect(cashRegister.lineRows()).toHaveCount(importedLines.length);
    for (const line of importedLines) await expect(cashRegister.amountOf(line.name)).toHaveText(line.amount);

    // The export is the client's too: the planner's call names the client viewed.
    const rows = await readSpreadsheetRows(await cashRegister.export());
    expect(rows).toHaveLength(1 + importedLines.length);
  });
});
