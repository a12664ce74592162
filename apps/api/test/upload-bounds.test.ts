import { readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createStatementReaderPool, type StatementReader } from '@prumo/statement-readers/statement-reader-pool';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { importBundles, statementFiles, transactions } from '../src/db/schema';
import { buildMultipart } from './helpers/multipart';
import { call, createTestContext, createTestOrganization, type TestContext } from './helpers/test-app';

const fixtures = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');
const readFixture = (relative: string) => readFileSync(path.join(fixtures, relative));
const uploadTooLarge =
  'Envio grande demais: o limite é 60 MB por envio, somando os arquivos. Envie os extratos em partes.';

function buildUpload(files: { name: string; content: Buffer | string }[]) {
  return buildMultipart(
    files.map((file) => ({ name: 'files', fileName: file.name, content: file.content, type: 'application/x-ofx' })),
  );
}

/** What a client kept: files, bundles and lines. */
async function countKept(context: TestContext, clientUserId: number) {
  const { db } = context.database;
  const [files, bundles, lines] = await Promise.all([
    db.select().from(statementFiles).where(eq(statementFiles.clientUserId, clientUserId)),
    db.select().from(importBundles).where(eq(importBundles.clientUserId, clientUserId)),
    db.select().from(transactions).where(eq(transactions.clientUserId, clientUserId)),
  ]);
  return { files: files.length, bundles: bundles.length, lines: lines.length };
}

async function listUploadsWaiting(context: TestContext): Promise<string[]> {
  try {
    return await readdir(path.join(context.dataDir, 'tmp', 'uploads'));
  } catch {
    return [];
  }
}

describe('an upload is bounded as a whole', () => {
  it('refuses with 413 a request whose files add up to more than 60 MB, importing none of them', async () => {
    const context = await createTestContext();
    const target = await createTestOrganization(context);
    // A good statement first: it must not be imported when the request as a whole is refused.
    const files = [
      { name: 'itau.ofx', content: readFixture('kamino-company__OfxSharp/itau.ofx') },
      ...[1, 2, 3, 4].map((index) => ({ name: `grande-${index}.ofx`, content: Buffer.alloc(16 * 1024 * 1024, 32) })),
    ];
    const body = buildUpload(files);

    const declared = await call(context, 'POST', '/api/upload/', { token: target.client.token, ...body });
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual({ detail: uploadTooLarge });

    // Sent in chunks with no length announced, the files are counted as they arrive.
    const streamed = await context.app.inject({
      method: 'POST',
      url: '/api/upload/',
      headers: { ...body.headers, authorization: `Token ${target.client.token}` },
      payload: Readable.from(
        (function* () {
          for (let offset = 0; offset < body.payload.length; offset += 1024 * 1024) {
            yield body.payload.subarray(offset, offset + 1024 * 1024);
          }
        })(),
      ),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toEqual({ detail: uploadTooLarge });

    expect(await countKept(context, target.client.row.id)).toEqual({ files: 0, bundles: 0, lines: 0 });
    expect(await listUploadsWaiting(context)).toEqual([]);

    // Within the total, the same good statement is imported.
    const within = await call(context, 'POST', '/api/upload/', {
      token: target.client.token,
      ...buildUpload(files.slice(0, 4)),
    });
    expect(within.statusCode).toBe(201);
    expect(within.json().files.map((file: { name: string }) => file.name)).toEqual(['itau.ofx']);
    expect(within.json().rejected).toHaveLength(3);
  });
});

describe('an upload waits on disk while it is read', () => {
  const pool = createStatementReaderPool();
  afterAll(() => pool.close());
  const seen: { path: string; mode: number; size: number }[] = [];
  let failReads = false;
  const watchedReader: StatementReader = {
    read: (fileName, bytes) => pool.read(fileName, bytes),
    async readFile(fileName, filePath) {
      const info = await stat(filePath);
      seen.push({ path: filePath, mode: info.mode & 0o777, size: info.size });
      if (failReads) throw new Error('leitor parou');
      return pool.readFile(fileName, filePath);
    },
    close: async () => {},
  };

  it('reads each file from a private file under DATA_DIR, removed after an import and after a failure', async () => {
    const context = await createTestContext({ statementReader: watchedReader });
    const target = await createTestOrganization(context);
    const statement = readFixture('kamino-company__OfxSharp/itau.ofx');

    const imported = await call(context, 'POST', '/api/upload/', {
      token: target.client.token,
      ...buildUpload([{ name: 'itau.ofx', content: statement }]),
    });
    expect(imported.statusCode).toBe(201);
    expect(imported.json().files[0]).toMatchObject({ name: 'itau.ofx', transactions_added: 3 });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.path.startsWith(path.join(context.dataDir, 'tmp', 'uploads') + path.sep)).toBe(true);
    expect(seen[0]?.mode).toBe(0o600);
    expect(seen[0]?.size).toBe(statement.length);
    expect(await listUploadsWaiting(context)).toEqual([]);
    // The kept original is the whole file, as sent.
    const download = await call(context, 'GET', `/api/file/${imported.json().files[0].id}/download/`, {
      token: target.client.token,
    });
    expect(download.rawPayload.equals(statement)).toBe(true);

    failReads = true;
    const failed = await call(context, 'POST', '/api/upload/', {
      token: target.client.token,
      ...buildUpload([{ name: 'santander.ofx', content: readFixture('kamino-company__OfxSharp/santander.ofx') }]),
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().detail).toBe('Arquivo com leitura incompatível com o sistema.');
    expect(seen).toHaveLength(2);
    expect(await listUploadsWaiting(context)).toEqual([]);
    expect(await countKept(context, target.client.row.id)).toMatchObject({ files: 1, bundles: 1 });
  });
});
