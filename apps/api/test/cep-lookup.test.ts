import { beforeAll, describe, expect, it } from 'vitest';
import { type CepLookup, CepLookupUnavailableError } from '../src/adapters/cep-lookup/cep-lookup';
import { createConfiguredCepLookup } from '../src/adapters/cep-lookup/configured-cep-lookup';
import { createEmbeddedCepLookup } from '../src/adapters/cep-lookup/embedded-cep-lookup';
import { embeddedCeps } from '../src/adapters/cep-lookup/embedded-ceps';
import { type CepService, createOnlineCepLookup, loadCepPromise } from '../src/adapters/cep-lookup/online-cep-lookup';
import { readConfig } from '../src/config';
import { cepLookupsPerAddress } from '../src/modules/cep-lookup/cep-lookup.routes';
import { rateLimitMessage } from '../src/plugins/rate-limit';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
});

const praçaDaSé = { cep: '01001000', state: 'SP', city: 'São Paulo', neighborhood: 'Sé', street: 'Praça da Sé' };

/** What cep-promise throws when every service failed, with each service's message. */
function serviceFailure(...messages: string[]) {
  return Object.assign(new Error('Todos os serviços de CEP retornaram erro.'), {
    type: 'service_error',
    errors: messages.map((message) => ({ name: 'ServiceError', message, service: 'test' })),
  });
}

describe('GET /api/cep/{cep}/ with the embedded table', () => {
  it('answers the address of a known CEP to every signed-in role, with or without the hyphen', async () => {
    for (const user of [organization.client, organization.planner, organization.manager]) {
      const response = await call(context, 'GET', '/api/cep/01001-000/', { token: user.token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(praçaDaSé);
    }
    const plain = await call(context, 'GET', '/api/cep/20040002/', { token: organization.client.token });
    expect(plain.json()).toEqual({
      cep: '20040002',
      state: 'RJ',
      city: 'Rio de Janeiro',
      neighborhood: 'Centro',
      street: 'Avenida Rio Branco',
    });
  });

  it('refuses visitors', async () => {
    const response = await call(context, 'GET', '/api/cep/01001-000/');
    expect(response.statusCode).toBe(401);
  });

  it('answers 400 "CEP inválido." to anything but 8 digits with an optional hyphen', async () => {
    for (const cep of ['abc', '0100100', '01001-0000', '01001_000', '00000-000', '01.001-000']) {
      const response = await call(context, 'GET', `/api/cep/${encodeURIComponent(cep)}/`, {
        token: organization.client.token,
      });
      expect(response.statusCode, cep).toBe(400);
      expect(response.json()).toEqual({ detail: 'CEP inválido.' });
    }
    const long = await call(context, 'GET', `/api/cep/${'1'.repeat(40)}/`, { token: organization.client.token });
    expect(long.statusCode).toBe(400);
  });

  it('answers 404 "CEP não encontrado." for a CEP the table does not hold', async () => {
    const response = await call(context, 'GET', '/api/cep/99999-999/', { token: organization.client.token });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'CEP não encontrado.' });
  });

  it('limits lookups per address', async () => {
    const limited = await createTestContext({ rateLimitScale: 1 });
    const target = await createTestOrganization(limited);
    const options = { token: target.client.token, remoteAddress: '198.51.100.71' };
    for (let lookup = 0; lookup < cepLookupsPerAddress; lookup++) {
      expect((await call(limited, 'GET', '/api/cep/01001000/', options)).statusCode).toBe(200);
    }
    const blocked = await call(limited, 'GET', '/api/cep/01001000/', options);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: rateLimitMessage });
    const elsewhere = await call(limited, 'GET', '/api/cep/01001000/', { ...options, remoteAddress: '198.51.100.72' });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('the embedded table', () => {
  const capitals: Record<string, string> = {
    AC: 'Rio Branco',
    AL: 'Maceió',
    AP: 'Macapá',
    AM: 'Manaus',
    BA: 'Salvador',
    CE: 'Fortaleza',
    DF: 'Brasília',
    ES: 'Vitória',
    GO: 'Goiânia',
    MA: 'São Luís',
    MT: 'Cuiabá',
    MS: 'Campo Grande',
    MG: 'Belo Horizonte',
    PA: 'Belém',
    PB: 'João Pessoa',
    PR: 'Curitiba',
    PE: 'Recife',
    PI: 'Teresina',
    RJ: 'Rio de Janeiro',
    RN: 'Natal',
    RS: 'Porto Alegre',
    RO: 'Porto Velho',
    RR: 'Boa Vista',
    SC: 'Florianópolis',
    SP: 'São Paulo',
    SE: 'Aracaju',
    TO: 'Palmas',
  };

  /** The Correios' CEP ranges of each state (first five digits). */
  const stateRanges: Record<string, [number, number][]> = {
    SP: [[1000, 19999]],
    RJ: [[20000, 28999]],
    ES: [[29000, 29999]],
    MG: [[30000, 39999]],
    BA: [[40000, 48999]],
    SE: [[49000, 49999]],
    PE: [[50000, 56999]],
    AL: [[57000, 57999]],
    PB: [[58000, 58999]],
    RN: [[59000, 59999]],
    CE: [[60000, 63999]],
    PI: [[64000, 64999]],
    MA: [[65000, 65999]],
    PA: [[66000, 68899]],
    AP: [[68900, 68999]],
    AM: [
      [69000, 69299],
      [69400, 69899],
    ],
    RR: [[69300, 69399]],
    AC: [[69900, 69999]],
    DF: [
      [70000, 72799],
      [73000, 73699],
    ],
    GO: [
      [72800, 72999],
      [73700, 76799],
    ],
    RO: [[76800, 76999]],
    TO: [[77000, 77999]],
    MT: [[78000, 78899]],
    MS: [[79000, 79999]],
    PR: [[80000, 87999]],
    SC: [[88000, 89999]],
    RS: [[90000, 99999]],
  };

  it('holds a few hundred CEPs, in order, once each, with at least one in every state capital', () => {
    expect(embeddedCeps.length).toBeGreaterThanOrEqual(300);
    const ceps = embeddedCeps.map(([cep]) => cep);
    expect(ceps).toEqual([...ceps].sort());
    expect(new Set(ceps).size).toBe(ceps.length);
    for (const [state, capital] of Object.entries(capitals)) {
      expect(
        embeddedCeps.some((row) => row[1] === state && row[2] === capital),
        `${capital}/${state}`,
      ).toBe(true);
    }
  });

  it('has 8-digit CEPs inside their state’s range and every field filled', () => {
    for (const [cep, state, city, neighborhood, street] of embeddedCeps) {
      expect(cep).toMatch(/^\d{8}$/);
      const prefix = Number(cep.slice(0, 5));
      const ranges = stateRanges[state];
      expect(ranges, `${cep} ${state}`).toBeDefined();
      expect(
        ranges?.some(([low, high]) => prefix >= low && prefix <= high),
        `${cep} is not a CEP of ${state}`,
      ).toBe(true);
      for (const text of [city, neighborhood, street]) expect(text.trim()).toBe(text);
      expect(city && neighborhood && street).toBeTruthy();
    }
  });
});

describe('the online lookup (cep-promise), without the network', () => {
  const embedded = createEmbeddedCepLookup();

  it('answers what the services found, with the state in capitals', async () => {
    const service: CepService = async (cep) => ({
      cep,
      state: 'rj',
      city: ' Niterói ',
      neighborhood: 'Icaraí',
      street: 'Rua Moreira César',
    });
    const lookup = createOnlineCepLookup({ service });
    expect(await lookup.find('24230050')).toEqual({
      cep: '24230050',
      state: 'RJ',
      city: 'Niterói',
      neighborhood: 'Icaraí',
      street: 'Rua Moreira César',
    });
  });

  it('says a CEP is unknown when a service says so', async () => {
    const service: CepService = async () => {
      throw serviceFailure('CEP não encontrado na base do ViaCEP.', 'Erro ao se conectar com o serviço BrasilAPI.');
    };
    expect(await createOnlineCepLookup({ service, fallback: embedded }).find('99999999')).toBeNull();
  });

  it('falls back to the table when no service answers, and is unavailable for what the table lacks', async () => {
    const service: CepService = async () => {
      throw serviceFailure('Erro ao se conectar com o serviço ViaCEP.', 'Erro ao se conectar com o serviço BrasilAPI.');
    };
    const lookup = createOnlineCepLookup({ service, fallback: embedded });
    expect(await lookup.find('01001000')).toEqual(praçaDaSé);
    await expect(lookup.find('24230050')).rejects.toBeInstanceOf(CepLookupUnavailableError);
  });

  it('gives up on services that do not answer in time', async () => {
    const service: CepService = () => new Promise(() => {});
    const lookup = createOnlineCepLookup({ service, timeoutMilliseconds: 20 });
    await expect(lookup.find('24230050')).rejects.toBeInstanceOf(CepLookupUnavailableError);
  });

  it('answers 404 and 503 through the call', async () => {
    const service: CepService = async (cep) => {
      if (cep === '99999999') throw serviceFailure('CEP não encontrado na base dos Correios.');
      throw serviceFailure('Erro ao se conectar com o serviço ViaCEP.');
    };
    const online = await createTestContext({ cepLookup: createOnlineCepLookup({ service, fallback: embedded }) });
    const target = await createTestOrganization(online);
    const unknown = await call(online, 'GET', '/api/cep/99999-999/', { token: target.client.token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'CEP não encontrado.' });
    const down = await call(online, 'GET', '/api/cep/24230-050/', { token: target.client.token });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      detail: 'A consulta de CEP está indisponível no momento. Preencha o endereço manualmente.',
    });
    const known = await call(online, 'GET', '/api/cep/01001-000/', { token: target.client.token });
    expect(known.json()).toEqual(praçaDaSé);
  });

  it('loads cep-promise without leaving its Promise.any in the process', async () => {
    const nativePromiseAny = Promise.any;
    const service = await loadCepPromise();
    expect(typeof service).toBe('function');
    expect(Promise.any).toBe(nativePromiseAny);
    await expect(Promise.any([Promise.reject(new Error('a'))])).rejects.toBeInstanceOf(AggregateError);
  });
});

describe('CEP_LOOKUP', () => {
  it('is the embedded table unless set to online, and nothing else', async () => {
    expect(readConfig({}).cepLookup).toBe('embedded');
    expect(readConfig({ CEP_LOOKUP: 'online' }).cepLookup).toBe('online');
    expect(() => readConfig({ CEP_LOOKUP: 'correios' })).toThrow('CEP_LOOKUP must be embedded or online: correios');
    const embedded: CepLookup = createConfiguredCepLookup({ cepLookup: 'embedded' });
    expect(await embedded.find('01001000')).toEqual(praçaDaSé);
  });
});
