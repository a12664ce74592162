import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertAuthToken } from '../src/modules/accounts/accounts.repo';
import { buildMultipart } from './helpers/multipart';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

const statementFixtures = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');

/**
 * Every operation of the OpenAPI document, sent malformed input anonymously and as each role: no
 * answer may be a 5xx. The operations are read from the document, so a new call is covered the day
 * it is added.
 */

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
}

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  parameters: OpenApiParameter[];
  body: JsonSchema | undefined;
}

interface Attempt {
  label: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

const nul = 'a\u0000b';
const longText = 'x'.repeat(20_000);

/** Values no one means, for a string in the address or the query. */
const hostileTexts = [
  nul,
  '\u0000',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '99999999999999999999999',
  '1e309',
  'NaN',
  'abc',
  '2024-02-30',
  '0000-00-00',
  '99999-12-31',
  'x'.repeat(90),
];

/** Values no one means, for a field of a JSON body (each in place of a sensible value). */
const hostileValues: unknown[] = [
  nul,
  '\u0000',
  longText,
  '',
  -1,
  0,
  1.5,
  2147483648,
  9007199254740992,
  1e308,
  -1e308,
  '2024-02-30',
  '99999-12-31',
  '1e309',
  true,
  null,
  [],
  [nul],
  {},
  { [nul]: nul },
];

const sampleTexts: Record<string, string> = {
  email: 'fuzz@exemplo.com.br',
  cpf: '52998224725',
  cnpj: '11222333000181',
  phone: '11987654321',
  cep: '01310100',
  password: 'Senha@segura1',
  password1: 'Senha@segura1',
  password2: 'Senha@segura1',
  old_password: 'Senha@segura1',
  new_password1: 'Outra@segura2',
  new_password2: 'Outra@segura2',
  date: '2024-01-15',
  start: '2024-01-01',
  end: '2024-01-31',
  slug: 'fuzz-org',
  color: '123456',
  primary_color: '123456',
  secondary_color: '654321',
};

/** A value the schema accepts (as far as its JSON Schema tells), so mutations reach the handler. */
function sampleOf(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'texto';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return sampleOf(choices.find((choice) => choice.type !== 'null') ?? choices[0], name);
  if (schema.allOf?.length) return sampleOf(schema.allOf[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const sample: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) sample[key] = sampleOf(property, key);
      return sample;
    }
    case 'array':
      return [sampleOf(schema.items, name)];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'email') return sampleTexts.email;
      if (schema.format === 'date') return sampleTexts.date;
      if (schema.format === 'date-time') return '2024-01-15T10:00:00.000Z';
      const known = sampleTexts[name];
      if (known) return known;
      return 'texto'.padEnd(Math.max(5, schema.minLength ?? 0), 'x').slice(0, schema.maxLength ?? 1000);
    }
    default:
      return 'texto';
  }
}

/** The sample with the value at `path` replaced; every path of objects (and first array items), two levels deep. */
function* mutationsOf(sample: unknown, path: string[] = [], depth = 0): Generator<{ path: string; body: unknown }> {
  if (depth > 2) return;
  if (Array.isArray(sample)) {
    for (const value of hostileValues) yield { path: `${path.join('.')}[0]`, body: [value] };
    if (sample.length && typeof sample[0] === 'object' && sample[0] !== null) {
      for (const inner of mutationsOf(sample[0], [...path, '0'], depth + 1)) yield { ...inner, body: [inner.body] };
    }
    return;
  }
  if (typeof sample !== 'object' || sample === null) return;
  for (const [key, value] of Object.entries(sample)) {
    for (const hostile of hostileValues) yield { path: [...path, key].join('.'), body: { ...sample, [key]: hostile } };
    if (typeof value === 'object' && value !== null) {
      for (const inner of mutationsOf(value, [...path, key], depth + 1)) {
        yield { ...inner, body: { ...(sample as object), [key]: inner.body } };
      }
    }
  }
}

function readOperations(document: { paths?: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      operations.push({
        method: upper as Operation['method'],
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** The multipart fields Prumo's uploads read; any other name is ignored by them. */
const multipartFieldNames = ['file', 'files', 'favicon', 'header_image', 'footer_image', 'profile_picture'];
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function buildAttempts(operation: Operation, sensible: Record<string, string>, clientQuery: string): Attempt[] {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const fillPath = (overrides: Record<string, string> = {}) =>
    operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(overrides[name] ?? sensible[name] ?? '1'),
    );
  const withQuery = (url: string, query = '') => {
    const joined = [clientQuery, query].filter(Boolean).join('&');
    return joined ? `${url}?${joined}` : url;
  };
  const attempts: Attempt[] = [{ label: 'sensible address, no body', url: withQuery(fillPath()) }];
  for (const parameter of pathParameters) {
    for (const text of hostileTexts) {
      attempts.push({
        label: `path ${parameter.name}=${JSON.stringify(text)}`,
        url: withQuery(fillPath({ [parameter.name]: text })),
      });
    }
  }
  const base = withQuery(fillPath());
  for (const parameter of queryParameters) {
    for (const text of hostileTexts) {
      attempts.push({
        label: `query ${parameter.name}=${JSON.stringify(text)}`,
        url: withQuery(fillPath(), `${parameter.name}=${encodeURIComponent(text)}`),
      });
    }
    attempts.push({
      label: `query ${parameter.name} twice`,
      url: withQuery(fillPath(), `${parameter.name}=1&${parameter.name}=${encodeURIComponent(nul)}`),
    });
  }
  attempts.push({ label: 'unknown query with NUL', url: withQuery(fillPath(), `q=${encodeURIComponent(nul)}`) });
  if (operation.method === 'GET' || operation.method === 'DELETE') return attempts;

  for (const payload of [{}, [], 'texto', 1, { [nul]: 1 }]) {
    attempts.push({ label: `body ${JSON.stringify(payload)}`, url: base, payload: JSON.stringify(payload) });
  }
  attempts.push({ label: 'body null', url: base, payload: 'null', headers: { 'content-type': 'application/json' } });
  if (operation.body) {
    const sample = sampleOf(operation.body);
    attempts.push({ label: `sample body ${JSON.stringify(sample)}`, url: base, payload: sample });
    for (const mutation of mutationsOf(sample)) {
      const value = JSON.stringify(mutation.body).slice(0, 120);
      attempts.push({ label: `body ${mutation.path}: ${value}`, url: base, payload: mutation.body });
    }
  } else {
    // Uploads read multipart parts themselves: NUL in a field, in a file name, and an empty form.
    const parts = multipartFieldNames.flatMap((name) => [
      { name, fileName: `imagem${nul}.png`, content: tinyPng, type: 'image/png' },
      { name: `${name}_texto`, content: nul },
    ]);
    attempts.push({ label: 'multipart with NUL in names and values', url: base, ...asAttempt(buildMultipart(parts)) });
    attempts.push({
      label: 'multipart link_redirect with NUL',
      url: base,
      ...asAttempt(buildMultipart([{ name: 'link_redirect', content: `https://exemplo.com.br/${nul}` }])),
    });
    attempts.push({ label: 'multipart with no parts', url: base, ...asAttempt(buildMultipart([])) });
  }
  return attempts;
}

function asAttempt(body: { payload: Buffer; headers: Record<string, string> }) {
  return { payload: body.payload, headers: body.headers };
}

const concurrentRequests = 8;

let context: TestContext;
let organization: TestOrganization;

beforeAll(async () => {
  // Throttles answer 429 (no 5xx), but they would hide what lies behind them.
  context = await createTestContext({ rateLimitScale: 1_000_000 });
  organization = await createTestOrganization(context);
  // Sensible values of this organization, so that anonymous calls (registration) get past their lookups.
  const me = await context.app.inject({
    url: '/api/me/',
    headers: { authorization: `Token ${organization.manager.token}` },
  });
  sampleTexts.organization = organization.slug;
  sampleTexts.hash = me.json().hash;
  sampleTexts.role = 'cliente';
  await seedClientRecords();
});

/** The client's own records (a typed line, a budget item, an imported statement), so calls on an id find one. */
async function seedClientRecords(): Promise<void> {
  const token = organization.client.token;
  const categories: { id: number }[] = (await call(context, 'GET', '/api/category/', { token })).json();
  const category = categories[0]?.id;
  const seeds = [
    await call(context, 'POST', '/api/cash-flow/', {
      token,
      payload: { name: 'Mercado', amount: -1000, date: '2026-11-10', category },
    }),
    await call(context, 'POST', '/api/budget-item/', {
      token,
      payload: { target_month: '2026-11', category, amount: 1000 },
    }),
    await call(context, 'POST', '/api/upload/', {
      token,
      ...buildMultipart([
        {
          name: 'files',
          fileName: 'itau.xlsx',
          content: readFileSync(path.join(statementFixtures, 'financeiroLLE__Conciliacao-Extratos/Itau-CC-67890.xlsx')),
          type: 'application/octet-stream',
        },
      ]),
    }),
  ];
  for (const seed of seeds) expect(seed.statusCode, seed.body).toBeLessThan(300);
}

/** Every `id` in a JSON answer, however deep. */
function collectIds(value: unknown, into: Set<number>): void {
  if (Array.isArray(value)) for (const item of value) collectIds(item, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'id' && typeof item === 'number') into.add(item);
      else collectIds(item, into);
    }
  }
}

/** The ids the client's and their planner's lists show: candidates for the `{id}` of an address. */
async function collectVisibleIds(operations: Operation[]): Promise<number[]> {
  const ids = new Set<number>();
  const lists = operations.filter((operation) => operation.method === 'GET' && !operation.path.includes('{'));
  for (const operation of lists) {
    for (const [token, query] of [
      [organization.client.token, ''],
      [organization.planner.token, `?clientId=${organization.client.row.id}`],
    ] as const) {
      const response = await call(context, 'GET', `${operation.path}${query}`, { token });
      if (response.statusCode === 200 && response.headers['content-type']?.toString().includes('json')) {
        collectIds(response.json(), ids);
      }
    }
  }
  return [...ids];
}

/** A documentation address (RFC 5737), so the test's wrong sign-ins throttle only itself. */
const fuzzAddress = '192.0.2.77';

describe('malformed input to every operation of the OpenAPI document', () => {
  // Tens of thousands of requests: about a minute on a quiet machine, several on a busy one. The
  // limit only catches a hang.
  it('never answers a 5xx, anonymously or as any role', { timeout: 900_000 }, async () => {
    await context.app.ready();
    const operations = readOperations(context.app.swagger() as never);
    expect(operations.length).toBeGreaterThan(50);
    const roles = [
      { name: 'anônimo', user: null },
      { name: 'cliente', user: organization.client },
      { name: 'planejador', user: organization.planner },
      { name: 'gestor', user: organization.manager },
    ];
    const failures: string[] = [];
    let requests = 0;
    const candidateIds = (await collectVisibleIds(operations)).slice(0, 40);
    const fixedValues: Record<string, string> = {
      slug: organization.slug,
      role: 'cliente',
      hash: sampleTexts.hash ?? '',
    };
    for (const operation of operations) {
      // A parameter with a list of values (a chart's name, a task's type) takes its first.
      const listedValues = Object.fromEntries(
        operation.parameters
          .filter((parameter) => parameter.in === 'path' && parameter.schema?.enum?.length)
          .map((parameter) => [parameter.name, String(parameter.schema?.enum?.[0])]),
      );
      const idNames = [...operation.path.matchAll(/\{([^}]+)\}/g)]
        .map((match) => match[1] as string)
        .filter((name) => !(name in fixedValues) && !(name in listedValues));
      for (const role of roles) {
        // A fresh session per operation: an earlier one may have signed out or changed the password.
        const token = role.user
          ? await insertAuthToken(context.database.db, role.user.row.id, new Date(Date.now() + 3_600_000))
          : null;
        const send = async (attempt: Attempt) => {
          const response = await context.app.inject({
            method: operation.method,
            url: attempt.url,
            // An address of its own: the sign-ins it garbles count against it, not the other files' 127.0.0.1.
            remoteAddress: fuzzAddress,
            payload: attempt.payload as string | Buffer | object | undefined,
            headers: {
              ...(token ? { authorization: `Token ${token}` } : {}),
              ...(typeof attempt.payload === 'string' ? { 'content-type': 'application/json' } : {}),
              ...attempt.headers,
            },
          });
          requests += 1;
          if (response.statusCode >= 500) {
            failures.push(
              `${operation.method} ${operation.path} as ${role.name} → ${response.statusCode}: ${attempt.label}`,
            );
          }
          return response.statusCode;
        };
        // A planner (and a manager) names the client whose records the call is about.
        const clientQuery =
          role.user && role.user !== organization.client ? `clientId=${organization.client.row.id}` : '';
        const sensibleValues = { ...fixedValues, ...listedValues };
        if (idNames.length && role.user && operation.method !== 'DELETE') {
          // The first id the call finds (not 404), so that what follows reaches past the lookup.
          const sampleBody = operation.body ? sampleOf(operation.body) : undefined;
          for (const id of candidateIds) {
            const values = {
              ...fixedValues,
              ...listedValues,
              ...Object.fromEntries(idNames.map((name) => [name, String(id)])),
            };
            const [probe] = buildAttempts(operation, values, clientQuery) as [Attempt];
            if ((await send({ ...probe, label: `id ${id}`, payload: sampleBody })) !== 404) {
              Object.assign(sensibleValues, values);
              break;
            }
          }
        }
        const attempts = buildAttempts(operation, sensibleValues, clientQuery);
        const [sensible, ...hostile] = attempts as [Attempt, ...Attempt[]];
        // Signed out, a call that needs a session validates its input as it does for a role, then answers 401.
        if ((await send(sensible)) === 401 && !role.user) continue;
        // A few at a time: password hashing and the database then work while the next request is read.
        for (let start = 0; start < hostile.length; start += concurrentRequests) {
          await Promise.all(hostile.slice(start, start + concurrentRequests).map(send));
        }
      }
    }
    console.log(`malformed input: ${operations.length} operations, ${requests} requests, ${failures.length} 5xx`);
    expect(failures).toEqual([]);
  });
});
