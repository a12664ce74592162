import { z } from 'zod';
import { maximumLineCents } from '../money/cents';

export const insightSettingsMessages = {
  thresholdInvalid: 'Informe o saldo mínimo em centavos inteiros, de zero para cima.',
  thresholdTooLarge: 'Saldo mínimo acima do limite.',
};

/** The balance (cents) below which the client wants to hear of a projected low point; 0 means below zero. */
export const LowBalanceThresholdSchema = z
  .number({ error: insightSettingsMessages.thresholdInvalid })
  .int(insightSettingsMessages.thresholdInvalid)
  .min(0, insightSettingsMessages.thresholdInvalid)
  .max(maximumLineCents, insightSettingsMessages.thresholdTooLarge);

export const InsightSettingsChangesSchema = z.object({
  low_balance_threshold: LowBalanceThresholdSchema,
});
export type InsightSettingsChanges = z.infer<typeof InsightSettingsChangesSchema>;
