import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  type PackedStatement,
  type PackedStreamedLines,
  unpackStatementLines,
  unpackStreamedLines,
} from './packed-statement-lines';
import { statementLimits } from './statement-limits';
import { StatementReadError, type StatementReadErrorCode } from './statement-read-error';
import type {
  LineStreamOptions,
  StatementLine,
  StatementLinesRead,
  StatementReadResult,
  StreamedLines,
} from './statement-types';

/**
 * What the pool sends a worker: the file's bytes, or the path of a file the worker reads itself
 * (with `linesPerChunk`, big blocks' lines are sent as they are read).
 */
export type ReadRequest =
  | { fileName: string; bytes: Uint8Array }
  | { fileName: string; filePath: string; linesPerChunk: number | null };

/**
 * What a worker answers: the whole statement with the bytes moved back (a read of bytes), the
 * statement packed for import (a read of a file), or the refusal; before any of them, a streaming
 * read's lines as they come.
 */
export type ReadAnswer =
  | { ok: true; statement: StatementReadResult; bytes: Uint8Array | null }
  | { ok: true; packed: PackedStatement }
  | { ok: true; streamed: PackedStreamedLines }
  | { ok: false; code: StatementReadErrorCode; message: string; detail: string | null };

export interface StatementRead {
  statement: StatementReadResult;
  /** The file's bytes, back from the worker (they were moved there, not copied). */
  bytes: Uint8Array;
}

/** Reads statements away from the caller's event loop; `close` stops it. */
export interface StatementReader {
  /**
   * Reads like `readStatement` and rejects with the same StatementReadError. `bytes` is moved to the
   * worker when it owns its whole buffer (then it is empty here): use the returned `bytes` afterwards.
   */
  read(fileName: string, bytes: Uint8Array): Promise<StatementRead>;
  /**
   * Reads the file at `filePath` in the worker for import: its bytes never pass through the caller's
   * memory (an upload kept on disk stays there), and its lines come without their bank ids. Same
   * refusals as `read`. With `stream`, an OFX file's big blocks are handed to `onLines` as they
   * are read, before the whole read resolves (it still holds every line).
   */
  readFile(fileName: string, filePath: string, stream?: LineStreamOptions): Promise<StatementLinesRead>;
  close(): Promise<void>;
}

export interface StatementReaderPoolOptions {
  /** Files read at once; others wait their turn. */
  size?: number;
  timeLimitMilliseconds?: number;
  maxHeapMegabytes?: number;
  /**
   * Workers started now rather than at the first file: loading one takes most of a second, which
   * the first import after a start would otherwise wait for. None by default (tests build many apps).
   */
  readyWorkers?: number;
}

type ReadAnswerOk = Exclude<Extract<ReadAnswer, { ok: true }>, { streamed: PackedStreamedLines }>;

/** Each ended block's lines by its account, from what a streaming read handed over. */
function collectStreamedLines(streamed: ReadJob['streamed']): Map<number, StatementLine[]> {
  const byAccount = new Map<number, StatementLine[]>();
  for (const [accountIndex, block] of streamed.accountBlocks) {
    byAccount.set(accountIndex, (streamed.blockLines.get(block) ?? []).flat());
  }
  return byAccount;
}

interface ReadJob {
  request: ReadRequest;
  onLines?: (streamed: StreamedLines) => void;
  /** A streaming read's lines by block, and each ended block's account: the whole read's lines come from them. */
  streamed: { blockLines: Map<number, StatementLine[][]>; accountBlocks: Map<number, number> };
  resolve: (answer: ReadAnswerOk) => void;
  reject: (error: Error) => void;
}

interface PooledWorker {
  worker: Worker;
  job: ReadJob | null;
  timer: NodeJS.Timeout | null;
}

const workerEntry = new URL('./statement-reader-worker-entry.mjs', import.meta.url);

/**
 * A few worker threads, started when first needed and reused, that run `readStatement`: a large
 * spreadsheet takes seconds of CPU, which on the main thread would stall every other request.
 * A worker past the time limit is stopped and replaced; one that dies (out of memory) is replaced
 * too; either way the file is refused as unreadable.
 */
export function createStatementReaderPool(options: StatementReaderPoolOptions = {}): StatementReader {
  const size = options.size ?? Math.min(2, availableParallelism());
  const timeLimitMilliseconds = options.timeLimitMilliseconds ?? statementLimits.maxReadMilliseconds;
  const maxHeapMegabytes = options.maxHeapMegabytes ?? statementLimits.maxReaderHeapMegabytes;
  const waiting: ReadJob[] = [];
  // Idle or busy; a retired worker leaves at once, so its replacement can start before it has exited.
  const liveWorkers = new Set<PooledWorker>();
  const idle: PooledWorker[] = [];
  let closed = false;

  function startWorker(): PooledWorker {
    const pooled: PooledWorker = {
      // No inherited flags (tsx's own loader flags do not work in a worker); the heap is capped.
      worker: new Worker(workerEntry, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: maxHeapMegabytes } }),
      job: null,
      timer: null,
    };
    // An idle worker must not keep the process alive; a read in progress is held by its timer.
    pooled.worker.unref();
    pooled.worker.on('message', (answer: ReadAnswer) => {
      if (answer.ok && 'streamed' in answer) {
        const job = pooled.job;
        if (!job) return;
        const streamed = unpackStreamedLines(answer.streamed);
        const blockLines = job.streamed.blockLines.get(streamed.block) ?? [];
        blockLines.push(streamed.lines);
        job.streamed.blockLines.set(streamed.block, blockLines);
        if (streamed.accountIndex !== null) job.streamed.accountBlocks.set(streamed.accountIndex, streamed.block);
        job.onLines?.(streamed);
        return;
      }
      const job = finishJob(pooled);
      if (!job) return;
      if (answer.ok) job.resolve(answer);
      else
        job.reject(
          new StatementReadError(answer.code, { message: answer.message, detail: answer.detail ?? undefined }),
        );
      idle.push(pooled);
      dispatchWaitingJobs();
    });
    pooled.worker.on('error', (error) => retireWorker(pooled, `Leitor parou: ${error.message}`));
    pooled.worker.on('exit', (exitCode) => retireWorker(pooled, `Leitor saiu com código ${exitCode}`));
    liveWorkers.add(pooled);
    return pooled;
  }

  function finishJob(pooled: PooledWorker): ReadJob | null {
    const job = pooled.job;
    if (pooled.timer) clearTimeout(pooled.timer);
    pooled.job = null;
    pooled.timer = null;
    return job;
  }

  /** Drops a worker that failed, timed out or exited; its file (if any) is refused, the queue goes on. */
  function retireWorker(pooled: PooledWorker, detail: string): void {
    const job = finishJob(pooled);
    const wasLive = liveWorkers.delete(pooled);
    const idleIndex = idle.indexOf(pooled);
    if (idleIndex >= 0) idle.splice(idleIndex, 1);
    if (wasLive) void pooled.worker.terminate();
    if (job) job.reject(closed ? createClosedError() : new StatementReadError('unreadable', { detail }));
    if (!closed) dispatchWaitingJobs();
  }

  function dispatchWaitingJobs(): void {
    while (waiting.length > 0) {
      const pooled = idle.pop() ?? (liveWorkers.size < size ? startWorker() : undefined);
      if (!pooled) return;
      const job = waiting.shift() as ReadJob;
      pooled.job = job;
      pooled.timer = setTimeout(
        () => retireWorker(pooled, `Leitura passou de ${timeLimitMilliseconds} ms`),
        timeLimitMilliseconds,
      );
      pooled.worker.postMessage(job.request, 'bytes' in job.request ? [job.request.bytes.buffer as ArrayBuffer] : []);
    }
  }

  function enqueue(
    request: ReadRequest,
    onLines?: (streamed: StreamedLines) => void,
  ): Promise<ReadAnswerOk & { streamedLines: Map<number, StatementLine[]> }> {
    if (closed) return Promise.reject(createClosedError());
    return new Promise((resolve, reject) => {
      const streamed = { blockLines: new Map(), accountBlocks: new Map() };
      waiting.push({
        request,
        onLines,
        streamed,
        resolve: (answer) => resolve({ ...answer, streamedLines: collectStreamedLines(streamed) }),
        reject,
      });
      dispatchWaitingJobs();
    });
  }

  for (let count = 0; count < Math.min(options.readyWorkers ?? 0, size); count++) idle.push(startWorker());

  return {
    async read(fileName, bytes) {
      const answer = await enqueue({ fileName, bytes: takeOwnBytes(bytes) });
      if (!('statement' in answer)) throw new Error('a read of bytes answered packed lines');
      return { statement: answer.statement, bytes: answer.bytes ?? new Uint8Array() };
    },
    async readFile(fileName, filePath, stream) {
      const answer = await enqueue(
        { fileName, filePath, linesPerChunk: stream?.linesPerChunk ?? null },
        stream?.onLines,
      );
      if (!('packed' in answer)) throw new Error('a read of a file answered a whole statement');
      return unpackStatementLines(answer.packed, answer.streamedLines);
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(createClosedError());
      const workers = [...liveWorkers];
      liveWorkers.clear();
      idle.length = 0;
      for (const pooled of workers) finishJob(pooled)?.reject(createClosedError());
      await Promise.all(workers.map((pooled) => pooled.worker.terminate()));
    },
  };
}

/**
 * Bytes that can be moved to a worker: the same ones when they fill their buffer alone, otherwise a
 * copy (a small Buffer shares Node's 8 KB pool with others, which must not be taken away).
 */
function takeOwnBytes(bytes: Uint8Array): Uint8Array {
  const ownsBuffer =
    bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return ownsBuffer ? bytes : bytes.slice();
}

function createClosedError(): Error {
  return new Error('The statement reader pool is closed');
}
