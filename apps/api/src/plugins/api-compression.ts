import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

/** Smaller answers gain less than the header costs. */
const minimumBytes = 1024;

const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

function compressText(text: string, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'gzip') return gzipSync(text);
  return brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    },
  });
}

/**
 * The API's JSON answers, compressed in one call when the caller accepts brotli or gzip. A stream
 * for each response (what @fastify/compress does) cost the event loop about four times the compression
 * itself for answers of a few kilobytes; a page of lines compresses in well under a tenth of a
 * millisecond. Other answers (the web app's files) keep @fastify/compress; downloads (bytes) go as they are.
 */
export function registerApiCompression(app: FastifyInstance): void {
  // The API's documentation (its page's scripts, its JSON) keeps @fastify/compress.
  const isApiCall = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
  app.addHook('onRoute', (route) => {
    if (isApiCall(route.url)) route.compress = false;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || payload.length < minimumBytes || request.method === 'HEAD') return payload;
    if (!isApiCall(request.url) || reply.hasHeader('content-encoding')) return payload;
    const contentType = reply.getHeader('content-type');
    if (typeof contentType !== 'string' || !/^(application\/json|text\/)/.test(contentType)) return payload;
    const vary = reply.getHeader('vary');
    if (typeof vary !== 'string' || !/accept-encoding/i.test(vary)) {
      reply.header('vary', typeof vary === 'string' && vary ? `${vary}, accept-encoding` : 'accept-encoding');
    }
    const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '');
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressText(payload, encoding);
  });
}
