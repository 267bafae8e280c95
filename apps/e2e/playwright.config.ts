import { defineConfig } from '@playwright/test';

// Production builds of all five apps and the real API. Each worker starts its own server on a fresh
// database (src/fixtures.ts: port E2E_PORT + worker slot, default 4310), so spec files run two at a
// time; the tests of one file run in order in one worker.
export default defineConfig({
  testDir: './src',
  outputDir: '../../tmp/e2e/test-results',
  fullyParallel: false,
  // One worker by default (99 tests in 10.5 min on a quiet 2-core machine). Two (E2E_WORKERS=2, each with its own API
  // server and database) took 8.2–9.4 min there, but one run in three lost a click to the extra load
  // (a confirm dialog still zooming in); a busier machine starved two workers into timeouts.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  // E2E_TIMEOUT: a machine shared with builds needs more than a quiet one (journeys take ≤ 45 s quiet)
  timeout: Number(process.env.E2E_TIMEOUT ?? 90_000),
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    // as a person whose system asks for less motion: the signed-in areas then open dialogs and lists at once
    // (ReducedMotion, shared-ui), so a click never waits for one to finish moving
    reducedMotion: 'reduce',
    // page.route cannot see requests a service worker answers; the offline test turns it back on
    serviceWorkers: 'block',
  },
});
