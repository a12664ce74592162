import { containsCardNumber } from '@prumo/domain/payments/card-data-redaction';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentErrorLogs } from '../src/db/schema';
import {
  maximumPaymentErrorReportBytes,
  paymentErrorReportsPerAddress,
} from '../src/modules/payment-error-logs/payment-error-logs.routes';
import { removeOldPaymentErrorLogs } from '../src/modules/payment-error-logs/payment-error-logs.service';
import { rateLimitMessage } from '../src/plugins/rate-limit';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

const logLines: string[] = [];
let context: TestContext;
let organization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext({ logLines });
  organization = await createTestOrganization(context);
});

const cardNumber = '4000000000000010';
const securityCode = '737';
const holderName = 'MARIA DA SILVA TESTE';

/** What the payment screen reports when tokenizing a card fails: card data in every form it could take. */
function buildReport() {
  return {
    type: 'card_token',
    error: {
      message: 'The request is invalid.',
      errors: { 'card.number': ['The number field is not a valid card number'] },
      note: `cartão ${cardNumber.replace(/(\d{4})/g, '$1 ').trim()} recusado`,
    },
    request: {
      type: 'card',
      card: { number: cardNumber, holder_name: holderName, exp_month: 12, exp_year: 30, cvv: securityCode },
      address: { zipcode: '01001000', street: 'Praça da Sé', street_number: '100', city: 'São Paulo' },
      raw: JSON.stringify({ card: { number: Number(cardNumber), security_code: securityCode } }),
      query: `card_number=${cardNumber}&cvv=${securityCode}`,
    },
  };
}

async function readRows(organizationId: number) {
  return context.database.db.select().from(paymentErrorLogs).where(eq(paymentErrorLogs.organizationId, organizationId));
}

/**
 * No card number (however split), security code nor holder name in a text. The log's own numbers
 * (response times with 15 decimals) look like digit runs, so the card's digits are looked for.
 */
function expectNoCardData(text: string) {
  expect(text.replace(/[\s.\-\\"]/g, '')).not.toContain(cardNumber);
  expect(text).not.toContain(holderName);
  expect(text).not.toMatch(new RegExp(`(cvv|security_code)\\W{0,4}${securityCode}`, 'i'));
}

describe('POST /api/core/log', () => {
  it('stores a client’s payment error without any card data, under their organization and user', async () => {
    const response = await call(context, 'POST', '/api/core/log', {
      token: organization.client.token,
      payload: buildReport(),
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    expect(id).toEqual(expect.any(Number));
    const [row] = await readRows(organization.id);
    expect(row).toMatchObject({
      id,
      organizationId: organization.id,
      userId: organization.client.row.id,
      type: 'card_token',
    });
    const stored = JSON.stringify([row?.type, row?.error, row?.request]);
    expectNoCardData(stored);
    expect(containsCardNumber(stored)).toBe(false);
    expect(stored).not.toContain(securityCode);
    // What support needs stays: the gateway's messages, the address, which fields were sent.
    expect(row?.error).toEqual({
      message: 'The request is invalid.',
      errors: { 'card.number': ['The number field is not a valid card number'] },
      note: 'cartão [removido] recusado',
    });
    expect(row?.request).toMatchObject({
      type: 'card',
      card: { number: '[removido]', cvv: '[removido]', holder_name: '[removido]', exp_month: '[removido]' },
      address: { zipcode: '01001000', street: 'Praça da Sé', street_number: '100', city: 'São Paulo' },
      query: 'card_number=[removido]&cvv=[removido]',
    });
  });

  it('logs the report without card data, and no request line shows one', async () => {
    logLines.length = 0;
    const response = await call(context, 'POST', `/api/core/log?number=${cardNumber}&cvv=${securityCode}`, {
      token: organization.planner.token,
      payload: buildReport(),
    });
    expect(response.statusCode).toBe(201);
    const reported = logLines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'payment error reported');
    expect(reported?.paymentError).toMatchObject({ id: response.json().id, type: 'card_token' });
    expect(JSON.stringify(reported)).not.toContain(securityCode);
    const everything = logLines.join('\n');
    expectNoCardData(everything);
    expect(everything).toContain('/api/core/log?number=[oculto]&cvv=[oculto]');
  });

  it('removes a card and its security code written into an address, a form body or an error list', async () => {
    const response = await call(context, 'POST', '/api/core/log', {
      token: organization.client.token,
      payload: {
        type: 'card_token',
        error: {
          url: `https://gateway.example/tokens?card[cvv]=${securityCode}&q=4000+0000+0000+0010`,
          errors: { 'card.cvv': [Number(securityCode)] },
        },
        request: `card%5Bnumber%5D=${cardNumber}&card%5Bcvv%5D=${securityCode}&note=CVV ${securityCode}`,
      },
    });
    expect(response.statusCode).toBe(201);
    const [row] = await context.database.db
      .select()
      .from(paymentErrorLogs)
      .where(eq(paymentErrorLogs.id, response.json().id));
    // Only what came from the body: a timestamp's milliseconds could read 737.
    const stored = JSON.stringify([row?.error, row?.request]);
    expectNoCardData(stored);
    expect(stored).not.toContain(securityCode);
  });

  it('keeps card data out of the log when the report is refused', async () => {
    logLines.length = 0;
    const invalid = await call(context, 'POST', '/api/core/log', {
      token: organization.client.token,
      payload: { ...buildReport(), type: '' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toHaveProperty('type');
    const tooBig = await call(context, 'POST', '/api/core/log', {
      token: organization.client.token,
      payload: { ...buildReport(), padding: 'x'.repeat(maximumPaymentErrorReportBytes) },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ detail: 'Arquivo ou requisição grande demais.' });
    expectNoCardData(logLines.join('\n'));
  });

  it('takes reports from planners and managers too, each under their own user; the body cannot choose them', async () => {
    const other = await createTestOrganization(context);
    for (const user of [other.planner, other.manager]) {
      const response = await call(context, 'POST', '/api/core/log', {
        token: user.token,
        payload: {
          type: 'subscription',
          error: 'Card expired.',
          organization: organization.id,
          user_id: organization.client.row.id,
        },
      });
      expect(response.statusCode).toBe(201);
    }
    const rows = await readRows(other.id);
    expect(rows.map((row) => row.userId).sort()).toEqual([other.planner.row.id, other.manager.row.id].sort());
    expect(rows.every((row) => row.error === 'Card expired.' && row.request === null)).toBe(true);
  });

  it('refuses visitors and stores nothing', async () => {
    const before = await context.database.db.select({ count: sql<number>`count(*)::int` }).from(paymentErrorLogs);
    const response = await call(context, 'POST', '/api/core/log', { payload: buildReport() });
    expect(response.statusCode).toBe(401);
    const after = await context.database.db.select({ count: sql<number>`count(*)::int` }).from(paymentErrorLogs);
    expect(after[0]?.count).toBe(before[0]?.count);
  });

  it('asks for a short type', async () => {
    const missing = await call(context, 'POST', '/api/core/log', {
      token: organization.client.token,
      payload: { error: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('type');
    const long = await call(context, 'POST', '/api/core/log', {
      token: organization.client.token,
      payload: { type: 'x'.repeat(101) },
    });
    expect(long.statusCode).toBe(400);
  });

  it('limits reports per address', async () => {
    const limited = await createTestContext({ rateLimitScale: 1 });
    const target = await createTestOrganization(limited);
    const options = {
      token: target.client.token,
      payload: { type: 'payment', error: 'x' },
      remoteAddress: '198.51.100.81',
    };
    for (let report = 0; report < paymentErrorReportsPerAddress; report++) {
      expect((await call(limited, 'POST', '/api/core/log', options)).statusCode).toBe(201);
    }
    const blocked = await call(limited, 'POST', '/api/core/log', options);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: rateLimitMessage });
  });

  it('forgets reports after 90 days', async () => {
    const target = await createTestOrganization(context);
    for (const type of ['old', 'recent']) {
      await call(context, 'POST', '/api/core/log', { token: target.client.token, payload: { type } });
    }
    const { db } = context.database;
    await db
      .update(paymentErrorLogs)
      .set({ createdAt: sql`now() - interval '91 days'` })
      .where(sql`${paymentErrorLogs.organizationId} = ${target.id} and ${paymentErrorLogs.type} = 'old'`);
    expect(await removeOldPaymentErrorLogs(db, new Date())).toBeGreaterThanOrEqual(1);
    expect((await readRows(target.id)).map((row) => row.type)).toEqual(['recent']);
  });
});
