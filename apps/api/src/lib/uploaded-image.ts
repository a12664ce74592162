import type { MultipartFile } from '@fastify/multipart';
import { failOnField } from './domain-errors';

export type ImageKind = 'png' | 'jpg' | 'bmp' | 'webp' | 'ico';

export const maximumImageBytes = 2_097_152;

/** Tells an image by its first bytes: a renamed file of another kind is refused. */
function detectImageKind(content: Buffer): ImageKind | null {
  if (content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'jpg';
  if (content.subarray(0, 2).toString('latin1') === 'BM') return 'bmp';
  if (content.subarray(0, 4).toString('latin1') === 'RIFF' && content.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  if (content[0] === 0 && content[1] === 0 && content[2] === 1 && content[3] === 0) return 'ico';
  return null;
}

const kindNames: Record<ImageKind, string> = { png: 'PNG', jpg: 'JPEG', bmp: 'BMP', webp: 'WEBP', ico: 'ICO' };

export async function readUploadedImage(
  part: MultipartFile,
  accepted: readonly ImageKind[],
  field: string,
): Promise<{ content: Buffer; extension: ImageKind }> {
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch {
    failOnField(field, 'A imagem deve ter no máximo 2 MB.');
  }
  if (content.length > maximumImageBytes) failOnField(field, 'A imagem deve ter no máximo 2 MB.');
  const kind = detectImageKind(content);
  if (!kind || !accepted.includes(kind)) {
    failOnField(field, `Envie uma imagem ${accepted.map((accept) => kindNames[accept]).join(', ')}.`);
  }
  return { content, extension: kind };
}
