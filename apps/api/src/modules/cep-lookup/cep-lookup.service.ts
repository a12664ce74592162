import type { CepAddress } from '@prumo/contract/cep-lookup';
import { cepMessages, parseCep } from '@prumo/domain/br/cep';
import { CepLookupUnavailableError } from '../../adapters/cep-lookup/cep-lookup';
import type { AppDependencies } from '../../dependencies';
import { fail, failInvalid, failNotFound } from '../../lib/domain-errors';

export const cepLookupUnavailableMessage =
  'A consulta de CEP está indisponível no momento. Preencha o endereço manualmente.';

/** The address of a CEP written "01001-000" or "01001000": 400 for another form, 404 when no one knows it. */
export async function lookUpCep(deps: Pick<AppDependencies, 'cepLookup'>, writtenCep: string): Promise<CepAddress> {
  const cep = parseCep(writtenCep);
  if (!cep) failInvalid(cepMessages.invalid);
  let address: CepAddress | null;
  try {
    address = await deps.cepLookup.find(cep);
  } catch (error) {
    if (error instanceof CepLookupUnavailableError) fail('unavailable', cepLookupUnavailableMessage);
    throw error;
  }
  if (!address) failNotFound(cepMessages.notFound);
  return address;
}
