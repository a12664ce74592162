import { z } from 'zod';
import { keepDigits } from '../br/digits';

/** The longest message either chat takes: a conversation, not a document. */
export const maximumChatMessageLength = 2000;

export const chatMessages = {
  empty: 'Escreva uma mensagem antes de enviar.',
  tooLong: `A mensagem pode ter no máximo ${maximumChatMessageLength} caracteres.`,
  clientWithoutPlanner: "Client doesn't have a planner",
  noPlanner: 'Nenhum planejador',
} as const;

/** A message as sent: trimmed, not empty, at most 2,000 characters. */
export const ChatMessageTextSchema = z
  .string({ error: chatMessages.empty })
  .trim()
  .min(1, chatMessages.empty)
  .max(maximumChatMessageLength, chatMessages.tooLong);

export const ChatMessageBodySchema = z.object({ message: ChatMessageTextSchema });
export type ChatMessageBody = z.infer<typeof ChatMessageBodySchema>;

/** Whether a typed message may be sent: only when something is left after trimming. */
export function canSendChatMessage(text: string): boolean {
  return text.trim().length > 0;
}

/** The greetings each chat opens with, and when (ms after opening) each appears. */
export const clientChatGreetingDelays = [1000, 2000, 4000] as const;
export const plannerChatGreetingDelays = [200, 400, 600] as const;

/** Brazil's country code, which a WhatsApp number needs before the area code. */
const brazilCountryCode = '55';

/**
 * The number WhatsApp is handed: the planner's phone reduced to digits, prefixed with 55 when it
 * does not start with it. Null when no digit is left (no number to hand off to).
 */
export function buildWhatsAppNumber(phone: string | null | undefined): string | null {
  const digits = keepDigits(phone ?? '');
  if (!digits) return null;
  return digits.startsWith(brazilCountryCode) ? digits : `${brazilCountryCode}${digits}`;
}

/** The wa.me link that opens a conversation with the number, or null without one. */
export function buildWhatsAppLink(phone: string | null | undefined): string | null {
  const number = buildWhatsAppNumber(phone);
  return number ? `https://wa.me/${number}` : null;
}
