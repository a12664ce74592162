/** The organization's logo: what the picker takes and how a cropped picture becomes a file. */
export const logoMaxBytes = 2_097_152;
export const logoExtensions = ['png', 'bmp', 'jpeg', 'jpg'] as const;

export const logoMessages = {
  /** The cropper produced nothing (no file chosen, or the picture could not be drawn). */
  noImage: 'Selecione uma imagem',
  invalidDataUrl: 'Invalid Data URL',
} as const;

export interface DataUrlContent {
  mimeType: string;
  bytes: Uint8Array;
}

/**
 * Reads a base64 data URL ("data:image/png;base64,iVBOR…") into its type and bytes. It must have
 * exactly two parts around the comma, a `data:` head naming base64, and valid base64 after it;
 * anything else throws 'Invalid Data URL'.
 */
export function readDataUrl(dataUrl: string): DataUrlContent {
  const parts = dataUrl.split(',');
  if (parts.length !== 2) throw new Error(logoMessages.invalidDataUrl);
  const [head = '', body = ''] = parts;
  const match = /^data:([a-z]+\/[a-z0-9.+-]+);base64$/i.exec(head);
  if (!match?.[1] || body === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0) {
    throw new Error(logoMessages.invalidDataUrl);
  }
  const text = atob(body);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return { mimeType: match[1].toLowerCase(), bytes };
}
