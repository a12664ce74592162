import type { Page } from '@playwright/test';
import { AppShell } from '../page-models/app-shell';
import { demo, demoPassword } from '../page-models/demo-data';
import { itauXlsx } from '../page-models/statement-fixtures';
import { expect, test } from './fixtures';

// Caio: the cash-flow specs re-import his statements at each test, so they start from what they need.
const client = demo.secondClient;

/** On a 390 px phone, the page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'), { message: 'page width at 390 px' })
    .toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe('Meu desempenho', () => {
  test('the client opens it from the menu and reads the period’s figures, on a phone too', async ({
    page,
    api,
    signInAs,
  }) => {
    const key = await api.signIn(client.email, demoPassword, demo.slug);
    await api.deleteStatementFiles(key);
    await api.uploadStatements(key, [itauXlsx.path]);
    await api.signOut(key);

    await signInAs(demo.slug, client);
    const shell = new AppShell(page);
    await shell.openMenuEntry('Desempenho');
    await expect(page).toHaveURL(AppShell.path(demo.slug, 'meu-desempenho'));
    for (const label of ['Receitas', 'Despesas', 'Taxa de poupança', 'Rentabilidade dos investimentos']) {
      await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    }
    // Without investments, the return says where to add them instead of showing a figure.
    await expect(page.getByText(/Cadastre seus investimentos em Meu patrimônio/)).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
