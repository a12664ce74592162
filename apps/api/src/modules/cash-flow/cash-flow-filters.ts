import { parseDay } from '@prumo/domain/br/date';
import { DatabaseIdSchema, DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import { z } from 'zod';

const dateMessage = 'Data inválida';

/** "2026-11-01" or "01/11/2026" (years 1900–2100) → "2026-11-01". */
export const QueryDateSchema = z.string({ error: 'Este campo é obrigatório' }).transform((value, context) => {
  const iso = parseDay(value);
  if (!iso) {
    context.addIssue({ code: 'custom', message: dateMessage });
    return z.NEVER;
  }
  return iso;
});

const booleanText = z
  .enum(['true', 'false', 'True', 'False', '1', '0'])
  .transform((value) => value === 'true' || value === 'True' || value === '1');

/** A list given as repeated parameters (?origins=1&origins=2) or comma-separated (?origins=1,2). */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^\d+$/, 'Valor inválido').transform(Number).pipe(DatabaseIdSchema)).max(500));

/** A period read from a query ends on or after its start; else 400 on the end's field. ISO days compare as text. */
export function addPeriodOrderIssue(start: string, end: string, context: z.RefinementCtx, endField: string): void {
  if (start > end) {
    context.addIssue({
      code: 'custom',
      message: 'A data final deve ser igual ou posterior à inicial.',
      path: [endField],
    });
  }
}

/**
 * The cash-flow filter: start and end required (cash dates), 25 a page from offset 0,
 * and the optional filters. `cashDateStart`/`cashDateEnd` are accepted as the call's own names.
 */
export const CashFlowFilterSchema = z
  .object({
    start: QueryDateSchema.optional(),
    end: QueryDateSchema.optional(),
    cashDateStart: QueryDateSchema.optional(),
    cashDateEnd: QueryDateSchema.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(25),
    offset: z.coerce.number().int().min(0).default(0),
    origins: idList.optional(),
    category: idList.optional(),
    description: idList.optional(),
    isExpense: booleanText.optional(),
    showIgnored: booleanText.optional(),
    uncategorized: booleanText.optional(),
    search: z.string().trim().max(100).optional(),
    clientId: DatabaseIdTextSchema.optional(),
    client: DatabaseIdTextSchema.optional(),
    showPlanned: booleanText.optional(),
    showDescriptions: booleanText.optional(),
    /** Money into or out of the client's investments and other assets (lines of asset transfers), or none of it. */
    isFinancialProduct: booleanText.optional(),
    /** The lines of the account or card with this number (its digits: "56789-0" finds "567890"). */
    identificationNumber: z
      .string()
      .trim()
      .max(40, 'Limite de 40 excedido')
      .transform((value) => value.replace(/\D/g, '') || undefined)
      .optional(),
    /** Another name for isExpense that callers send: "expense" or "income". */
    filterType: z.enum(['expense', 'income'], { error: 'Opção inválida: use expense ou income.' }).optional(),
  })
  .transform((filter, context) => {
    const start = filter.start ?? filter.cashDateStart;
    const end = filter.end ?? filter.cashDateEnd;
    if (!start) context.addIssue({ code: 'custom', message: 'Este campo é obrigatório', path: ['start'] });
    if (!end) context.addIssue({ code: 'custom', message: 'Este campo é obrigatório', path: ['end'] });
    if (start && end) addPeriodOrderIssue(start, end, context, 'end');
    if (!start || !end) return z.NEVER;
    if (filter.isExpense === undefined && filter.filterType) filter.isExpense = filter.filterType === 'expense';
    return { ...filter, start, end };
  });
/**
 * The filter as the repository reads it: the call's query, plus what a call itself narrows it to
 * (`cash-flow/transfer-asset/` reads asset transfers only); not a query parameter of its own.
 */
export type CashFlowFilter = z.infer<typeof CashFlowFilterSchema> & { isAssetTransfer?: boolean };
