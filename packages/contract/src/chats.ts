import { z } from 'zod';

/**
 * The client chat (a client and their planner) and the planner chat (a planner and Prumo's
 * assistant). Pages start at 0 (`?page=0`, the newest messages), 25 messages a page, newest first;
 * `next` is the page of older messages.
 */

export const chatAuthors = ['client', 'planner'] as const;

/** One message of the client chat. */
export const ClientChatMessageSchema = z.object({
  id: z.number().int(),
  /** Who wrote it: the client, or their planner. */
  author: z.enum(chatAuthors),
  author_name: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type ClientChatMessage = z.infer<typeof ClientChatMessageSchema>;

export const ClientChatPageSchema = z.object({
  count: z.number().int(),
  previous: z.string().nullable(),
  next: z.string().nullable(),
  results: z.array(ClientChatMessageSchema),
});
export type ClientChatPage = z.infer<typeof ClientChatPageSchema>;

/** Where "Falar no WhatsApp" leads: the planner's number (digits, 55 first) and its wa.me link. */
export const WhatsAppHandoffSchema = z.object({
  planner_name: z.string(),
  phone: z.string(),
  url: z.string(),
});
export type WhatsAppHandoff = z.infer<typeof WhatsAppHandoffSchema>;

/** One exchange of the planner chat: the planner's question and the assistant's answer. */
export const PlannerChatMessageSchema = z.object({
  question: z.string(),
  question_timestamp: z.string(),
  response: z.string(),
  response_timestamp: z.string(),
});
export type PlannerChatMessage = z.infer<typeof PlannerChatMessageSchema>;

export const PlannerChatPageSchema = z.object({
  count: z.number().int(),
  previous: z.string().nullable(),
  next: z.string().nullable(),
  results: z.array(PlannerChatMessageSchema),
});
export type PlannerChatPage = z.infer<typeof PlannerChatPageSchema>;
