import { z } from 'zod';
import { validationMessages } from '../account/messages';

/**
 * The largest id a PostgreSQL `integer`/`serial` column holds. A larger id can name no row, and
 * sent to the database it fails the whole query ("integer out of range") instead of finding nothing.
 */
export const maximumDatabaseId = 2_147_483_647;

/** A row's id as a JSON number: a whole number from 1 to `maximumDatabaseId`, else 'Valor inválido'. */
export const DatabaseIdSchema = z
  .number({ error: validationMessages.valueInvalid })
  .int(validationMessages.valueInvalid)
  .min(1, validationMessages.valueInvalid)
  .max(maximumDatabaseId, validationMessages.valueInvalid);

/** The same id given as text too (a path, a query parameter, a form field, a numeric string in JSON). */
export const DatabaseIdTextSchema = z.coerce
  .number({ error: validationMessages.valueInvalid })
  .int(validationMessages.valueInvalid)
  .min(1, validationMessages.valueInvalid)
  .max(maximumDatabaseId, validationMessages.valueInvalid);
