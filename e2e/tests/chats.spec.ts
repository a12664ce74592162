import type { Page } from '@playwright/test';
import { ChatDrawer } from '../page-models/chat-drawer';
import { demo, demoPassword, outra } from '../page-models/demo-data';
import { LoginPage } from '../page-models/login-page';
import { phoneViewport } from '../page-models/phone-lists';
import { expect, test } from './fixtures';

/** Signs a user in on a page of its own browser context (two people talking at once). */
async function signInOn(page: Page, organization: string, email: string): Promise<void> {
  const loginPage = new LoginPage(page);
  await loginPage.open(organization);
  await loginPage.signIn(email, demoPassword);
  await expect(page).toHaveURL(`/app/${organization}/dashboard`);
}

/** At 390 px the page (drawer open) does not scroll sideways and the message box is in reach. */
async function expectUsableOnPhone(chat: ChatDrawer): Promise<void> {
  await chat.page.setViewportSize(phoneViewport);
  await expect.poll(() => chat.pageWidth(), { message: 'page width at 390 px' }).toBeLessThanOrEqual(390);
  await expect(chat.messageField).toBeInViewport();
  await expect(chat.sendButton).toBeInViewport();
}

test.describe('chats', () => {
  test('the client chats from a phone with their planner, who answers from the client view', async ({
    page,
    browser,
    baseURL,
    api,
    signInAs,
  }) => {
    // Two people signed in at once, each in a browser of their own: more than one sign-in's time.
    test.slow();
    const stamp = Date.now().toString(36);
    const question = `Posso antecipar o 13º salário? (${stamp})`;
    const answer = `Pode, mas vamos rever o orçamento de dezembro. (${stamp})`;
    const chat = new ChatDrawer(page);

    // The client writes from a phone; the planner answers from a wide screen.
    await page.setViewportSize(phoneViewport);
    await signInAs(demo.slug, demo.client);
    await chat.clientChatButton.click();
    await expectUsableOnPhone(chat);
    await expect(chat.dialog.getByText(`Olá, ${demo.client.firstName}!`)).toBeVisible();
    await expect(chat.dialog.getByText('Escreva sua dúvida abaixo: a resposta aparece aqui mesmo.')).toBeVisible();
    await expect(chat.whatsAppLink).toHaveAttribute('href', /^https:\/\/wa\.me\/55\d{10,11}$/);

    // Blanks are never sent.
    await chat.messageField.fill('   ');
    await expect(chat.sendButton).toBeDisabled();
    await chat.sendWithEnter(question);
    await expect(chat.bubble(question)).toBeVisible();

    // The planner, signed in elsewhere, reads it in the client's view and answers.
    const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
    const clientId = await api.clientIdOf(plannerKey, demo.client.email);
    await api.signOut(plannerKey);
    const plannerContext = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    try {
      const plannerPage = await plannerContext.newPage();
      await signInOn(plannerPage, demo.slug, demo.planner.email);
      await plannerPage.goto(ChatDrawer.clientViewPath(demo.slug, clientId));
      const plannerChat = new ChatDrawer(plannerPage);
      await plannerChat.clientConversationButton.click();
      await expect(plannerChat.bubble(question)).toBeVisible();
      await plannerChat.sendWithEnter(answer);
      await expect(plannerChat.bubble(answer)).toBeVisible();
    } finally {
      await plannerContext.close();
    }

    // The client's open conversation shows the answer without reloading.
    await expect(chat.bubble(answer)).toBeVisible({ timeout: 12_000 });
    await expectUsableOnPhone(chat);
  });

  test('the planner asks the assistant which clients have no import for 30 days', async ({
    page,
    api,
    request,
    signInAs,
  }) => {
    // The right names: the planner's clients whose book says no import for 30 days or more.
    const plannerKey = await api.signIn(demo.planner.email, demoPassword, demo.slug);
    const book = await request.get('/api/profiles/clients/', {
      headers: { Authorization: `Token ${plannerKey}` },
      params: { limit: 100 },
    });
    expect(book.status()).toBe(200);
    const { results } = (await book.json()) as {
      results: { user: { first_name: string; last_name: string }; attention: { days_since_import: number | null } }[];
    };
    await api.signOut(plannerKey);
    const nameOf = (record: (typeof results)[number]) => `${record.user.first_name} ${record.user.last_name}`;
    const stale = results.filter(
      (record) => record.attention.days_since_import === null || record.attention.days_since_import >= 30,
    );
    const recent = results.filter((record) => !stale.includes(record));
    expect(stale.length, 'the demo planner has clients without a recent import').toBeGreaterThan(0);

    const chat = new ChatDrawer(page);
    await signInAs(demo.slug, demo.planner);
    await chat.plannerAssistantButton.click();
    await expect(chat.dialog.getByText('Olá! Sou o assistente do Prumo.')).toBeVisible();
    await chat.sendWithEnter('quais clientes estão sem importação há 30 dias?');
    const response = chat.bubble(`Clientes sem importação há 30 dias ou mais (${stale.length}):`);
    await expect(response).toBeVisible();
    for (const record of stale) await expect(response).toContainText(`• ${nameOf(record)} — `);
    for (const record of recent) await expect(response).not.toContainText(nameOf(record));

    await chat.sendWithEnter('qual a previsão do tempo?');
    await expect(chat.bubble('Não sei responder a essa pergunta.')).toBeVisible();
    await expectUsableOnPhone(chat);
  });

  test('without the chat flags there is no chat button', async ({ page, signInAs }) => {
    const chat = new ChatDrawer(page);
    await signInAs(outra.slug, outra.client);
    await expect(page.getByRole('banner').getByRole('button', { name: /Menu do usuário/ })).toBeVisible();
    await expect(chat.clientChatButton).toHaveCount(0);
    await expect(chat.plannerAssistantButton).toHaveCount(0);
  });
});
