import { demo } from '../page-models/demo-data';
import { PasswordResetPage } from '../page-models/password-reset-page';
import { expect, test } from './fixtures';

/**
 * The server under test lets every send through (CHALLENGE_FREE_SENDS, playwright.config.ts), so the
 * first send's answer is replaced by the one an abusive address gets; everything after is real: the
 * widget's puzzle from siteverify/, the proof-of-work in the browser under the page's policy, the
 * pass, and the form sent again with it.
 */
test('a public form shows the challenge when the server asks, then goes through with its pass', async ({ page }) => {
  test.setTimeout(60_000);
  const resetPage = new PasswordResetPage(page);
  const sentPasses: (string | null)[] = [];
  let answered = false;
  await page.route('**/api/rest-auth/password/reset/', async (route) => {
    sentPasses.push(route.request().headers()['x-challenge'] ?? null);
    if (answered) return route.continue();
    answered = true;
    return route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ challenge: ['Confirme que você não é um robô para continuar.'] }),
    });
  });

  await resetPage.open(demo.slug);
  await resetPage.ask(demo.client.email);
  await expect(resetPage.challenge).toBeVisible();
  await expect(resetPage.challengeSolved).toBeVisible({ timeout: 30_000 });

  await resetPage.sendButton.click();
  await expect(resetPage.sentNotice).toBeVisible();
  expect(sentPasses).toHaveLength(2);
  expect(sentPasses[0]).toBeNull();
  expect(sentPasses[1]).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
});
