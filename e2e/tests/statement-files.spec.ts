import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { PrumoApi } from '../page-models/api';
import { demo, demoPassword } from '../page-models/demo-data';
import { FilesPage } from '../page-models/files-page';
import { bradescoXlsx, cardBillOfx, itauLongOfx, threeAccountsOfx } from '../page-models/statement-fixtures';
import { expect, test } from './fixtures';

// Caio, as in the cash-flow spec, which deletes his files before each test (the accounts stay, with no lines).
const client = demo.secondClient;

/** GET origin/: the balance (cents) of each of the client's accounts, by id. */
async function readBalances(request: APIRequestContext, key: string): Promise<Map<number, number | null>> {
  const response = await request.get('/api/origin/', { headers: { Authorization: `Token ${key}` } });
  expect(response.status(), 'GET /api/origin/').toBe(200);
  const accounts = (await response.json()) as { id: number; balance: number | null }[];
  return new Map(accounts.map((account) => [account.id, account.balance]));
}

async function deleteFilesOf(api: PrumoApi): Promise<void> {
  const key = await api.signIn(client.email, demoPassword, demo.slug);
  await api.deleteStatementFiles(key);
  await api.signOut(key);
}

test.describe('Arquivos: pendencies of new accounts', () => {
  test.afterEach(async ({ api }) => deleteFilesOf(api));

  test('a file that brought three accounts has three pendencies, each completed with its own balance', async ({
    page,
    api,
    request,
    signInAs,
    snackbars,
  }) => {
    const key = await api.signIn(client.email, demoPassword, demo.slug);
    await api.deleteStatementFiles(key);
    await api.uploadStatements(key, [threeAccountsOfx.path]);
    const pendencies = (await (
      await request.get('/api/pendency/', { headers: { Authorization: `Token ${key}` } })
    ).json()) as { originId: number; balance: number }[];
    expect(pendencies.map((pendency) => pendency.balance)).toEqual([4_301, 300_025, 1_172_856]);

    await signInAs(demo.slug, client);
    const filesPage = new FilesPage(page);
    await filesPage.open(demo.slug);
    await expect(filesPage.pendencies).toHaveCount(3);
    const names = await filesPage.pendingAccountNames();
    expect(new Set(names).size, 'each pendency names its own account').toBe(3);
    await expect(filesPage.fileRow(threeAccountsOfx.name)).toContainText('concluída com pendências');

    // The second account first: the others keep the balances the statement told.
    const typed = ['1,00', '2,00', '3,00'];
    await filesPage.completeAccount(names[1] ?? '', typed[1] ?? '');
    await expect(snackbars.success('Pendência resolvida')).toBeVisible();
    await expect(filesPage.pendencies).toHaveCount(2);
    const afterOne = await readBalances(request, key);
    expect(pendencies.map((pendency) => afterOne.get(pendency.originId))).toEqual([4_301, 200, 1_172_856]);

    await filesPage.completeAccount(names[0] ?? '', typed[0] ?? '');
    await expect(filesPage.pendencies).toHaveCount(1);
    await filesPage.completeAccount(names[2] ?? '', typed[2] ?? '');
    await expect(filesPage.noPendency).toBeVisible();
    await expect(filesPage.fileRow(threeAccountsOfx.name)).not.toContainText('pendências');
    const afterAll = await readBalances(request, key);
    expect(pendencies.map((pendency) => afterAll.get(pendency.originId))).toEqual([100, 200, 300]);
    await api.signOut(key);
  });

  test('a file is downloaded again as it was sent', async ({ page, api, signInAs }) => {
    const key = await api.signIn(client.email, demoPassword, demo.slug);
    await api.deleteStatementFiles(key);
    await api.uploadStatements(key, [threeAccountsOfx.path]);
    await api.signOut(key);

    await signInAs(demo.slug, client);
    const filesPage = new FilesPage(page);
    await filesPage.open(demo.slug);
    const downloading = page.waitForEvent('download');
    await filesPage
      .fileRow(threeAccountsOfx.name)
      .getByRole('button', { name: `Baixar ${threeAccountsOfx.name}` })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(threeAccountsOfx.name);
    const saved = await readFile(await download.path());
    expect(saved.equals(await readFile(threeAccountsOfx.path))).toBe(true);
  });
});

test.describe('Arquivos: damaged statements and skipped rows', () => {
  test.afterEach(async ({ api }) => deleteFilesOf(api));

  test('a statement cut short reads as partial and says so; skipped rows show their day and amount', async ({
    page,
    api,
    signInAs,
  }) => {
    const key = await api.signIn(client.email, demoPassword, demo.slug);
    await api.deleteStatementFiles(key);
    const whole = await readFile(itauLongOfx.path);
    const folder = await mkdtemp(path.join(os.tmpdir(), 'prumo-e2e-'));
    const cutPath = path.join(folder, 'extrato_itau_cortado.ofx');
    await writeFile(cutPath, whole.subarray(0, Math.floor(whole.length / 2)));
    await api.uploadStatements(key, [cutPath, bradescoXlsx.path]);
    await api.signOut(key);
    await rm(folder, { recursive: true, force: true });

    await signInAs(demo.slug, client);
    const filesPage = new FilesPage(page);
    await filesPage.open(demo.slug);
    const cutRow = filesPage.fileRow('extrato_itau_cortado.ofx');
    await expect(cutRow).toContainText('parcial');
    await expect(cutRow).toContainText(/Foram lidas \d+ linhas, de \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}\./);
    await expect(cutRow).toContainText('parece incompleto');

    await page.getByRole('button', { name: `Ver transações de ${bradescoXlsx.name}` }).click();
    const skipped = page.getByRole('dialog').getByRole('list', { name: 'Linhas puladas' });
    await expect(skipped.getByRole('listitem')).toHaveText([
      'Saldo: 04/05/2026 · SALDO INICIAL · R$ 8.500,00',
      'Saldo: 05/05/2026 · SALDO FINAL · R$ 10.599,00',
    ]);
  });

  test('a card day outside 1–31 is told, not clamped', async ({ page, api, signInAs }) => {
    const key = await api.signIn(client.email, demoPassword, demo.slug);
    await api.deleteStatementFiles(key);
    await api.uploadStatements(key, [cardBillOfx.path]);
    await api.signOut(key);

    await signInAs(demo.slug, client);
    const filesPage = new FilesPage(page);
    await filesPage.open(demo.slug);
    const form = filesPage.pendencies.first();
    const closing = form.getByLabel('Dia de fechamento');
    await closing.fill('45');
    await form.getByLabel('Dia de vencimento').fill('10');
    await form.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(closing).toHaveValue('45');
    await expect(form.getByText('Informe um dia entre 1 e 31.')).toBeVisible();
    await expect(filesPage.pendencies).toHaveCount(1);
  });
});
