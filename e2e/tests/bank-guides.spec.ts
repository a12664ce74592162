import type { Page } from '@playwright/test';
import { PrumoApi } from '../page-models/api';
import { BankGuideDialog, BankGuidePicker, BankGuidesManager } from '../page-models/bank-guides';
import type { CashRegisterPage } from '../page-models/cash-register-page';
import { demo, demoPassword } from '../page-models/demo-data';
import type { ImportDialog } from '../page-models/import-dialog';
import { phoneViewport } from '../page-models/phone-lists';
import { expect, test } from './fixtures';

/** The client's Meu caixa with 'Importar extratos' open, and the guide picker inside it. */
async function openImport(page: Page, cashRegister: CashRegisterPage, importDialog: ImportDialog) {
  await cashRegister.open(demo.slug);
  await page.getByRole('link', { name: 'Importar extratos', exact: true }).click();
  await expect(importDialog.dialog).toBeVisible();
  return new BankGuidePicker(page, importDialog.dialog);
}

async function expectNoSidewaysScroll(page: Page, moment: string): Promise<void> {
  await expect
    .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'), { message: `page width ${moment}` })
    .toBeLessThanOrEqual(phoneViewport.width);
}

test.describe("The banks' statement guides", () => {
  test.describe.configure({ timeout: 90_000 });

  test.afterEach(async ({ request }) => {
    // Nubank's guide goes back to Prumo's, so no other spec meets the manager's text.
    const api = new PrumoApi(request);
    const key = await api.signIn(demo.manager.email, demoPassword, demo.slug);
    await request.delete('/api/bank/260/guide/', { headers: { Authorization: `Token ${key}` } });
    await api.signOut(key);
  });

  test("a client picks their bank in the import and follows its guide to 'Finalizar'", async ({
    page,
    signInAs,
    cashRegister,
    importDialog,
  }) => {
    const guide = new BankGuideDialog(page);
    await signInAs(demo.slug, demo.client);
    const picker = await openImport(page, cashRegister, importDialog);
    await expect(importDialog.dialog).toContainText('Não sabe baixar o extrato? Veja o passo a passo do seu banco:');
    // The search ignores accents: 'itau' finds Itaú.
    const widgetBanks = page.waitForResponse((response) => response.url().includes('/api/integration/belvo/banks/'));
    await picker.chooseBank('Itaú Unibanco', 'itau');
    await expect(guide.dialog).toBeVisible();
    await expect(guide.dialog).toContainText('Itaú Unibanco');
    // The simulated institution answers for the widget here: no offer to connect through it.
    expect(await (await widgetBanks).json()).toEqual({ results: [] });
    await expect(guide.connectOffer).toHaveCount(0);

    const steps = await guide.stepCount();
    expect(steps, "Itaú's guide has steps to follow").toBeGreaterThan(1);
    // Each shipped step has its picture, 500 px tall on a wide screen, described by the step's text.
    await expect(guide.stepImage).toBeVisible();
    expect((await guide.stepImage.boundingBox())?.height).toBeCloseTo(500, 0);
    expect(await guide.stepImage.getAttribute('alt')).toBeTruthy();
    for (let step = 1; step < steps; step += 1) {
      await expect(guide.progress).toHaveText(`Passo ${step} de ${steps}`);
      await expect(guide.finishButton).toHaveCount(0);
      await guide.nextButton.click();
    }
    await expect(guide.progress).toHaveText(`Passo ${steps} de ${steps}`);
    await expect(guide.nextButton).toHaveCount(0);
    await guide.finishButton.click();
    await expect(guide.dialog).toBeHidden();
    // The import stays open beneath it.
    await expect(importDialog.dialog).toBeVisible();

    // Opened again, the guide starts from its first step; Escape closes it alone.
    await picker.reopenButton.click();
    await expect(guide.progress).toHaveText(`Passo 1 de ${steps}`);
    await guide.nextButton.click();
    await expect(guide.progress).toHaveText(`Passo 2 de ${steps}`);
    await page.keyboard.press('Escape');
    await expect(guide.dialog).toBeHidden();
    await expect(importDialog.dialog).toBeVisible();
  });

  test("on a 390 px phone, a bank the organization's widget reaches is offered to connect instead", async ({
    page,
    signInAs,
    cashRegister,
    importDialog,
  }) => {
    // Belvo's answers stand in for an organization that configured it (the calls have API tests).
    const widgetUrl = 'https://widget.belvo.test/?access_token=t&external_id=x';
    await page.route('**/api/integration/belvo/banks/**', (route) =>
      route.fulfill({ json: { results: [{ code: '341', name: 'Itaú' }] } }),
    );
    let askedBank: string | null = null;
    await page.route('**/api/integration/belvo/access_token/**', (route) => {
      askedBank = new URL(route.request().url()).searchParams.get('bankCode');
      return route.fulfill({ json: { access: 't', expires_at: '2026-12-02T12:00:00Z', widget_url: widgetUrl } });
    });
    await page.route('https://widget.belvo.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Widget da Belvo</h1>' }),
    );
    await page.setViewportSize(phoneViewport);
    const guide = new BankGuideDialog(page);
    await signInAs(demo.slug, demo.client);
    const picker = await openImport(page, cashRegister, importDialog);
    await picker.chooseBank('Nubank');
    await expect(guide.progress).toHaveText(/^Passo 1 de/);
    await expect(guide.connectOffer).toHaveCount(0);
    await page.keyboard.press('Escape');
    await picker.chooseBank('Itaú Unibanco', 'itau');
    await expect(guide.connectOffer).toBeVisible();
    await expectNoSidewaysScroll(page, 'with the offer');
    await guide.connectOffer.getByRole('button', { name: 'Conectar pelo Open Finance' }).click();
    await expect(page).toHaveURL(widgetUrl);
    expect(askedBank).toBe('341');
  });

  test('the guide fits a 390 px phone at every step', async ({ page, signInAs, cashRegister, importDialog }) => {
    await page.setViewportSize(phoneViewport);
    const guide = new BankGuideDialog(page);
    await signInAs(demo.slug, demo.client);
    const picker = await openImport(page, cashRegister, importDialog);
    await expectNoSidewaysScroll(page, 'with the import open');
    await picker.chooseBank('Itaú Unibanco', 'itau');
    const steps = await guide.stepCount();
    for (let step = 1; step <= steps; step += 1) {
      await expect(guide.progress).toHaveText(`Passo ${step} de ${steps}`);
      await expect(guide.stepImage).toBeVisible();
      const box = await guide.stepImage.boundingBox();
      expect(
        box && box.x >= 0 && box.x + box.width <= phoneViewport.width,
        `step ${step}'s picture within the screen`,
      ).toBe(true);
      await expectNoSidewaysScroll(page, `on step ${step}`);
      if (step < steps) await guide.nextButton.click();
    }
    await guide.finishButton.click();
    await expect(guide.dialog).toBeHidden();
    await expectNoSidewaysScroll(page, 'after the guide');
  });

  test("a manager rewrites Nubank's first step and the organization's clients see it", async ({
    page,
    signInAs,
    shell,
    snackbars,
    cashRegister,
    importDialog,
  }) => {
    const text = `Abra o app do Nubank e toque em Extrato (guia da organização ${Date.now() % 100_000}).`;
    const manager = new BankGuidesManager(page);
    const guide = new BankGuideDialog(page);
    await signInAs(demo.slug, demo.manager);
    await shell.openMenuEntry('Organização');
    await manager.chooseBank('Nubank');
    await expect(manager.stepText(1)).not.toHaveValue('');
    await manager.stepText(1).fill(text);
    // The preview shows the edited steps before anything is saved.
    await manager.previewButton.click();
    await expect(guide.dialog).toContainText(text);
    await page.keyboard.press('Escape');
    await expect(guide.dialog).toBeHidden();
    await manager.saveButton.click();
    await expect(snackbars.success('Guia salvo.')).toBeVisible();
    await expect(manager.customBadge).toBeVisible();
    await expect(manager.restoreButton).toBeVisible();
    await expect(manager.bankField).toHaveValue('Nubank (personalizado)');
    await shell.signOut();

    await signInAs(demo.slug, demo.client);
    const picker = await openImport(page, cashRegister, importDialog);
    await picker.chooseBank('Nubank');
    await expect(guide.progress).toHaveText(/^Passo 1 de \d+$/);
    await expect(guide.dialog).toContainText(text);
  });
});
