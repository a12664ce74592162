/** An address as a CEP lookup answers it; `state` is the 2-letter code in capitals ("SP"). */
export interface CepAddress {
  /** The CEP's 8 digits. */
  cep: string;
  state: string;
  city: string;
  /** Empty for a CEP that covers a whole town (small towns have one CEP). */
  neighborhood: string;
  street: string;
}

/** Finds the address of a CEP (8 digits): null when the CEP is not known. */
export interface CepLookup {
  find(cep: string): Promise<CepAddress | null>;
}

/** No CEP service answered (network down, every service failing): not the same as an unknown CEP. */
export class CepLookupUnavailableError extends Error {
  constructor(message = 'no CEP service answered') {
    super(message);
    this.name = 'CepLookupUnavailableError';
  }
}
