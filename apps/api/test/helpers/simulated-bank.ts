import type { TestContext } from './test-app';

/** Sends one of the simulated bank's forms (login, code, review) as the browser would. */
export async function submitBankForm(context: TestContext, fields: Record<string, string>) {
  return context.app.inject({
    method: 'POST',
    url: '/open-finance-simulator/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}
