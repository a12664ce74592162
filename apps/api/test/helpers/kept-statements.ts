import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../src/db/database';
import { statementFiles } from '../../src/db/schema';

/** A statement file on disk, last changed at `modified` (what the leftover rules judge by). */
export async function writeFileChangedAt(directory: string, name: string, modified: Date): Promise<void> {
  await writeFile(path.join(directory, name), 'OFXHEADER:100');
  await utimes(path.join(directory, name), modified, modified);
}

/** The row of a statement kept at `storedPath` (relative to DATA_DIR/private). */
export async function insertStatementFileRow(
  db: Database,
  owner: { organizationId: number; clientUserId: number },
  bundleId: number,
  storedPath: string,
): Promise<void> {
  await db.insert(statementFiles).values({
    ...owner,
    bundleId,
    name: 'extrato.ofx',
    format: 'ofx',
    sizeBytes: 13,
    sha256: 'a'.repeat(64),
    storedPath,
    readStatus: 'Leitura concluída',
  });
}
