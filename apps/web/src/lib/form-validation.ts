import { refinePasswordConfirmation } from '@prumo/domain/account/fields';
import { z } from 'zod';

/**
 * Adapts a domain zod schema to Mantine forms: the first message per field. The schema may need
 * values the form has no field for (organization, hash…), given as `context`.
 */
interface SchemaValidatorOptions {
  context?: Record<string, unknown>;
  /** Pairs [password, confirmation]: checked even while other fields fail, as the user types. */
  confirmations?: readonly (readonly [string, string])[];
}

function collectFirstMessages(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export function createSchemaValidator<Schema extends z.ZodType>(schema: Schema, options: SchemaValidatorOptions = {}) {
  const confirmations = options.confirmations ?? [];

  // Object refinements do not run while a field fails, so the confirmation rule is also run alone.
  const confirmationSchemas = confirmations.map(([password, confirmation]) =>
    z
      .object({ [password]: z.string(), [confirmation]: z.string() })
      .superRefine(refinePasswordConfirmation<Record<string, unknown>>(password, confirmation)),
  );

  function validate(values: object): Record<string, string> {
    const result = schema.safeParse({ ...options.context, ...values });
    const allErrors = result.success ? {} : collectFirstMessages(result.error.issues);
    // Errors of context values have no field to show on; parse() reports them at submit.
    const errors = Object.fromEntries(Object.entries(allErrors).filter(([key]) => (key.split('.')[0] ?? '') in values));
    for (const confirmationSchema of confirmationSchemas) {
      const confirmationResult = confirmationSchema.safeParse(values);
      if (confirmationResult.success) continue;
      for (const [key, message] of Object.entries(collectFirstMessages(confirmationResult.error.issues))) {
        if (!(key in errors)) errors[key] = message;
      }
    }
    return errors;
  }

  /** The parsed (digits-only, lower-cased…) body, or the first error when a context value fails. */
  function parse(values: object): { success: true; data: z.output<Schema> } | { success: false; message: string } {
    const result = schema.safeParse({ ...options.context, ...values });
    if (result.success) return { success: true, data: result.data };
    return { success: false, message: result.error.issues[0]?.message ?? '' };
  }

  return { validate, parse };
}
