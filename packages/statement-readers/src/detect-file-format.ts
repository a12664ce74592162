export type StatementFileExtension = 'ofx' | 'qfx' | 'xls' | 'xlsx';

/** What the bytes are, whatever the file name says (a ".xls" is often an XLSX zip). */
export type StatementContentKind = 'zip' | 'compound-file' | 'ofx' | 'unknown';

const acceptedExtensions = new Set<string>(['ofx', 'qfx', 'xls', 'xlsx']);

/** The extension, lowercased, when it is one the import accepts (QFX is Quicken's name for OFX); else null. */
export function readFileExtension(fileName: string): StatementFileExtension | null {
  const match = /\.([A-Za-z0-9]+)\s*$/.exec(fileName);
  const extension = match?.[1]?.toLowerCase() ?? '';
  return acceptedExtensions.has(extension) ? (extension as StatementFileExtension) : null;
}

const sniffLength = 64 * 1024;

export function detectContentKind(bytes: Uint8Array): StatementContentKind {
  if (
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    (bytes[2] === 0x03 || bytes[2] === 0x05) &&
    (bytes[3] === 0x04 || bytes[3] === 0x06)
  ) {
    return 'zip';
  }
  const compoundFileSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  if (compoundFileSignature.every((byte, index) => bytes[index] === byte)) return 'compound-file';
  const head = bytes.subarray(0, sniffLength);
  // Text statements have no NUL bytes; random or binary data nearly always does, so it stops here cheaply.
  if (head.includes(0)) return 'unknown';
  const headText = new TextDecoder('latin1').decode(head);
  return /OFXHEADER|<OFX[\s>]/i.test(headText) ? 'ofx' : 'unknown';
}
