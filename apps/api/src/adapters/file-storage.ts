import { randomBytes } from 'node:crypto';
import { copyFile, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDirectory, writePrivateFile } from './private-files';

export interface FileStorage {
  /** Stores the bytes and answers the public address they are served from. */
  save(folder: string, extension: string, content: Buffer): Promise<string>;
  /** Stores bytes no address serves (a client's bank statement) and answers the key to read them by. */
  keep(folder: string, extension: string, content: Buffer): Promise<string>;
  /** Like `keep`, for bytes already in a file (an upload kept on disk): copied, never loaded whole. */
  keepFile(folder: string, extension: string, sourcePath: string): Promise<string>;
  /** The bytes kept under this key, or null when there are none. */
  open(key: string): Promise<Buffer | null>;
  /** Forgets the bytes kept under this key (nothing happens when there are none). */
  discard(key: string): Promise<void>;
}

export const mediaPrefix = '/media/';

function createFileName(folder: string, extension: string) {
  const safeFolder = folder.replace(/[^a-z0-9-]/gi, '');
  return { safeFolder, fileName: `${randomBytes(12).toString('hex')}.${extension.replace(/[^a-z0-9]/gi, '')}` };
}

/**
 * Default: public files under `directory`, served by the API at /media/; kept ones under
 * `privateDirectory` (beside it unless told), which nothing serves.
 */
export function createDiskStorage(
  directory: string,
  privateDirectory = path.join(path.dirname(directory), 'private'),
): FileStorage {
  // A key is "folder/name" as `keep` made it; anything else never reaches the disk.
  const findKeptPath = (key: string) =>
    /^[a-z0-9-]+\/[0-9a-f]{24}\.[a-z0-9]+$/i.test(key) ? path.join(privateDirectory, key) : null;
  return {
    async save(folder, extension, content) {
      const { safeFolder, fileName } = createFileName(folder, extension);
      await ensurePrivateDirectory(path.join(directory, safeFolder));
      await writePrivateFile(path.join(directory, safeFolder, fileName), content);
      return `${mediaPrefix}${safeFolder}/${fileName}`;
    },
    async keep(folder, extension, content) {
      const { safeFolder, fileName } = createFileName(folder, extension);
      await ensurePrivateDirectory(path.join(privateDirectory, safeFolder));
      await writePrivateFile(path.join(privateDirectory, safeFolder, fileName), content);
      return `${safeFolder}/${fileName}`;
    },
    async keepFile(folder, extension, sourcePath) {
      const { safeFolder, fileName } = createFileName(folder, extension);
      await ensurePrivateDirectory(path.join(privateDirectory, safeFolder));
      // The copy takes the source's mode: an upload's file is its owner's only (0600).
      await copyFile(sourcePath, path.join(privateDirectory, safeFolder, fileName));
      return `${safeFolder}/${fileName}`;
    },
    async open(key) {
      const keptPath = findKeptPath(key);
      if (!keptPath) return null;
      try {
        return await readFile(keptPath);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async discard(key) {
      const keptPath = findKeptPath(key);
      if (keptPath) await rm(keptPath, { force: true });
    },
  };
}
