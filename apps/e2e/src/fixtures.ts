import { test as base } from '@playwright/test';
import { E2E_PORT, TEMPLATE_DATA, startServer, type E2eServer } from './server';

export { expect } from '@playwright/test';

/**
 * Every spec imports `test` from here: each Playwright worker starts its own API server on its own
 * port, database and mail directory, so two workers never see each other's rows or mails.
 */
export const test = base.extend<object, { server: E2eServer }>({
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
