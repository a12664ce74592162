import { inflateRawSync } from 'node:zlib';
import { statementLimits } from './statement-limits';
import { StatementReadError } from './statement-read-error';

const endOfCentralDirectorySignature = 0x06054b50;
const centralDirectorySignature = 0x02014b50;
const localHeaderSignature = 0x04034b50;

interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const latin1Decoder = new TextDecoder('latin1');
const rowTag = Buffer.from('<row');

function refuseAsUnreadable(detail: string): never {
  throw new StatementReadError('unreadable', { detail });
}

function findEndOfCentralDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let index = view.byteLength - 22; index >= lowest; index--) {
    if (view.getUint32(index, true) === endOfCentralDirectorySignature) return index;
  }
  return -1;
}

/**
 * Checks an XLSX zip before SheetJS unzips it: entry count and declared uncompressed sizes within
 * the caps, then each entry actually inflated under a hard output cap equal to its declared size,
 * because a zip bomb can declare a small size and still expand to gigabytes. Worksheet rows are
 * counted on the way, so a sheet over the row cap is refused before SheetJS spends seconds on it.
 */
export function checkZipArchive(bytes: Uint8Array): void {
  const entries = readCentralDirectory(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let rowCount = 0;
  for (const entry of entries) {
    const content = inflateZipEntry(bytes, view, entry);
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name)) rowCount += countWorksheetRows(content);
    if (rowCount > statementLimits.maxRows) {
      throw new StatementReadError('too_large', { detail: `Planilha com mais de ${statementLimits.maxRows} linhas` });
    }
  }
}

function readCentralDirectory(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfCentralDirectory(view);
  if (end < 0) refuseAsUnreadable('Zip sem diretório central');
  const entryCount = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  // Spreadsheets under the size cap never need ZIP64; its markers only show up in crafted files.
  if (entryCount === 0xffff || directoryOffset === 0xffffffff) refuseAsUnreadable('ZIP64');
  if (entryCount > statementLimits.maxArchiveEntries) {
    throw new StatementReadError('too_large', { detail: `Zip com ${entryCount} arquivos` });
  }
  const entries: ZipEntry[] = [];
  let position = directoryOffset;
  let declaredTotal = 0;
  for (let index = 0; index < entryCount; index++) {
    if (position + 46 > end || view.getUint32(position, true) !== centralDirectorySignature) {
      refuseAsUnreadable('Diretório central do zip inválido');
    }
    const nameLength = view.getUint16(position + 28, true);
    const entry: ZipEntry = {
      name: latin1Decoder.decode(bytes.subarray(position + 46, position + 46 + nameLength)),
      flags: view.getUint16(position + 8, true),
      method: view.getUint16(position + 10, true),
      compressedSize: view.getUint32(position + 20, true),
      uncompressedSize: view.getUint32(position + 24, true),
      localHeaderOffset: view.getUint32(position + 42, true),
    };
    if (entry.flags & 0x1) throw new StatementReadError('password_protected', { detail: 'Zip criptografado' });
    declaredTotal += entry.uncompressedSize;
    if (declaredTotal > statementLimits.maxUncompressedBytes) {
      throw new StatementReadError('too_large', { detail: `Zip declara ${declaredTotal} bytes descompactados` });
    }
    entries.push(entry);
    position += 46 + nameLength + view.getUint16(position + 30, true) + view.getUint16(position + 32, true);
  }
  return entries;
}

/** Inflates one entry under a hard cap equal to its declared size, and returns its content. */
function inflateZipEntry(bytes: Uint8Array, view: DataView, entry: ZipEntry): Buffer {
  const offset = entry.localHeaderOffset;
  if (offset + 30 > bytes.length || view.getUint32(offset, true) !== localHeaderSignature) {
    refuseAsUnreadable('Cabeçalho local do zip inválido');
  }
  const dataStart = offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > bytes.length) refuseAsUnreadable('Entrada do zip truncada');
  const data = Buffer.from(bytes.buffer, bytes.byteOffset + dataStart, entry.compressedSize);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize)
      refuseAsUnreadable('Entrada armazenada com tamanho incoerente');
    return data;
  }
  if (entry.method !== 8) refuseAsUnreadable(`Compressão ${entry.method} não suportada`);
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      throw new StatementReadError('too_large', { detail: 'Entrada do zip maior do que declara' });
    }
    refuseAsUnreadable(`Entrada do zip corrompida: ${(error as Error).message}`);
  }
}

/** Counts "<row …>" elements in a worksheet's XML with a plain byte search. */
function countWorksheetRows(content: Buffer): number {
  let count = 0;
  let index = content.indexOf(rowTag);
  while (index !== -1) {
    const next = content[index + rowTag.length];
    // "<row " or "<row>", not "<rowBreaks".
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) count++;
    index = content.indexOf(rowTag, index + rowTag.length);
  }
  return count;
}
