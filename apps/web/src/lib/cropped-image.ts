import { logoMessages, readDataUrl } from '@prumo/domain/organization/logo';

/** The part of a picture kept, in the picture's own pixels (what react-easy-crop reports). */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The longest side of a cropped picture: a logo larger than this only weighs more. */
const maximumSide = 1200;

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(logoMessages.noImage));
    image.src = source;
  });
}

/**
 * Draws the kept area of the picture at `source` (the whole picture while the cropper has not
 * reported one yet) and answers it as a data URL (PNG, or JPEG for a JPEG picture); null when
 * nothing could be drawn (a picture the browser cannot read, no canvas).
 */
export async function drawCroppedImage(source: string, area: CropArea | null, type: string): Promise<string | null> {
  let image: HTMLImageElement;
  try {
    image = await loadImage(source);
  } catch {
    return null;
  }
  const kept = area ?? { x: 0, y: 0, width: image.naturalWidth, height: image.naturalHeight };
  // A tiny picture cropped to a wide shape rounds to 0 pixels high: keep at least one.
  const width = Math.max(1, kept.width);
  const height = Math.max(1, kept.height);
  const scale = Math.min(1, maximumSide / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(image, kept.x, kept.y, width, height, 0, 0, canvas.width, canvas.height);
  const dataUrl = canvas.toDataURL(type === 'image/jpeg' ? 'image/jpeg' : 'image/png', 0.92);
  // A canvas that could not encode answers "data:," — no picture at all.
  return dataUrl.length > 'data:,'.length ? dataUrl : null;
}

/** The data URL as a file to upload, named after its type; throws 'Invalid Data URL' for a malformed one. */
export function convertDataUrlToFile(dataUrl: string, baseName: string): File {
  const { mimeType, bytes } = readDataUrl(dataUrl);
  const extension = mimeType === 'image/jpeg' ? 'jpg' : (mimeType.split('/')[1] ?? 'png');
  return new File([bytes as BlobPart], `${baseName}.${extension}`, { type: mimeType });
}
