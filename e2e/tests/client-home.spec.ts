import type { Page } from '@playwright/test';
import { AppShell } from '../page-models/app-shell';
import { demo, demoPassword } from '../page-models/demo-data';
import { itauOfx } from '../page-models/statement-fixtures';
import { expect, test } from './fixtures';

// Caio: the cash-flow specs re-import his statements at each test, so they start from what they need.
const client = demo.secondClient;

/** Today in Brasília moved by `days`, "YYYY-MM-DD". */
function findDayInBrazil(days: number): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** On a 390 px phone, the page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'), { message: 'page width at 390 px' })
    .toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe('the client’s home page', () => {
  test.beforeEach(async ({ api }) => {
    const key = await api.signIn(client.email, demoPassword, demo.slug);
    await api.deleteStatementFiles(key);
    await api.uploadStatements(key, [itauOfx.path]);
    // Due in ten days: among the next bills.
    await api.replaceReminders(key, [
      { title: 'Condomínio do prédio', reminder_date: findDayInBrazil(10), periodicity: 'MONTHLY', amount: 85_000 },
    ]);
    await api.signOut(key);
  });

  test('the client sees balances and the next bills, each linking to its screen; the planner sees the same', async ({
    page,
    api,
    signInAs,
    dashboard,
  }) => {
    await signInAs(demo.slug, client);
    const balances = dashboard.section('Saldos');
    await expect(balances.getByText('Total em contas')).toBeVisible();
    await expect(balances.getByText(/Itaú/).first()).toBeVisible();
    const bills = dashboard.section('Próximas contas');
    await expect(bills.getByText('Condomínio do prédio')).toBeVisible();
    await expect(bills.getByText('-R$ 850,00')).toBeVisible();
    await expect(dashboard.section('Patrimônio líquido')).toBeVisible();
    await expect(dashboard.section('Tarefas abertas')).toBeVisible();
    await expectNoSidewaysScroll(page);

    await balances.getByRole('link', { name: 'Ver meu patrimônio' }).click();
    await expect(page).toHaveURL(AppShell.path(demo.slug, 'meu-patrimonio'));

    // The planner, viewing Caio, sees his home page too.
    await new AppShell(page).signOut();
    const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
    const clientId = await api.clientIdOf(plannerKey, client.email);
    await api.signOut(plannerKey);
    await signInAs(demo.slug, demo.planner);
    await page.goto(AppShell.path(demo.slug, `cliente/${clientId}`));
    await expect(dashboard.section('Próximas contas').getByText('Condomínio do prédio')).toBeVisible();
    await expect(dashboard.section('Saldos').getByText('Total em contas')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('the client asks for reminders from recurring lines and accepts one, at phone width too', async ({
    page,
    api,
    signInAs,
    dashboard,
  }) => {
    // A gym paid on the 10th of each of the last three months: a recurring bill.
    const key = await api.signIn(client.email, demoPassword, demo.slug);
    await api.replaceReminders(key, []);
    const today = findDayInBrazil(0);
    const lines: number[] = [];
    for (const monthsBack of [3, 2, 1]) {
      const date = new Date(`${today.slice(0, 7)}-10T12:00:00Z`);
      date.setUTCMonth(date.getUTCMonth() - monthsBack);
      const { id } = await api.addCashFlowLine(key, {
        name: 'ACADEMIA FORMA FIT',
        amount: -12_990,
        date: date.toISOString().slice(0, 10),
        description: 'Academia',
      });
      lines.push(id);
    }
    try {
      await signInAs(demo.slug, client);
      await page.setViewportSize({ width: 390, height: 844 });
      const reminders = dashboard.section('Lembretes de contas');
      await reminders.getByRole('button', { name: 'Sugerir pelo meu caixa' }).click();
      const proposal = reminders.getByText('ACADEMIA FORMA FIT', { exact: false }).first();
      await expect(proposal).toBeVisible();
      await expect(reminders.getByText('Sugestão', { exact: true })).toBeVisible();
      await reminders.getByRole('button', { name: 'Aceitar' }).click();
      // Accepted: a reminder with its next due date, no longer a suggestion.
      await expect(reminders.getByText('Sugestão', { exact: true })).toHaveCount(0);
      await expect(reminders.getByText(/próximo vencimento/)).toBeVisible();
      await expect
        .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'), { message: 'page width at 390 px' })
        .toBeLessThanOrEqual(390);
    } finally {
      for (const id of lines) await api.deleteCashFlowLine(key, id);
      await api.replaceReminders(key, []);
      await api.signOut(key);
    }
  });
});
