import type { CepAddress } from '@prumo/contract/cep-lookup';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** GET cep/{cep}/: a CEP's address, or 404 'CEP não encontrado.' (silent: the field shows it). */
export function lookUpCep(cepDigits: string): Promise<CepAddress> {
  return requestApi<CepAddress>(`cep/${cepDigits}/`, { silent: true });
}

/** A lookup started by leaving the CEP field: a mutation, since it runs on an event and fills the form. */
export function useCepLookup() {
  return useMutation({ mutationFn: lookUpCep });
}
