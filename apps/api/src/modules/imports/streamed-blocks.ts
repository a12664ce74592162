import type { StatementLine, StreamedAccount, StreamedLines } from '@prumo/statement-readers/statement-types';

/** Items handed over one by one and taken in order; the taker waits for the next, the end or a failure. */
class HandOverQueue<Item> implements AsyncIterable<Item> {
  private readonly items: Item[] = [];
  private wake: (() => void) | null = null;
  private ended = false;
  private failure: { error: unknown } | null = null;

  push(item: Item): void {
    this.items.push(item);
    this.wakeTaker();
  }

  end(): void {
    this.ended = true;
    this.wakeTaker();
  }

  fail(error: unknown): void {
    this.failure ??= { error };
    this.wakeTaker();
  }

  /** The next item; null once ended with nothing left; throws the failure once the items before it are taken. */
  async take(): Promise<Item | null> {
    for (;;) {
      if (this.items.length > 0) return this.items.shift() as Item;
      if (this.failure) throw this.failure.error;
      if (this.ended) return null;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    for (let item = await this.take(); item !== null; item = await this.take()) yield item;
  }

  private wakeTaker(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

/** A statement block whose lines come while the file is still being read. */
export interface StreamedBlock {
  account: StreamedAccount;
  /** Its lines in chunks, as they are read; the iteration throws when the read fails. */
  chunks: AsyncIterable<StatementLine[]>;
  /** Lines streamed so far (all of them once `chunks` has ended). */
  lineCount: number;
  /** Its account's index in the whole read, once `chunks` has ended. */
  accountIndex: number | null;
}

/**
 * Receives a reader's streamed lines (`accept`) and hands them over block by block (`nextBlock`):
 * the next block that started, or null once the read is over without another. `finish` and `fail`
 * come from the read's end.
 */
export function createStreamedBlocks() {
  const blocks = new HandOverQueue<StreamedBlock>();
  const open = new Map<number, { block: StreamedBlock; chunks: HandOverQueue<StatementLine[]> }>();
  return {
    accept(streamed: StreamedLines): void {
      let current = open.get(streamed.block);
      if (!current) {
        const chunks = new HandOverQueue<StatementLine[]>();
        current = { block: { account: streamed.account, chunks, lineCount: 0, accountIndex: null }, chunks };
        open.set(streamed.block, current);
        blocks.push(current.block);
      }
      current.block.lineCount += streamed.lines.length;
      current.chunks.push(streamed.lines);
      if (streamed.accountIndex !== null) {
        current.block.accountIndex = streamed.accountIndex;
        current.chunks.end();
      }
    },
    nextBlock: () => blocks.take(),
    finish(): void {
      blocks.end();
      for (const { chunks } of open.values()) chunks.end();
    },
    fail(error: unknown): void {
      blocks.fail(error);
      for (const { chunks } of open.values()) chunks.fail(error);
    },
  };
}
