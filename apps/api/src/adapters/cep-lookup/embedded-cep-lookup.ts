import type { CepLookup } from './cep-lookup';
import { type EmbeddedCep, embeddedCeps } from './embedded-ceps';

/** Answers from the table shipped with Prumo (embedded-ceps.ts): no network, and null for the many CEPs it lacks. */
export function createEmbeddedCepLookup(table: readonly EmbeddedCep[] = embeddedCeps): CepLookup {
  const rowsByCep = new Map(table.map((row) => [row[0], row]));
  return {
    async find(cep) {
      const row = rowsByCep.get(cep);
      if (!row) return null;
      const [, state, city, neighborhood, street] = row;
      return { cep, state, city, neighborhood, street };
    },
  };
}
