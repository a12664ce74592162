import { insightRuleNames } from '@prumo/domain/insights/insight-rules';
import { z } from 'zod';

/** The screen an insight opens (a name of the route table) and the month ("YYYY-MM-01") it opens on. */
export const InsightLinkSchema = z.object({
  route: z.enum(['fluxo-futuro', 'meu-caixa', 'orcamento-do-mes']),
  month: z.string(),
});
export type InsightLink = z.infer<typeof InsightLinkSchema>;

/** An insight: why it was raised (title, body, in pt-BR), the figures it rests on, and whether it was read. */
export const InsightSchema = z.object({
  id: z.number().int(),
  client: z.number().int(),
  client_name: z.string().nullable(),
  rule: z.enum(insightRuleNames),
  title: z.string(),
  body: z.string(),
  link: InsightLinkSchema,
  evidence: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Insight = z.infer<typeof InsightSchema>;

/** The balance (cents) below which the client is told of a projected month; 0: below zero. */
export const InsightSettingsSchema = z.object({ low_balance_threshold: z.number().int() });
export type InsightSettings = z.infer<typeof InsightSettingsSchema>;
