import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);

// Production builds of all five apps and the real API, on a fresh database each run.
export default defineConfig({
  testDir: './src',
  outputDir: '../../tmp/e2e/test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
    // page.route cannot see requests a service worker answers; the offline test turns it back on
    serviceWorkers: 'block',
  },
  webServer: {
    command: `node tools/scripts/e2e-server.mjs`,
    cwd: '../..',
    url: `http://127.0.0.1:${E2E_PORT}/remotes.json`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { PORT: String(E2E_PORT) },
  },
});
