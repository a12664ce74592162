import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMultipart } from './helpers/multipart';
import { call, createTestContext, createTestOrganization, type TestContext } from './helpers/test-app';

const fixtures =
  process.env.PRUMO_STATEMENT_FIXTURES ?? path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');
const readFixture = (relative: string) => readFileSync(path.join(fixtures, relative));

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

function upload(token: string, names: string[], url = '/api/upload/') {
  const body = buildMultipart(
    names.map((name) => ({
      name: 'files',
      fileName: path.basename(name),
      content: readFixture(name),
      type: 'application/octet-stream',
    })),
  );
  return call(context, 'POST', url, { token, ...body });
}

const itau = 'adelarcubs__ofxparser/extrato_itau.ofx';
const santander = 'adelarcubs__ofxparser/extrato_santander.ofx';

describe('the period of an import', () => {
  it('answers the first and last day of the lines the files hold, so the screen opens on them', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;

    // Itaú: 02/08/2016 to 26/09/2016; Santander: 01/08/2016 to 15/09/2016.
    const both = await upload(token, [itau, santander]);
    expect(both.statusCode).toBe(201);
    expect(both.json().period).toEqual({ start: '2016-08-01', end: '2016-09-26' });
    const lines = await call(context, 'GET', '/api/cash-flow/?start=2016-08-01&end=2016-09-26&limit=1', { token });
    expect(lines.json().count).toBe(72);

    // The same file again adds nothing, but its lines are still where they were: the same period.
    const again = await upload(token, [santander], `/api/import-bundle/${both.json().bundle.id}/add/`);
    expect(again.statusCode).toBe(201);
    expect(again.json().files[0].transactions_added).toBe(0);
    expect(again.json().period).toEqual({ start: '2016-08-01', end: '2016-09-15' });
  });
});
