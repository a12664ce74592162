import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FileStorage {
  /** Stores the bytes and answers the public address they are served from. */
  save(folder: string, extension: string, content: Buffer): Promise<string>;
}

export const mediaPrefix = '/media/';

/** Default: files under `directory`, served by the API at /media/. */
export function createDiskStorage(directory: string): FileStorage {
  return {
    async save(folder, extension, content) {
      const safeFolder = folder.replace(/[^a-z0-9-]/gi, '');
      const fileName = `${randomBytes(12).toString('hex')}.${extension.replace(/[^a-z0-9]/gi, '')}`;
      await mkdir(path.join(directory, safeFolder), { recursive: true });
      await writeFile(path.join(directory, safeFolder, fileName), content);
      return `${mediaPrefix}${safeFolder}/${fileName}`;
    },
  };
}
