import path from 'node:path';
import { defineConfig } from '@playwright/test';

import { e2eWorkerCount, findServerDataDir, findServerPort } from './servers';

/**
 * Debian's Chromium drives a real Prumo: the built web app and the API in one process, on a
 * fresh embedded PostgreSQL seeded with the demo organizations — one such server per worker
 * (tests/fixtures.ts points each worker's pages and requests at its own).
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: e2eWorkerCount,
  retries: 0,
  forbidOnly: true,
  // A test signs in as several people on a 2-core machine: 30 s was met only when nothing else ran.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [
    ['list'],
    ...(process.env.PLAYWRIGHT_JSON_REPORT
      ? [['json', { outputFile: process.env.PLAYWRIGHT_JSON_REPORT }] as const]
      : []),
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
  ],
  use: {
    baseURL: `http://127.0.0.1:${findServerPort(0)}`,
    browserName: 'chromium',
    headless: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // CI prints the failures and keeps no files: E2E_TRACE=off spares it recording every test.
    trace: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: Array.from({ length: e2eWorkerCount }, (_, index) => {
    const port = findServerPort(index);
    const dataDir = findServerDataDir(index);
    return {
      command: `rm -rf "${dataDir}" && npm run start -w @prumo/api`,
      cwd: path.resolve(import.meta.dirname, '..'),
      // E-mailed links open where the browser reaches the server. Every spec sends its public forms
      // from 127.0.0.1: the challenge after abuse has API tests of its own (challenge.test.ts).
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        CHALLENGE_FREE_SENDS: '100000',
        // Page models that register many people through the API say so from addresses of their own
        // (X-Forwarded-For from the loopback), so the per-address limits the suite meets stay real.
        TRUST_PROXY: '127.0.0.1',
        // Belvo and Pluggy are out of reach here: a closed port answers at once (keys a manager types are refused).
        BELVO_API_URL: 'http://127.0.0.1:9',
        PLUGGY_API_URL: 'http://127.0.0.1:9',
      },
      url: `http://127.0.0.1:${port}/api/organization/demo/`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    };
  }),
});
