import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importBundles, statementFiles, tasks } from '../src/db/schema';
import { removeImportLeftovers } from '../src/modules/imports/import-leftovers';
import { createTestContext, createTestOrganization } from './helpers/test-app';

const context = await createTestContext();
const now = new Date('2026-11-24T12:00:00Z');
const twoHoursAgo = new Date('2026-11-24T10:00:00Z');
const tenMinutesAgo = new Date('2026-11-24T11:50:00Z');

describe('start-up removes what an interrupted import left', () => {
  it('removes old empty bundles, old kept originals with no file and old waiting uploads, never an import in flight', async () => {
    const { db } = context.database;
    const organization = await createTestOrganization(context);
    const owner = { organizationId: organization.id, clientUserId: organization.client.row.id };
    const [oldEmpty, recentEmpty, withFile, withTask] = await db
      .insert(importBundles)
      .values([
        { ...owner, createdAt: twoHoursAgo },
        { ...owner, createdAt: tenMinutesAgo },
        { ...owner, createdAt: twoHoursAgo },
        { ...owner, createdAt: twoHoursAgo },
      ])
      .returning({ id: importBundles.id });
    const privateDirectory = path.join(await mkdtemp(path.join(os.tmpdir(), 'prumo-leftovers-test-')), 'private');
    await mkdir(path.join(privateDirectory, 'statements'), { recursive: true });
    const keep = async (name: string, modified: Date) => {
      await writeFile(path.join(privateDirectory, 'statements', name), 'OFXHEADER:100');
      await utimes(path.join(privateDirectory, 'statements', name), modified, modified);
      return `statements/${name}`;
    };
    const kept = await keep('aaaaaaaaaaaaaaaaaaaaaaaa.ofx', twoHoursAgo);
    await keep('bbbbbbbbbbbbbbbbbbbbbbbb.ofx', twoHoursAgo);
    await keep('cccccccccccccccccccccccc.ofx', tenMinutesAgo);
    await db.insert(statementFiles).values({
      ...owner,
      bundleId: withFile?.id as number,
      name: 'extrato.ofx',
      format: 'ofx',
      sizeBytes: 13,
      sha256: 'a'.repeat(64),
      storedPath: kept,
      readStatus: 'Leitura concluída',
    });
    await db.insert(tasks).values({ ...owner, type: 'import', title: 'Enviar extratos', bundleId: withTask?.id });
    const uploadDirectory = path.join(path.dirname(privateDirectory), 'tmp', 'uploads');
    await mkdir(uploadDirectory, { recursive: true });
    const waiting = async (name: string, modified: Date) => {
      await writeFile(path.join(uploadDirectory, name), 'OFXHEADER:100');
      await utimes(path.join(uploadDirectory, name), modified, modified);
    };
    await waiting('upload-of-a-dead-request', twoHoursAgo);
    await waiting('upload-in-flight', tenMinutesAgo);

    const removed = await removeImportLeftovers(db, { privateDirectory, uploadDirectory }, now);

    const ids = [oldEmpty, recentEmpty, withFile, withTask].map((bundle) => bundle?.id as number);
    const remaining = await db
      .select({ id: importBundles.id })
      .from(importBundles)
      .where(inArray(importBundles.id, ids));
    expect(remaining.map((bundle) => bundle.id).sort()).toEqual(ids.slice(1).sort());
    expect(removed.bundles).toBeGreaterThanOrEqual(1);
    expect((await readdir(path.join(privateDirectory, 'statements'))).sort()).toEqual([
      'aaaaaaaaaaaaaaaaaaaaaaaa.ofx',
      'cccccccccccccccccccccccc.ofx',
    ]);
    expect(removed.originals).toBe(1);
    expect(await db.select().from(statementFiles).where(eq(statementFiles.storedPath, kept))).toHaveLength(1);
    expect(await readdir(uploadDirectory)).toEqual(['upload-in-flight']);
    expect(removed.uploads).toBe(1);
  });
});
