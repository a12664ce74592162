import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../adapters/file-storage';
import { setUploadedFileHeaders } from './security-headers';

/** Uploads are stored as what their bytes are (uploaded-image.ts), so the name's extension tells the type. */
const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  bmp: 'image/bmp',
  webp: 'image/webp',
  ico: 'image/vnd.microsoft.icon',
};

/**
 * The organization's logo, favicon, e-mail images and profile pictures at /media/, from whichever
 * storage holds them (a disk, a bucket no one else may read). Names are random and never reused:
 * a new upload gets a new address, so browsers may keep a file for good.
 */
export function registerMediaFiles(app: FastifyInstance, storage: FileStorage): void {
  // Files, not API calls: left out of the OpenAPI document, as the web app's own files are.
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const address = request.url.split('?')[0] ?? '';
    const file = await storage.openPublic(address);
    if (!file) return reply.status(404).send({ detail: 'Não encontrado.' });
    setUploadedFileHeaders(reply);
    const extension = address.slice(address.lastIndexOf('.') + 1).toLowerCase();
    return reply
      .header('content-type', contentTypes[extension] ?? 'application/octet-stream')
      .header('content-length', file.byteLength)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.body);
  });
}
