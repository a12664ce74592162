import type { z } from 'zod';
import { failOnFields } from './domain-errors';

/** For bodies the route schema cannot see (multipart): the same {"field": ["…"]} answer. */
export function parseOrFail<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'non_field_errors';
    fields[field] = [...(fields[field] ?? []), issue.message];
  }
  failOnFields(fields);
}

/** PostgreSQL's unique_violation, raised when two requests race for the same e-mail or slug. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ('code' in error && error.code === '23505') return true;
  // Drizzle wraps the driver's error in its own.
  return 'cause' in error && isUniqueViolation(error.cause);
}
