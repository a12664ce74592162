import { z } from 'zod';
import { describeLengthLimit, validationMessages } from '../account/messages';

/** A required name or title as a person types it: trimmed, not blank, at most `maximumLength` characters. */
export function buildNameSchema(maximumLength: number) {
  return z
    .string({ error: validationMessages.required })
    .trim()
    .min(1, validationMessages.required)
    .max(maximumLength, describeLengthLimit(maximumLength));
}
