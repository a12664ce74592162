import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const wholeDatabaseFiles = [
  'bill-reminder-notices',
  'core-log',
  'help-tour-push',
  'import-leftovers',
  'input-guards',
  'jobs-schedule',
  'jobs-worker',
  'notifications',
  'open-banking-consent',
  'subscriptions-crash',
].map((name) => `apps/api/test/${name}.test.ts`);

// CI asks for a JSON report too, to print one plain 'N passed, N failed' line at the end.
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    // Two files at a time even on two cores (Vitest would run one): an API file spends most of its
    // time waiting on PostgreSQL, and each makes its own organizations in the shared database (the
    // files whose work crosses organizations have a project and a database of their own).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      // Reading 100,000-line files in workers takes seconds on a busy 2-core machine: the limit is
      // there to catch a hang, not to time the readers (benchmarks do that).
      {
        test: {
          name: 'statement-readers',
          include: ['packages/statement-readers/src/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      // The web app's rules that need no browser; screens are tested in e2e.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          exclude: wholeDatabaseFiles,
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      // Files whose work reaches every organization of the database (the daily jobs, deliveries of
      // every pending notification, counts of a whole table): a database of their own, one file at
      // a time, beside the other API files.
      {
        test: {
          name: 'api-whole-database',
          include: wholeDatabaseFiles,
          fileParallelism: false,
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
