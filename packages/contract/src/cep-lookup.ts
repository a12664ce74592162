import { z } from 'zod';

/**
 * A CEP's address (GET cep/{cep}/): `cep` is its 8 digits, `state` the 2-letter code in capitals
 * (the payment form shows it in lower case). `neighborhood` and `street` are empty for a CEP that
 * covers a whole town.
 */
export const CepAddressSchema = z.object({
  cep: z.string(),
  state: z.string(),
  city: z.string(),
  neighborhood: z.string(),
  street: z.string(),
});
export type CepAddress = z.infer<typeof CepAddressSchema>;
