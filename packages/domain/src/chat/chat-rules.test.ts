import { describe, expect, it } from 'vitest';
import {
  buildWhatsAppLink,
  buildWhatsAppNumber,
  ChatMessageBodySchema,
  canSendChatMessage,
  chatMessages,
} from './chat-rules';

describe('WhatsApp handoff number', () => {
  it('keeps only digits and prefixes 55 when missing', () => {
    expect(buildWhatsAppNumber('(11) 98765-4321')).toBe('5511987654321');
    expect(buildWhatsAppNumber('11 3333 4444')).toBe('551133334444');
  });

  it('keeps a number that already starts with 55', () => {
    expect(buildWhatsAppNumber('+55 (21) 99999-0000')).toBe('5521999990000');
    expect(buildWhatsAppNumber('5511987654321')).toBe('5511987654321');
  });

  it('has no number without digits', () => {
    expect(buildWhatsAppNumber('')).toBeNull();
    expect(buildWhatsAppNumber(null)).toBeNull();
    expect(buildWhatsAppNumber('sem telefone')).toBeNull();
  });

  it('links to wa.me', () => {
    expect(buildWhatsAppLink('(11) 98765-4321')).toBe('https://wa.me/5511987654321');
    expect(buildWhatsAppLink(undefined)).toBeNull();
  });
});

describe('chat message', () => {
  it('is sent only when non-empty after trimming', () => {
    expect(canSendChatMessage('  oi ')).toBe(true);
    expect(canSendChatMessage(' \n\t ')).toBe(false);
  });

  it('is trimmed, refused empty and over 2,000 characters with pt-BR messages', () => {
    expect(ChatMessageBodySchema.parse({ message: '  Olá  ' })).toEqual({ message: 'Olá' });
    expect(ChatMessageBodySchema.safeParse({ message: '   ' }).error?.issues[0]?.message).toBe(chatMessages.empty);
    expect(ChatMessageBodySchema.safeParse({ message: 'a'.repeat(2001) }).error?.issues[0]?.message).toBe(
      chatMessages.tooLong,
    );
    expect(ChatMessageBodySchema.safeParse({ message: 'a'.repeat(2000) }).success).toBe(true);
  });
});
