import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, open, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';

// Statements, e-mails with live tokens and the database password belong to Prumo's system user
// only. Modes are set explicitly: the umask Prumo was started with must not widen them.
export const privateDirectoryMode = 0o700;
export const privateFileMode = 0o600;

/** Creates the directory (and missing parents) readable by Prumo's user only. */
export async function ensurePrivateDirectory(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true, mode: privateDirectoryMode });
  await chmod(directory, privateDirectoryMode);
}

/**
 * Writes a new file readable by Prumo's user only (it never exists with a wider mode). The file
 * appears whole or not at all: a reader (a mail program on the outbox, another process) never
 * sees it half written. Like an exclusive create, it fails with EEXIST when the file exists.
 */
export async function writePrivateFile(filePath: string, content: Buffer | string): Promise<void> {
  const partialPath = path.join(
    path.dirname(filePath),
    `.${path.basename(filePath)}.${randomBytes(6).toString('hex')}.partial`,
  );
  const handle = await open(partialPath, 'wx', privateFileMode);
  try {
    try {
      await handle.chmod(privateFileMode);
      await handle.writeFile(content);
    } finally {
      await handle.close();
    }
    await link(partialPath, filePath);
  } finally {
    await unlink(partialPath).catch(() => undefined);
  }
}

/** Narrows what an earlier version left under `directory` to Prumo's user: 0700 folders, 0600 files. */
export async function makeTreePrivate(directory: string): Promise<void> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await chmod(directory, privateDirectoryMode);
  for (const entry of entries) {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) await makeTreePrivate(entryPath);
    else if (entry.isFile()) await chmod(entryPath, privateFileMode);
  }
}
