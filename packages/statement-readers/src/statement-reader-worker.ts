import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { packStatementLines, packStreamedLines } from './packed-statement-lines';
import { readStatement } from './read-statement';
import { statementLimits } from './statement-limits';
import { StatementReadError } from './statement-read-error';
import type { ReadAnswer, ReadRequest } from './statement-reader-pool';
import type { StreamedLines } from './statement-types';

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
 * lines packed for import, when it was read from a file) or the refusal. A read of a file asked to
 * stream sends its big blocks' lines before that, as it reads them.
 */
parentPort?.on('message', (request: ReadRequest) => {
  let answer: ReadAnswer;
  let moved: ArrayBuffer[] = [];
  try {
    if ('bytes' in request) {
      answer = { ok: true, statement: readStatement(request.fileName, request.bytes), bytes: request.bytes };
      moved = [request.bytes.buffer as ArrayBuffer];
    } else {
      const { linesPerChunk } = request;
      // Lines each block streamed, then each ended block's total by its account.
      const blockLineCounts = new Map<number, number>();
      const streamedLineCounts = new Map<number, number>();
      const stream = linesPerChunk
        ? {
            linesPerChunk,
            onLines: (streamed: StreamedLines) => {
              const count = (blockLineCounts.get(streamed.block) ?? 0) + streamed.lines.length;
              blockLineCounts.set(streamed.block, count);
              if (streamed.accountIndex !== null) streamedLineCounts.set(streamed.accountIndex, count);
              const lines = packStreamedLines(streamed);
              parentPort?.postMessage({ ok: true, streamed: lines.packed } satisfies ReadAnswer, lines.moved);
            },
          }
        : undefined;
      const statement = readStatement(request.fileName, readFileBytes(request.filePath), stream);
      const read = packStatementLines(statement, streamedLineCounts);
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
