import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/file-storage';
import type { Database } from '../../db/database';
import { statementFiles } from '../../db/schema';

/**
 * Older than any import still running: several Prumo processes may share one database, so what
 * another one is importing right now is never taken for a leftover.
 */
export const leftoverAgeMilliseconds = 60 * 60 * 1000;

/**
 * What an import stopped midway (kill -9, a power cut) leaves behind: the upload waiting on disk,
 * the statement original kept before its row was written, and the bundle made before its first
 * file. The import itself is all or nothing, so none is seen by anyone; all are removed at start-up.
 */
export async function removeImportLeftovers(
  db: Database,
  places: { storage: FileStorage; uploadDirectory: string },
  now = new Date(),
): Promise<{ bundles: number; originals: number; uploads: number }> {
  const cutoff = new Date(now.getTime() - leftoverAgeMilliseconds);
  // A bundle a task links stays: the task shows it.
  const removedBundles = await db.execute(sql`
    DELETE FROM import_bundles AS bundle
    WHERE bundle.created_at < ${cutoff.toISOString()}
      AND NOT EXISTS (SELECT 1 FROM statement_files AS file WHERE file.bundle_id = bundle.id)
      AND NOT EXISTS (SELECT 1 FROM tasks AS task WHERE task.bundle_id = bundle.id)
  `);
  return {
    bundles: removedBundles.rowCount ?? 0,
    originals: await removeOrphanOriginals(db, places.storage, cutoff),
    uploads: await removeOldUploads(places.uploadDirectory, cutoff),
  };
}

/** An upload waits on disk only while its request runs: an old one belongs to a request that died. */
async function removeOldUploads(uploadDirectory: string, cutoff: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(uploadDirectory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const filePath = path.join(uploadDirectory, name);
    const details = await stat(filePath);
    if (!details.isFile() || details.mtime >= cutoff) continue;
    await rm(filePath, { force: true });
    removed += 1;
  }
  return removed;
}

async function removeOrphanOriginals(db: Database, storage: FileStorage, cutoff: Date): Promise<number> {
  const keys = await storage.listKeptBefore(cutoff);
  let removed = 0;
  for (let start = 0; start < keys.length; start += 1000) {
    const batch = keys.slice(start, start + 1000);
    const rows = await db
      .select({ storedPath: statementFiles.storedPath })
      .from(statementFiles)
      .where(inArray(statementFiles.storedPath, batch));
    const referenced = new Set(rows.map((row) => row.storedPath));
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await storage.discard(key);
      removed += 1;
    }
  }
  return removed;
}
