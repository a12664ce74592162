import { type CepAddress, type CepLookup, CepLookupUnavailableError } from './cep-lookup';

/** What cep-promise answers (and what a test puts in its place). */
export interface CepServiceAnswer {
  cep: string;
  state: string;
  city: string;
  neighborhood: string;
  street: string;
}
export type CepService = (cep: string, options: { timeout: number }) => Promise<CepServiceAnswer>;

/** A form waits for the answer: past this, the client types the address instead. */
const answerMilliseconds = 5_000;

let loadingCepPromise: Promise<CepService> | undefined;

/**
 * cep-promise 4.4, loaded the first time it is needed. On load it replaces the process's global
 * `Promise.any` with its own (which rejects with an array, not an AggregateError): the native one is
 * put back at once, and cep-promise works with it (its errors still list each service's message).
 */
export function loadCepPromise(): Promise<CepService> {
  loadingCepPromise ??= (async () => {
    const nativePromiseAny = Promise.any;
    try {
      const { default: cepPromise } = await import('cep-promise');
      return (cep, options) => cepPromise(cep, { timeout: options.timeout });
    } finally {
      Promise.any = nativePromiseAny;
    }
  })();
  return loadingCepPromise;
}

/** Each service's message, as cep-promise lists them under `errors`. */
function readServiceMessages(error: unknown): string[] {
  const errors = (error as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.map((item) => String((item as { message?: unknown } | null)?.message ?? ''));
}

/** A service that answered "not found" (in its words: "CEP não encontrado na base do ViaCEP.") knows the CEP does not exist. */
function saysNotFound(error: unknown): boolean {
  return readServiceMessages(error).some((message) => /n[ãa]o encontrado|not found/i.test(message));
}

function readAddress(cep: string, answer: CepServiceAnswer): CepAddress | null {
  const state = String(answer.state ?? '')
    .trim()
    .toUpperCase();
  // An answer without a state is no address: the form could not be filled with it.
  if (!/^[A-Z]{2}$/.test(state)) return null;
  const text = (value: unknown) => String(value ?? '').trim();
  return { cep, state, city: text(answer.city), neighborhood: text(answer.neighborhood), street: text(answer.street) };
}

function waitAtMost<T>(work: Promise<T>, milliseconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeLimit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CepLookupUnavailableError('CEP services took too long')), milliseconds);
  });
  return Promise.race([work, timeLimit]).finally(() => clearTimeout(timer));
}

/**
 * Asks the public CEP services (cep-promise races several and takes the first answer). A CEP some
 * service calls unknown is null; when none answers, `fallback` (the embedded table) is asked, and
 * without an answer there the lookup is unavailable. Tests pass `service` instead of the network.
 */
export function createOnlineCepLookup(
  options: { service?: CepService; fallback?: CepLookup; timeoutMilliseconds?: number } = {},
): CepLookup {
  const timeout = options.timeoutMilliseconds ?? answerMilliseconds;
  return {
    async find(cep) {
      try {
        const service = options.service ?? (await loadCepPromise());
        const answer = await waitAtMost(service(cep, { timeout }), timeout + 500);
        const address = readAddress(cep, answer);
        if (address) return address;
      } catch (error) {
        if (saysNotFound(error)) return null;
      }
      const known = await options.fallback?.find(cep);
      if (known) return known;
      throw new CepLookupUnavailableError();
    },
  };
}
