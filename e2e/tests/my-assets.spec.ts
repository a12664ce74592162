import type { Page } from '@playwright/test';
import type { PrumoApi } from '../page-models/api';
import { demo, demoPassword } from '../page-models/demo-data';
import { MyAssetsPage } from '../page-models/my-assets-page';
import { desktopViewport, PhoneLists, phoneViewport } from '../page-models/phone-lists';
import { itauOfx } from '../page-models/statement-fixtures';
import { expect, test } from './fixtures';

// Caio, as in the cash-flow specs: his statements are imported afresh, and what this spec adds goes after it.
const client = demo.secondClient;

const investment = {
  kind: 'Previdência privada',
  name: 'PGBL Horizonte 2045',
  balance: '15.000,00',
  monthlyContribution: '500,00',
} as const;
const debt = {
  name: 'Financiamento do carro',
  balance: '20.000,00',
  monthlyPayment: '1.000,00',
  interestRate: '1,5',
  installmentsLeft: '24',
} as const;
const nickname = 'Conta do dia a dia';

/** The month `count` months after this one in Brasília, "MM/YYYY" (the debt's last payment). */
function describeMonthAhead(count: number): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
  const month = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 + count, 1));
  return `${String(month.getUTCMonth() + 1).padStart(2, '0')}/${month.getUTCFullYear()}`;
}

/** Caio with one imported checking account under its bank's name, and no investment, belonging or debt. */
async function startClientWithOneAccount(api: PrumoApi): Promise<string> {
  const key = await api.signIn(client.email, demoPassword, demo.slug);
  await api.deleteHoldings(key);
  await api.deleteStatementFiles(key);
  await api.uploadStatements(key, [itauOfx.path]);
  await api.resetAccountNames(key);
  const account = (await api.myAccounts(key)).find((candidate) => candidate.kind === 'bank_account');
  if (!account) throw new Error('The Itaú statement brought no account');
  await api.signOut(key);
  return account.name;
}

async function removeWhatTheSpecLeft(api: PrumoApi): Promise<void> {
  const key = await api.signIn(client.email, demoPassword, demo.slug);
  await api.deleteHoldings(key);
  await api.resetAccountNames(key);
  await api.deleteStatementFiles(key);
  await api.signOut(key);
  const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
  await api.deleteTasksOf(plannerKey, await api.clientIdOf(plannerKey, client.email));
  await api.signOut(plannerKey);
}

async function expectNothingScrollsSideways(page: Page): Promise<void> {
  const measured = await new PhoneLists(page).measureSidewaysScroll();
  expect(measured.page.scrollWidth, "the page's width").toBeLessThanOrEqual(measured.page.clientWidth);
  expect(measured.boxes, 'boxes scrolling sideways').toEqual([]);
}

for (const [screen, viewport] of [
  ['wide screen', desktopViewport],
  ['phone (390 × 844)', phoneViewport],
] as const) {
  test.describe(`Meu patrimônio on a ${screen}`, () => {
    test.use({ viewport });
    // Imports a statement, then adds, renames and reads back through several dialogs.
    test.describe.configure({ timeout: 90_000 });
    let accountName: string;
    test.beforeEach(async ({ api }) => {
      accountName = await startClientWithOneAccount(api);
    });
    test.afterEach(async ({ api }) => removeWhatTheSpecLeft(api));

    test('the client adds an investment and a debt, renames an account and sees them in the net worth', async ({
      page,
      signInAs,
      shell,
      snackbars,
    }) => {
      const assets = new MyAssetsPage(page);
      await signInAs(demo.slug, client);
      await shell.openMenuEntry('Meu patrimônio');
      await expect(page).toHaveURL(MyAssetsPage.path(demo.slug));
      // The first page after signing in loads the screen's code too: on a busy machine it takes longer.
      await expect(assets.part('Investimentos')).toHaveText('R$ 0,00', { timeout: 15_000 });
      await expect(assets.part('Dívidas')).toHaveText('R$ 0,00');
      await expect(assets.group('Investimentos')).toContainText('Nenhum investimento');

      await assets.addInvestment(investment);
      await expect(snackbars.success('Investimento adicionado')).toBeVisible();
      const investmentItem = assets.item('Investimentos: Previdência privada', investment.name);
      await expect(investmentItem).toContainText('R$ 15.000,00');
      await expect(investmentItem).toContainText('R$ 500,00');
      await expect(assets.group('Investimentos')).toContainText('1 investimento');

      await assets.addDebt(debt);
      await expect(snackbars.success('Dívida adicionada')).toBeVisible();
      const debtItem = assets.item('Dívidas', debt.name);
      await expect(debtItem).toContainText('-R$ 20.000,00');
      await expect(debtItem).toContainText('1,5 % ao mês');
      await expect(debtItem).toContainText(`${describeMonthAhead(24)} (em 24 meses)`);

      // The summary counts both: the investment among what the client has, the debt among what they owe.
      await expect(assets.part('Investimentos')).toHaveText('R$ 15.000,00');
      await expect(assets.part('Dívidas')).toHaveText('-R$ 20.000,00');

      await assets.renameAccount(accountName, nickname);
      await expect(snackbars.success('Conta renomeada')).toBeVisible();
      // The bank and number stay under the nickname, so the client still knows which account it is.
      await expect(assets.item('Contas', nickname)).toContainText(accountName);

      // All of it is still there when the screen is read again.
      await page.reload();
      await assets.openGroup('Contas');
      await assets.openGroup('Investimentos');
      await assets.openGroup('Dívidas');
      await expect(assets.item('Contas', nickname)).toBeVisible();
      await expect(assets.item('Investimentos: Previdência privada', investment.name)).toContainText('R$ 15.000,00');
      await expect(assets.item('Dívidas', debt.name)).toContainText('-R$ 20.000,00');
      if (viewport.width <= phoneViewport.width) {
        await expect(page.getByRole('table')).toHaveCount(0);
        await expectNothingScrollsSideways(page);
      }
    });
  });
}
