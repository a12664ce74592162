import type { AppConfig } from '../../config';
import type { CepLookup } from './cep-lookup';
import { createEmbeddedCepLookup } from './embedded-cep-lookup';
import { createOnlineCepLookup } from './online-cep-lookup';

/** CEP_LOOKUP=online: the public CEP services, with the embedded table when none answers; otherwise the table alone. */
export function createConfiguredCepLookup(config: Pick<AppConfig, 'cepLookup'>): CepLookup {
  const embedded = createEmbeddedCepLookup();
  return config.cepLookup === 'online' ? createOnlineCepLookup({ fallback: embedded }) : embedded;
}
