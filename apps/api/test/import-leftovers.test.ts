import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDiskStorage } from '../src/adapters/file-storage';
import { importBundles, statementFiles, tasks } from '../src/db/schema';
import { removeImportLeftovers } from '../src/modules/imports/import-leftovers';
import { insertStatementFileRow, writeFileChangedAt } from './helpers/kept-statements';
import { createTestContext, createTestOrganization } from './helpers/test-app';

const context = await createTestContext();
// Real times: the daily cleanup job, run by other test files on the same database, judges by the clock.
const now = new Date();
const twoHoursAgo = new Date(now.getTime() - 2 * 60 * 60 * 1000);
const tenMinutesAgo = new Date(now.getTime() - 10 * 60 * 1000);

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
      await writeFileChangedAt(path.join(privateDirectory, 'statements'), name, modified);
      return `statements/${name}`;
    };
    // Names of this run only: a test database kept between runs holds the rows of earlier ones.
    const [oldReferenced, oldOrphan, recentOrphan] = [1, 2, 3].map(() => `${randomBytes(12).toString('hex')}.ofx`);
    const kept = await keep(oldReferenced as string, twoHoursAgo);
    await keep(oldOrphan as string, twoHoursAgo);
    await keep(recentOrphan as string, tenMinutesAgo);
    await insertStatementFileRow(db, owner, withFile?.id as number, kept);
    await db.insert(tasks).values({ ...owner, type: 'import', title: 'Enviar extratos', bundleId: withTask?.id });
    const uploadDirectory = path.join(path.dirname(privateDirectory), 'tmp', 'uploads');
    await mkdir(uploadDirectory, { recursive: true });
    await writeFileChangedAt(uploadDirectory, 'upload-of-a-dead-request', twoHoursAgo);
    await writeFileChangedAt(uploadDirectory, 'upload-in-flight', tenMinutesAgo);

    const storage = createDiskStorage(path.join(path.dirname(privateDirectory), 'media'));
    const removed = await removeImportLeftovers(db, { storage, uploadDirectory }, now);

    const ids = [oldEmpty, recentEmpty, withFile, withTask].map((bundle) => bundle?.id as number);
    const remaining = await db
      .select({ id: importBundles.id })
      .from(importBundles)
      .where(inArray(importBundles.id, ids));
    expect(remaining.map((bundle) => bundle.id).sort()).toEqual(ids.slice(1).sort());
    expect(removed.bundles).toBeGreaterThanOrEqual(1);
    expect((await readdir(path.join(privateDirectory, 'statements'))).sort()).toEqual(
      [oldReferenced, recentOrphan].sort(),
    );
    expect(removed.originals).toBe(1);
    expect(await db.select().from(statementFiles).where(eq(statementFiles.storedPath, kept))).toHaveLength(1);
    expect(await readdir(uploadDirectory)).toEqual(['upload-in-flight']);
    expect(removed.uploads).toBe(1);
  });
});
