export type TextEncoding = 'utf-8' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
}

const strictUtf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const latin1Decoder = new TextDecoder('latin1');

// 0x80–0x9F of windows-1252 (€, ‚, ƒ, „, …, —, ™, …); the five unassigned bytes keep their code.
const windows1252HighCharacters =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * windows-1252, which also covers ISO-8859-1 (they differ only in 0x80–0x9F, where 8859-1 has
 * control codes no statement uses). Node 20's TextDecoder('windows-1252') decodes those bytes as
 * Latin-1 control codes, losing "€" and "—", so they are mapped here.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = latin1Decoder.decode(bytes);
  return latin1.replace(
    /[\u0080-\u009f]/g,
    (character) => windows1252HighCharacters[character.charCodeAt(0) - 0x80] ?? character,
  );
}

/**
 * Decodes statement bytes by what they are, not by what the header claims (Brazilian banks write
 * CHARSET:1252 over UTF-8 bytes and the other way round): valid UTF-8 is UTF-8, anything else is
 * windows-1252. A file that mixes both (UTF-8 text with a few stray 1252 bytes) is decoded piece by piece.
 */
export function decodeStatementText(bytes: Uint8Array): DecodedText {
  try {
    return { text: strictUtf8Decoder.decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not valid UTF-8: see below whether it is mixed or plain 1252.
  }
  const counts = countUtf8Sequences(bytes);
  if (counts.validMultibyte > counts.invalidBytes) {
    return { text: decodeMixedUtf8(bytes), encoding: 'utf-8' };
  }
  return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
}

/** Length of the valid UTF-8 sequence starting at `index` (2–4), or 0 when there is none. */
function measureUtf8Sequence(bytes: Uint8Array, index: number): number {
  const lead = bytes[index] ?? 0;
  let length: number;
  let minimumCodePoint: number;
  let codePoint: number;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
    minimumCodePoint = 0x80;
    codePoint = lead & 0x1f;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    minimumCodePoint = 0x800;
    codePoint = lead & 0x0f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    minimumCodePoint = 0x10000;
    codePoint = lead & 0x07;
  } else {
    return 0;
  }
  if (index + length > bytes.length) return 0;
  for (let offset = 1; offset < length; offset++) {
    const continuation = bytes[index + offset] ?? 0;
    if ((continuation & 0xc0) !== 0x80) return 0;
    codePoint = (codePoint << 6) | (continuation & 0x3f);
  }
  if (codePoint < minimumCodePoint || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return 0;
  return length;
}

function countUtf8Sequences(bytes: Uint8Array): { validMultibyte: number; invalidBytes: number } {
  let validMultibyte = 0;
  let invalidBytes = 0;
  let index = 0;
  while (index < bytes.length) {
    if ((bytes[index] ?? 0) < 0x80) {
      index++;
      continue;
    }
    const length = measureUtf8Sequence(bytes, index);
    if (length > 0) {
      validMultibyte++;
      index += length;
    } else {
      invalidBytes++;
      index++;
    }
  }
  return { validMultibyte, invalidBytes };
}

function decodeMixedUtf8(bytes: Uint8Array): string {
  const utf8Decoder = new TextDecoder('utf-8');
  const pieces: string[] = [];
  let runStart = 0;
  let index = 0;
  while (index < bytes.length) {
    if ((bytes[index] ?? 0) < 0x80) {
      index++;
      continue;
    }
    const length = measureUtf8Sequence(bytes, index);
    if (length > 0) {
      index += length;
      continue;
    }
    pieces.push(utf8Decoder.decode(bytes.subarray(runStart, index)));
    pieces.push(decodeWindows1252(bytes.subarray(index, index + 1)));
    index++;
    runStart = index;
  }
  pieces.push(utf8Decoder.decode(bytes.subarray(runStart)));
  return pieces.join('');
}
