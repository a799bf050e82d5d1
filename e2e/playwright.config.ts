// Playwright in Debian's Chromium against the release binary (started by global-setup.ts).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // On PostgreSQL the same journeys take about twice as long on a 2-core machine: each job
  // type's worker polls on its own backend, which takes more than a core (README, Tests).
  // The steps' own waits (expect: 10 s) are the same on both.
  timeout: process.env.E2E_DATABASE_URL ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.THRESHOLD_URL,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
