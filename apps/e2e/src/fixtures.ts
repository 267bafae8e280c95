import { test as base, expect, type Page } from '@playwright/test';
import { E2E_PORT, TEMPLATE_DATA, startServer, type E2eServer } from './server';

export { expect };

const PROVOKED_REFUSAL = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

const provoked = new WeakMap<Page, RegExp[]>();

/**
 * A test that breaks something on purpose (a mocked 500, a blocked remote, an injected script the policy
 * refuses) names the errors it provokes; they pass, and every other error still fails the test.
 */
export function expectPageErrors(page: Page, ...patterns: RegExp[]) {
  provoked.set(page, [...(provoked.get(page) ?? []), ...patterns]);
}

/**
 * Every spec imports `test` from here: each Playwright worker starts its own API server on its own
 * port, database and mail directory, so two workers never see each other's rows or mails.
 */
export const test = base.extend<{ pageErrors: string[] }, { server: E2eServer }>({
  // Every test fails on an uncaught page error or a console error. Chromium also logs each 4xx answer
  // as "Failed to load resource": those are the refusals a test provokes on purpose (a wrong password,
  // a field the server rejects) and that the screen shows in its own words, so only they pass; a 5xx does not.
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(`page error: ${err.message} (${page.url()})`));
      page.on('console', (msg) => {
        if (msg.type() !== 'error' || PROVOKED_REFUSAL.test(msg.text())) return;
        errors.push(`console error: ${msg.text()} (${page.url()})`);
      });
      await use(errors);
      const declared = provoked.get(page) ?? [];
      const unexpected = errors.filter((line) => !declared.some((pattern) => pattern.test(line)));
      expect(unexpected, 'uncaught page errors and console errors during the test').toEqual([]);
    },
    { auto: true },
  ],

  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      // parallelIndex, not workerIndex: a worker restarted after a failure takes over the same slot
      const server = await startServer(`worker-${workerInfo.parallelIndex}`, E2E_PORT + workerInfo.parallelIndex, {
        dataFrom: TEMPLATE_DATA,
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});
