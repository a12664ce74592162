import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ensurePrivateDirectory, writePrivateFile } from './private-files';

/** A public file as the /media/ route streams it. */
export interface PublicFile {
  body: Readable;
  byteLength: number;
}

export interface FileStorage {
  /** Stores the bytes and answers the public address they are served from (under /media/). */
  save(folder: string, extension: string, content: Buffer): Promise<string>;
  /** Stores bytes no address serves (a client's bank statement) and answers the key to read them by. */
  keep(folder: string, extension: string, content: Buffer): Promise<string>;
  /** Like `keep`, for bytes already in a file (an upload kept on disk): copied, never loaded whole. */
  keepFile(folder: string, extension: string, sourcePath: string): Promise<string>;
  /** The bytes kept under this key, or null when there are none. */
  open(key: string): Promise<Buffer | null>;
  /** Forgets the bytes kept under this key (nothing happens when there are none). */
  discard(key: string): Promise<void>;
  /** The file `save` stored at this public address, or null when there is none. */
  openPublic(address: string): Promise<PublicFile | null>;
  /** The keys of files kept before `cutoff`: the cleanup removes those no statement names. */
  listKeptBefore(cutoff: Date): Promise<string[]>;
}

export const mediaPrefix = '/media/';

// Names are made here, so anything else is refused before it reaches a disk or a bucket:
// "folder/name" for a kept file, "/media/folder/name" for a public one.
const keptKeyPattern = /^[a-z0-9-]+\/[0-9a-f]{24}\.[a-z0-9]+$/i;

/** The key as `keep` made it, or null for anything else (another shape, a way out of the folder). */
export function checkKeptKey(key: string): string | null {
  return keptKeyPattern.test(key) ? key : null;
}

/** The "folder/name" part of a public address `save` made, or null for anything else. */
export function checkPublicAddress(address: string): string | null {
  if (!address.startsWith(mediaPrefix)) return null;
  return checkKeptKey(address.slice(mediaPrefix.length));
}

export function createFileName(folder: string, extension: string) {
  const safeFolder = folder.replace(/[^a-z0-9-]/gi, '');
  return { safeFolder, fileName: `${randomBytes(12).toString('hex')}.${extension.replace(/[^a-z0-9]/gi, '')}` };
}

async function readMissingAsNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Default: public files under `directory`, served by the API at /media/; kept ones under
 * `privateDirectory` (beside it unless told), which nothing serves.
 */
export function createDiskStorage(
  directory: string,
  privateDirectory = path.join(path.dirname(directory), 'private'),
): FileStorage {
  const findKeptPath = (key: string) => {
    const checkedKey = checkKeptKey(key);
    return checkedKey ? path.join(privateDirectory, checkedKey) : null;
  };
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
      return readMissingAsNull(() => readFile(keptPath));
    },
    async discard(key) {
      const keptPath = findKeptPath(key);
      if (keptPath) await rm(keptPath, { force: true });
    },
    async openPublic(address) {
      const relativePath = checkPublicAddress(address);
      if (!relativePath) return null;
      const filePath = path.join(directory, relativePath);
      const details = await readMissingAsNull(() => stat(filePath));
      if (!details?.isFile()) return null;
      return { body: createReadStream(filePath), byteLength: details.size };
    },
    async listKeptBefore(cutoff) {
      const keys: string[] = [];
      for (const folder of (await readMissingAsNull(() => readdir(privateDirectory))) ?? []) {
        const folderPath = path.join(privateDirectory, folder);
        if (!(await stat(folderPath)).isDirectory()) continue;
        for (const name of await readdir(folderPath)) {
          const key = checkKeptKey(`${folder}/${name}`);
          if (!key) continue;
          // A file being written, or removed meanwhile, is not there to list.
          const details = await readMissingAsNull(() => stat(path.join(folderPath, name)));
          if (details?.isFile() && details.mtime < cutoff) keys.push(key);
        }
      }
      return keys;
    },
  };
}
