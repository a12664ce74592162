import { defineConfig } from 'vitest/config';

// CI asks for a JSON report too, to print one plain 'N passed, N failed' line at the end.
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'statement-readers', include: ['packages/statement-readers/src/**/*.test.ts'] } },
      // The web app's rules that need no browser; screens are tested in e2e.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
