import { demoPassword, outra } from '../page-models/demo-data';
import { expect, test } from './fixtures';

// Oscar (another organization): no other spec reads his Meu caixa, and May 2019 is his alone.
const client = outra.client;

const lines = [
  { name: 'SALARIO EMPRESA X', amount: 500_000, date: '2019-05-05', description: 'Salário' },
  { name: 'Pagamento recebido', amount: 120_000, date: '2019-05-10', description: 'Pagamento de fatura do cartão' },
  { name: 'PAGTO CARTAO CREDITO', amount: -120_000, date: '2019-05-10', description: 'Pagamento de fatura do cartão' },
  { name: 'DA  NET SERVIÇOS 6833197', amount: -9_990, date: '2019-05-12', description: 'Internet' },
  { name: 'APLICACAO CDB', amount: -50_000, date: '2019-05-15', description: 'Aplicação' },
] as const;

test.describe('Meu caixa: a card bill paid is a transfer, and search ignores accents', () => {
  test('the payment stays out of Receitas and Despesas, shown under Transferências; "servicos" finds SERVIÇOS', async ({
    page,
    api,
    signInAs,
    cashRegister,
  }) => {
    const key = await api.signIn(client.email, demoPassword, outra.slug);
    const created = [];
    for (const line of lines) created.push(await api.addCashFlowLine(key, line));
    try {
      await signInAs(outra.slug, client);
      await cashRegister.open(outra.slug);
      await cashRegister.showPeriod('01/05/2019', '31/05/2019');
      await expect(cashRegister.lineRows()).toHaveCount(5);

      await expect(page.getByRole('group', { name: 'Receitas', exact: true })).toContainText('R$ 5.000,00');
      await expect(page.getByRole('group', { name: 'Despesas', exact: true })).toContainText('R$ 99,90');
      await expect(page.getByRole('group', { name: 'Resultado do período', exact: true })).toContainText('R$ 4.900,10');

      const groups = page.getByRole('radiogroup', { name: 'Grupo do resumo' });
      await groups.getByText('Transferências', { exact: true }).click();
      const transfers = page.getByRole('figure', { name: 'Transferências por categoria', exact: true });
      await expect(transfers).toBeVisible();
      await expect(page.getByText('Total de transferências', { exact: true })).toBeVisible();
      await groups.getByText('Receitas', { exact: true }).click();
      await expect(page.getByRole('figure', { name: 'Receitas por categoria', exact: true })).not.toContainText(
        'Transferências',
      );
      // Four groups (investments too) still fit a phone's width.
      await expect(groups.getByText('Investimentos', { exact: true })).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(groups).toBeVisible();
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      for (const label of ['Despesas', 'Receitas', 'Investimentos', 'Transferências']) {
        const box = await groups.getByText(label, { exact: true }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390, `${label} is inside the screen`).toBe(true);
      }
      await page.setViewportSize({ width: 1280, height: 800 });

      await page.getByRole('searchbox', { name: 'Buscar' }).fill('servicos');
      await expect(cashRegister.lineRows()).toHaveCount(1);
      await expect(cashRegister.lineRow('DA  NET SERVIÇOS 6833197')).toBeVisible();

      // The pickers search the same way: 'saude' finds 'Saúde'.
      await cashRegister.categoryFilter.click();
      await cashRegister.categoryFilter.fill('saude');
      await expect(page.getByRole('option', { name: 'Saúde', exact: true })).toBeVisible();
      await cashRegister.categoryFilter.press('Escape');
    } finally {
      for (const line of created) await api.deleteCashFlowLine(key, line.id);
      await api.signOut(key);
    }
  });
});
