import { BudgetPage } from '../page-models/budget-page';
import { demoPassword, outra } from '../page-models/demo-data';
import { expect, test } from './fixtures';

/** Mantine's red.8 and green.9: money going out and coming in. */
const expenseColour = 'rgb(224, 49, 49)';
const incomeColour = 'rgb(43, 138, 62)';

// Oscar's organization has future_flow off, so 'Meu orçamento' is in his menu.
const client = outra.client;

test.describe('Budget: Meu orçamento', () => {
  test('a client plans November in reais and follows it against the cash flow', async ({
    page,
    api,
    signInAs,
    snackbars,
  }) => {
    const key = await api.signIn(client.email, demoPassword, outra.slug);
    await api.clearBudget(key, '2026-11');
    const rentPaid = await api.addCashFlowLine(key, {
      name: 'Aluguel novembro',
      amount: -195_000,
      date: '2026-11-05',
      description: 'Aluguel',
    });
    // The screen opens on the current month in Brasília.
    await page.clock.setFixedTime(new Date('2026-11-20T12:00:00-03:00'));
    await signInAs(outra.slug, client);
    const budget = new BudgetPage(page);
    await budget.shell.openMenuEntry('Meu orçamento');
    await expect(budget.heading).toBeVisible();
    await expect(page.getByText('Novembro de 2026', { exact: true })).toBeVisible();
    // The rent paid shows before anything is planned.
    await expect(budget.row('Despesas', 'Aluguel').getByRole('cell')).toHaveText([
      'Aluguel',
      'R$ 0,00',
      'R$ 1.950,00',
      'R$ 1.950,00acima do orçado',
      'Planejar',
    ]);

    await budget.addItem({ category: 'Moradia', description: 'Aluguel', amount: '1.800,50' });
    await expect(snackbars.success('Item criado')).toBeVisible();
    const rent = budget.row('Despesas', 'Aluguel');
    await expect(rent.getByRole('cell')).toHaveText([
      'Aluguel',
      'R$ 1.800,50',
      'R$ 1.950,00',
      'R$ 149,50acima do orçado',
      'EditarExcluir',
    ]);
    await expect(rent.getByText('R$ 1.800,50')).toHaveCSS('color', expenseColour);
    // Over the budget: the excess is red and says so.
    await expect(rent.getByRole('cell').nth(3).getByText('R$ 149,50')).toHaveCSS('color', expenseColour);

    await page.getByRole('button', { name: 'Editar Moradia · Aluguel', exact: true }).click();
    await expect(budget.itemDialog.getByRole('textbox', { name: 'Valor planejado' })).toHaveValue('1800,50');
    await budget.fillItem({ amount: '2000' });
    await expect(snackbars.success('Item atualizado')).toBeVisible();
    await expect(rent.getByRole('cell').nth(3)).toHaveText('R$ 50,00');

    await budget.addItem({ category: 'Renda', description: 'Salário', amount: '5.000,00' });
    // The rent's 'Item criado' may still be showing: the newest one is this item's (its row follows).
    await expect(snackbars.success('Item criado').last()).toBeVisible();
    const salary = budget.row('Receitas', 'Salário');
    // Planned in green; nothing received yet, so all of it is still to come.
    await expect(salary.getByRole('cell')).toHaveText([
      'Salário',
      'R$ 5.000,00',
      'R$ 0,00',
      'R$ 5.000,00',
      'EditarExcluir',
    ]);
    await expect(salary.getByRole('cell').nth(1).getByText('R$ 5.000,00')).toHaveCSS('color', incomeColour);
    await expect(page.getByText('Receitas planejadas').locator('..')).toContainText('R$ 5.000,00');
    expect(await api.plannedAmounts(key, '2026-11')).toEqual({ Aluguel: 200_000, Salário: 500_000 });

    await page.getByRole('button', { name: 'Excluir Renda · Salário', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir', exact: true }).click();
    await expect(snackbars.success('Item excluído')).toBeVisible();
    await expect(salary).toHaveCount(0);
    expect(await api.plannedAmounts(key, '2026-11')).toEqual({ Aluguel: 200_000 });

    // December has no items of its own and nothing paid yet: it follows November's plan, as the future flow does.
    await page.getByRole('button', { name: 'Ver dezembro de 2026' }).click();
    await expect(page.getByText('Dezembro de 2026', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/mes=2026-12/);
    await expect(
      page.getByText('Sem itens próprios, este mês segue o orçamento de 11/2026: o planejado vem dele.'),
    ).toBeVisible();
    await expect(budget.row('Despesas', 'Aluguel').getByRole('cell').nth(1)).toHaveText('R$ 2.000,00');
    await expect(page.getByText('Despesas planejadas').locator('..')).toContainText('R$ 2.000,00');

    await api.deleteCashFlowLine(key, rentPaid.id);
    await api.clearBudget(key, '2026-11');
    await api.signOut(key);
  });

  test('at phone width, the item dialog offers how the item repeats without sideways scrolling', async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.clock.setFixedTime(new Date('2026-11-20T12:00:00-03:00'));
    await signInAs(outra.slug, client);
    const budget = new BudgetPage(page);
    await budget.shell.openMenuEntry('Meu orçamento');
    await budget.newItemButton.click();
    for (const option of ['Todo mês', 'Todo ano', 'Só neste mês']) {
      await expect(budget.itemDialog.getByText(option, { exact: true })).toBeVisible();
    }
    await expect(budget.itemDialog.getByRole('radio', { name: 'Todo mês' })).toBeChecked();
    expect(await page.locator('html').evaluate((root) => root.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
