import { test as base, expect, type Page, type Request } from '@playwright/test';
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

/** Requests of a page still waiting for their answer, but the live event stream, which stays open by design. */
const inflight = new WeakMap<Page, Set<Request>>();
const isEventStream = (r: Request) => new URL(r.url()).pathname.endsWith('/events');

function trackRequests(page: Page) {
  const pending = new Set<Request>();
  inflight.set(page, pending);
  page.on('request', (r) => {
    if (!isEventStream(r)) pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
}

/**
 * The screen has settled: loaded, and no request in flight for `quietMs`. Playwright's 'networkidle' counts the
 * console's live event stream (GET /events, open as long as the session) and so never comes on a signed-in page.
 */
export async function waitForQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  await page.waitForLoadState('load');
  const pending = inflight.get(page);
  if (!pending) {
    // a page of a context the test opened itself is not tracked: give it the quiet time
    await page.waitForTimeout(quietMs);
    return;
  }
  const end = Date.now() + timeoutMs;
  let quietSince = 0;
  for (;;) {
    if (pending.size) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    if (Date.now() > end)
      throw new Error(`requests still in flight after ${timeoutMs} ms: ${[...pending].map((r) => r.url()).join(', ')}`);
    await page.waitForTimeout(50);
  }
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
      trackRequests(page);
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
