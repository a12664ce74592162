import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The chats' drawers: the client's chat with their planner (top bar 'Chat'), the planner's answer
 * panel in the client view ('Conversa'), and the planner's assistant (top bar 'Assistente').
 */
export class ChatDrawer {
  readonly clientChatButton: Locator;
  readonly plannerAssistantButton: Locator;
  readonly clientConversationButton: Locator;
  readonly dialog: Locator;
  readonly messageField: Locator;
  readonly sendButton: Locator;
  readonly whatsAppLink: Locator;
  readonly bubbles: Locator;

  constructor(readonly page: Page) {
    this.clientChatButton = page.getByRole('button', { name: 'Abrir chat com o planejador' });
    this.plannerAssistantButton = page.getByRole('button', { name: 'Abrir assistente do planejador' });
    this.clientConversationButton = page.getByRole('button', { name: 'Conversa', exact: true });
    this.dialog = page.getByRole('dialog');
    this.messageField = this.dialog.getByRole('textbox', { name: 'Mensagem' });
    this.sendButton = this.dialog.getByRole('button', { name: 'Enviar mensagem' });
    this.whatsAppLink = this.dialog.getByRole('link', { name: 'Falar no WhatsApp' });
    this.bubbles = this.dialog.getByTestId('chat-bubble');
  }

  static clientViewPath(organization: string, clientId: number): string {
    return `/app/${organization}/cliente/${clientId}`;
  }

  /** Types a message and sends it with Enter, as people do. */
  async sendWithEnter(text: string): Promise<void> {
    await this.messageField.fill(text);
    await this.messageField.press('Enter');
    await expect(this.messageField).toHaveValue('');
  }

  /** The bubble holding `text`. */
  bubble(text: string | RegExp): Locator {
    return this.bubbles.filter({ hasText: text });
  }

  /** Whether the page scrolls sideways at its current width. */
  async pageWidth(): Promise<number> {
    return this.page.evaluate<number>('document.documentElement.scrollWidth');
  }
}
