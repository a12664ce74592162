import type { z } from 'zod';

/** An update that names no field changes nothing: it is refused, never answered as a success. */
export const emptyUpdateMessage = 'Informe ao menos um campo para alterar.';

export function hasSomeField(changes: Record<string, unknown>): boolean {
  return Object.values(changes).some((value) => value !== undefined);
}

/**
 * The body of an update whose fields are each optional, refused when it brings none
 * (`{"non_field_errors": ["Informe ao menos um campo para alterar."]}`). Fields that do not change
 * the record on their own (`alsoAccepted`, e.g. an option saying how to apply the change) do not count.
 */
export function requireSomeField<Schema extends z.ZodObject>(schema: Schema, alsoAccepted: readonly string[] = []) {
  return schema.refine(
    (changes) =>
      hasSomeField(Object.fromEntries(Object.entries(changes).filter(([key]) => !alsoAccepted.includes(key)))),
    { message: emptyUpdateMessage },
  );
}
