import * as XLSX from '@e965/xlsx';
import { StatementReadError } from './statement-read-error';

/**
 * An OLE compound file (D0 CF 11 E0) is either a BIFF .xls or an encrypted Office file: Excel
 * saves a password-protected XLSX as a compound file holding "EncryptionInfo" and "EncryptedPackage".
 */
export function hasEncryptionStreams(bytes: Uint8Array): boolean {
  let paths: string[];
  try {
    const container = XLSX.CFB.read(bytes, { type: 'array' }) as { FullPaths?: unknown };
    paths = Array.isArray(container.FullPaths) ? container.FullPaths.map(String) : [];
  } catch (error) {
    throw new StatementReadError('unreadable', { detail: `Arquivo OLE inválido: ${(error as Error).message}` });
  }
  return paths.some((path) => /(^|\/)(EncryptionInfo|EncryptedPackage)$/.test(path));
}
