import { parentPort } from 'node:worker_threads';
import { readStatement } from './read-statement';
import { StatementReadError } from './statement-read-error';
import type { ReadAnswer, ReadRequest } from './statement-reader-pool';

/** One file at a time: read it, send the statement (and the bytes, moved back) or the refusal. */
parentPort?.on('message', ({ fileName, bytes }: ReadRequest) => {
  let answer: ReadAnswer;
  try {
    answer = { ok: true, statement: readStatement(fileName, bytes), bytes };
  } catch (error) {
    const refusal =
      error instanceof StatementReadError ? error : new StatementReadError('unreadable', { detail: String(error) });
    answer = { ok: false, code: refusal.code, message: refusal.message, detail: refusal.detail };
  }
  parentPort?.postMessage(answer, answer.ok ? [bytes.buffer as ArrayBuffer] : []);
});
