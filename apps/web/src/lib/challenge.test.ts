import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestApi } from './api-client';
import { isChallengeRequest, keepChallengePass } from './challenge';
import { ApiError } from './errors';

function stubFetch() {
  const sent: Headers[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the challenge pass', () => {
  it('goes once, with the next public form sent, in X-Challenge', async () => {
    const sent = stubFetch();
    keepChallengePass('1800000000.nonce.signature');
    await requestApi('organization/demo/', { authenticated: false });
    await requestApi('rest-auth/password/reset/', { method: 'POST', body: {}, authenticated: false });
    await requestApi('rest-auth/password/reset/', { method: 'POST', body: {}, authenticated: false });
    expect(sent.map((headers) => headers.get('X-Challenge'))).toEqual([null, '1800000000.nonce.signature', null]);
  });
});

describe('isChallengeRequest', () => {
  it('recognizes the 400 that asks for the widget, and nothing else', () => {
    const asking = new ApiError({
      status: 400,
      data: { challenge: ['Confirme que você não é um robô para continuar.'] },
      message: 'Confirme que você não é um robô para continuar.',
      notified: false,
    });
    const otherField = new ApiError({ status: 400, data: { email: ['x'] }, message: 'x', notified: false });
    const tooMany = new ApiError({ status: 429, data: { detail: 'x' }, message: 'x', notified: false });
    expect([asking, otherField, tooMany, new Error('x')].map(isChallengeRequest)).toEqual([true, false, false, false]);
  });
});
