import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { call, createTestContext, createTestOrganization, type TestContext } from './helpers/test-app';

let context: TestContext;

beforeAll(async () => {
  // The real thresholds: 3 free sends of the public forms per address.
  context = await createTestContext({ rateLimitScale: 1, challengeFreeSends: 3 });
});

const required = { challenge: ['Confirme que você não é um robô para continuar.'] };
const passRefused = { challenge: ['A verificação expirou ou já foi usada. Confirme de novo que você não é um robô.'] };
const invalidSolution = { solution: ['Verificação inválida, expirada ou já usada. Tente de novo.'] };

/** What the widget does: fetch a challenge, solve it, send `base64({challenge, solution})`. */
async function solveEmbeddedChallenge(from: string): Promise<string> {
  const widget = await call(context, 'GET', '/api/siteverify/', { remoteAddress: from });
  expect(widget.statusCode).toBe(200);
  expect(widget.headers['cache-control']).toBe('no-store');
  const { provider, challenge } = widget.json() as { provider: string; challenge: Challenge };
  expect(provider).toBe('altcha');
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

function verify(solution: string, from: string) {
  return call(context, 'POST', '/api/siteverify/', { payload: { solution }, remoteAddress: from });
}

function askPasswordReset(slug: string, from: string, pass?: string) {
  return call(context, 'POST', '/api/rest-auth/password/reset/', {
    payload: { email: `alguem@${slug}.test`, organization: slug },
    remoteAddress: from,
    ...(pass && { headers: { 'x-challenge': pass } }),
  });
}

describe('POST siteverify/ with the embedded challenge', () => {
  it('answers a single-use pass for a solved challenge and refuses the same solution again', async () => {
    const solution = await solveEmbeddedChallenge('192.0.2.80');
    const response = await verify(solution, '192.0.2.80');
    expect(response.statusCode).toBe(200);
    const pass = response.json();
    expect(pass.success).toBe(true);
    expect(typeof pass.token).toBe('string');
    expect(new Date(pass.expires_at).getTime()).toBeGreaterThan(Date.now());

    const replay = await verify(solution, '192.0.2.80');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(invalidSolution);
  });

  it('refuses a forged solution: a wrong key, a challenge not signed here, garbage', async () => {
    const solution = await solveEmbeddedChallenge('192.0.2.81');
    const payload = JSON.parse(Buffer.from(solution, 'base64').toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    // The derived key is the work's result (the counter that found it is secret to the server).
    const lastDigit = payload.solution.derivedKey.at(-1) === '0' ? '1' : '0';
    const wrongKey = {
      ...payload,
      solution: { ...payload.solution, derivedKey: `${payload.solution.derivedKey.slice(0, -1)}${lastDigit}` },
    };
    // An easy challenge of the caller's making: the signature does not cover it.
    const easier = {
      ...payload,
      challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 1 } },
    };
    const unsigned = { ...payload, challenge: { parameters: payload.challenge.parameters } };
    for (const forged of [encode(wrongKey), encode(easier), encode(unsigned), 'bm90IGpzb24=', 'x']) {
      const response = await verify(forged, '192.0.2.81');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(invalidSolution);
    }
    // The untouched one still passes: the refusals spent nothing.
    expect((await verify(solution, '192.0.2.81')).statusCode).toBe(200);
  });

  it('asks for the solution', async () => {
    const response = await call(context, 'POST', '/api/siteverify/', { payload: {}, remoteAddress: '192.0.2.82' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ solution: ['Esse campo é obrigatório.'] });
  });
});

describe('public forms once an address shows abuse', () => {
  it('lets 3 sends through, then asks for a challenge; a pass works once, from its own address', async () => {
    const target = await createTestOrganization(context);
    const from = '192.0.2.90';
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await askPasswordReset(target.slug, from)).statusCode).toBe(200);
    }
    const refused = await askPasswordReset(target.slug, from);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(required);

    const pass = (await verify(await solveEmbeddedChallenge(from), from)).json().token as string;
    // Another address cannot use it.
    const elsewhere = await askPasswordReset(target.slug, '192.0.2.91', pass);
    expect(elsewhere.statusCode).toBe(200);
    for (let attempt = 0; attempt < 3; attempt++) await askPasswordReset(target.slug, '192.0.2.91');
    expect((await askPasswordReset(target.slug, '192.0.2.91', pass)).json()).toEqual(passRefused);

    const accepted = await askPasswordReset(target.slug, from, pass);
    expect(accepted.statusCode).toBe(200);
    const replayed = await askPasswordReset(target.slug, from, pass);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual(passRefused);
    const forged = await askPasswordReset(target.slug, from, `${pass.slice(0, -2)}xx`);
    expect(forged.json()).toEqual(passRefused);
  });

  it('counts every guarded form together: registration, organization registration, prospect upload', async () => {
    const target = await createTestOrganization(context);
    const from = '192.0.2.92';
    await askPasswordReset(target.slug, from);
    const organization = await call(context, 'POST', '/api/organization/', {
      payload: { name: 'Planejar', corporate_name: 'Planejar Ltda.', cnpj: '11222333000181', slug: 'planejar-x92' },
      remoteAddress: from,
    });
    expect(organization.statusCode).not.toBe(400);
    const registration = await call(context, 'POST', '/api/rest-auth/registration/simple/', {
      payload: { organization: target.slug, hash: 'nenhum' },
      remoteAddress: from,
    });
    expect(registration.json()).not.toEqual(required);
    for (const [method, url] of [
      ['POST', '/api/rest-auth/registration/'],
      ['POST', '/api/rest-auth/registration/simple/'],
      ['POST', `/api/organization/${target.slug}/finish-register/`],
      ['POST', '/api/organization/'],
      ['POST', `/api/prospect-upload/abc/?organization=${target.slug}`],
      ['POST', '/api/rest-auth/password/reset/'],
    ] as const) {
      const response = await call(context, method, url, { payload: {}, remoteAddress: from });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 400, body: required });
    }
    // Sign-in and the organization's page are not guarded.
    expect((await call(context, 'GET', `/api/organization/${target.slug}/`, { remoteAddress: from })).statusCode).toBe(
      200,
    );
  });
});

describe('an outside challenge service (Turnstile, hCaptcha) behind the same calls', () => {
  let fake: Server;
  let fakeUrl: string;
  const received: URLSearchParams[] = [];
  const spent = new Set<string>();
  let failing = false;

  beforeAll(async () => {
    // As the services answer: a token is good once, for the right secret key.
    fake = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const form = new URLSearchParams(body);
        received.push(form);
        if (failing) {
          response.writeHead(502).end();
          return;
        }
        const token = form.get('response') ?? '';
        const success = form.get('secret') === 'segredo-teste' && token.startsWith('bom-') && !spent.has(token);
        spent.add(token);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ success, 'error-codes': success ? [] : ['invalid-input-response'] }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/siteverify`;
  });

  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  async function createServiceContext(provider: 'turnstile' | 'hcaptcha') {
    return createTestContext({
      rateLimitScale: 1,
      challengeFreeSends: 3,
      environment: {
        CHALLENGE_PROVIDER: provider,
        CHALLENGE_SITE_KEY: 'chave-publica',
        CHALLENGE_SECRET_KEY: 'segredo-teste',
        CHALLENGE_VERIFY_URL: fakeUrl,
      },
    });
  }

  it('Turnstile: shows the site key, asks the service with the secret key, refuses a replay', async () => {
    const turnstile = await createServiceContext('turnstile');
    const widget = await call(turnstile, 'GET', '/api/siteverify/', { remoteAddress: '192.0.2.100' });
    expect(widget.json()).toEqual({ provider: 'turnstile', site_key: 'chave-publica' });
    expect(widget.headers['content-security-policy']).toContain('https://challenges.cloudflare.com');

    const good = await call(turnstile, 'POST', '/api/siteverify/', {
      payload: { solution: 'bom-1' },
      remoteAddress: '192.0.2.100',
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().success).toBe(true);
    const asked = received.at(-1);
    expect(asked?.get('secret')).toBe('segredo-teste');
    expect(asked?.get('remoteip')).toBe('192.0.2.100');

    for (const solution of ['bom-1', 'ruim-1']) {
      const refused = await call(turnstile, 'POST', '/api/siteverify/', {
        payload: { solution },
        remoteAddress: '192.0.2.100',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(invalidSolution);
    }
  });

  it('hCaptcha: the same calls; a service that does not answer is 503, not a wrong solution', async () => {
    const hcaptcha = await createServiceContext('hcaptcha');
    expect((await call(hcaptcha, 'GET', '/api/siteverify/')).json()).toEqual({
      provider: 'hcaptcha',
      site_key: 'chave-publica',
    });
    failing = true;
    const down = await call(hcaptcha, 'POST', '/api/siteverify/', {
      payload: { solution: 'bom-2' },
      remoteAddress: '192.0.2.101',
    });
    failing = false;
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ detail: 'O serviço de verificação não respondeu. Tente novamente em instantes.' });
    const good = await call(hcaptcha, 'POST', '/api/siteverify/', {
      payload: { solution: 'bom-3' },
      remoteAddress: '192.0.2.101',
    });
    expect(good.statusCode).toBe(200);
  });
});

describe('the challenge settings', () => {
  it('default to the embedded challenge after 3 free sends, and refuse what cannot work', () => {
    const defaults = readConfig({});
    expect(defaults.challenge).toEqual({ provider: 'altcha' });
    expect(defaults.challengeFreeSends).toBe(3);
    expect(readConfig({ CHALLENGE_FREE_SENDS: '0' }).challengeFreeSends).toBe(0);
    expect(() => readConfig({ CHALLENGE_PROVIDER: 'recaptcha' })).toThrow(
      'CHALLENGE_PROVIDER must be altcha, turnstile or hcaptcha: recaptcha',
    );
    expect(() => readConfig({ CHALLENGE_PROVIDER: 'turnstile', CHALLENGE_SITE_KEY: 'chave' })).toThrow(
      'CHALLENGE_PROVIDER=turnstile needs CHALLENGE_SITE_KEY and CHALLENGE_SECRET_KEY',
    );
    expect(() => readConfig({ CHALLENGE_FREE_SENDS: 'muitos' })).toThrow('CHALLENGE_FREE_SENDS must be a whole number');
    expect(
      readConfig({ CHALLENGE_PROVIDER: 'hcaptcha', CHALLENGE_SITE_KEY: 'chave', CHALLENGE_SECRET_KEY: 'segredo' })
        .challenge,
    ).toEqual({
      provider: 'hcaptcha',
      siteKey: 'chave',
      secretKey: 'segredo',
      verifyUrl: 'https://api.hcaptcha.com/siteverify',
    });
  });
});
