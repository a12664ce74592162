import path from 'node:path';
import type { AppConfig } from '../config';
import { createDiskStorage, type FileStorage } from './file-storage';

/**
 * The bucket STORAGE_URL names, shared by every process; otherwise DATA_DIR's disk (one machine).
 * The AWS SDK (half a second and 25 MB to load) is loaded only when a bucket is configured.
 */
export async function createConfiguredStorage(config: AppConfig): Promise<FileStorage> {
  if (!config.s3Storage) return createDiskStorage(path.join(config.dataDir, 'media'));
  const { createS3Storage } = await import('./s3-storage');
  return createS3Storage(config.s3Storage);
}
