/** Caps that keep a hostile or absurd file from taking unbounded memory or time. */
export const statementLimits = {
  maxFileBytes: 20 * 1024 * 1024,
  /** Sum of the uncompressed sizes of an XLSX's zip entries. */
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxArchiveEntries: 2_000,
  /** Transactions in an OFX, rows in all sheets of a spreadsheet. */
  maxRows: 200_000,
  /** Accounts and cards in one OFX; real files hold a handful. */
  maxStatements: 1_000,
  /**
   * Reading time per file, in a worker; past it the file is refused and the worker replaced. The largest
   * XLSX within the caps above takes 6–16 s on a busy 2-core machine: a wide margin, so a slow
   * server never refuses a legitimate file.
   */
  maxReadMilliseconds: 60_000,
  /** Heap of each reader worker: that largest XLSX needs ~256 MB; a file needing more is refused, the server lives. */
  maxReaderHeapMegabytes: 512,
} as const;
