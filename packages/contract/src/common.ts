import { z } from 'zod';

/** An error told in one sentence: {"detail": "…"}. */
export const DetailSchema = z.object({ detail: z.string() });
export type Detail = z.infer<typeof DetailSchema>;

/** A validation error: each field with its messages ({"email": ["…"]}), or `non_field_errors`. */
export const FieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/** A page of a list, Django-REST style: `next`/`previous` are absolute addresses or null. */
export function buildPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** What every error answers: a `detail`, sometimes with more beside it (a `code`, each file's reason). */
export const ErrorDetailSchema = z.looseObject({ detail: z.string() });

/** A 400: one `detail`, or each field with its messages. */
export const BadRequestSchema = z.union([ErrorDetailSchema, FieldErrorsSchema]);
