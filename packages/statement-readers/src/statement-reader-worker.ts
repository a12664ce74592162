import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { packStatementLines } from './packed-statement-lines';
import { readStatement } from './read-statement';
import { statementLimits } from './statement-limits';
import { StatementReadError } from './statement-read-error';
import type { ReadAnswer, ReadRequest } from './statement-reader-pool';

/** A file's bytes, refused before they are read when there are more than a statement may have. */
function readFileBytes(filePath: string): Uint8Array {
  const descriptor = openSync(filePath, 'r');
  try {
    const { size } = fstatSync(descriptor);
    if (size > statementLimits.maxFileBytes) throw new StatementReadError('too_large', { detail: `${size} bytes` });
    const bytes = new Uint8Array(size);
    let offset = 0;
    while (offset < size) {
      const read = readSync(descriptor, bytes, offset, size - offset, offset);
      if (read === 0) break;
      offset += read;
    }
    return offset === size ? bytes : bytes.subarray(0, offset);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * One file at a time: read it, send the statement (with the bytes moved back, when they came; its
 * lines packed for import, when it was read from a file) or the refusal.
 */
parentPort?.on('message', (request: ReadRequest) => {
  let answer: ReadAnswer;
  let moved: ArrayBuffer[] = [];
  try {
    if ('bytes' in request) {
      answer = { ok: true, statement: readStatement(request.fileName, request.bytes), bytes: request.bytes };
      moved = [request.bytes.buffer as ArrayBuffer];
    } else {
      const read = packStatementLines(readStatement(request.fileName, readFileBytes(request.filePath)));
      answer = { ok: true, packed: read.packed };
      moved = read.moved;
    }
  } catch (error) {
    const refusal =
      error instanceof StatementReadError ? error : new StatementReadError('unreadable', { detail: String(error) });
    answer = { ok: false, code: refusal.code, message: refusal.message, detail: refusal.detail };
    moved = [];
  }
  parentPort?.postMessage(answer, moved);
});
