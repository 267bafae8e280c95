// Renders the system admin's company list with 10,000 companies on one page in Chromium and prints:
// navigation → rows visible, API answer → rows visible, DOM node count, and the scripting time and
// long tasks (> 200 ms) of a scroll to the last row, and the time of Export CSV. Targets: rows visible ≤ 1 s after the
// API answers, ≤ 1,500 DOM nodes, no long task over 200 ms while scrolling.
// Needs production builds in dist/apps (npx nx run-many -t build -p shell system-admin).
import path from 'node:path';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { chromium, type CDPSession } from '@playwright/test';
import { build } from '../../apps/api/src/app';
import { REPO_ROOT } from '../../apps/api/src/config';
import { seedCompanies } from './seed-companies';

const PASSWORD = 'bench-demo-pass-123';
const COMPANIES = 10_000;
const LONG_TASK_MS = 200;
const LIST_PATH = '/system-admin/companies/company-list?per_page=10000';
const ROW = '[data-testid="resource-table-companies"] .ant-table-row';

interface PageProbe {
  longTasks: { start: number; duration: number }[];
  rowsAt?: number;
}

async function metric(cdp: CDPSession, name: string): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === name)?.value ?? 0;
}

async function main(): Promise<void> {
  const webRoot = path.join(REPO_ROOT, 'dist/apps');
  if (!existsSync(path.join(webRoot, 'shell')) || !existsSync(path.join(webRoot, 'system-admin'))) {
    throw new Error('build the shell and system-admin first: npx nx run-many -t build -p shell system-admin');
  }
  const app = await build({ dataDir: 'memory', demoPassword: PASSWORD, webRoot, logger: false });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    await seedCompanies(app.db, COMPANIES);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/system-admin$/);

    // Watches from the very start of the next document: long tasks, and the first frame with rows.
    await page.addInitScript(
      ({ row }) => {
        const probe: PageProbe = { longTasks: [] };
        (window as unknown as { __probe: PageProbe }).__probe = probe;
        // The first mutation that puts a row in the DOM, then the next frame (when it is painted).
        const seen = new MutationObserver(() => {
          if (!document.querySelector(row)) return;
          seen.disconnect();
          probe.rowsAt = performance.now();
          requestAnimationFrame(() => setTimeout(() => (probe.rowsAt = performance.now()), 0));
        });
        seen.observe(document, { childList: true, subtree: true });
        try {
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
          }).observe({ type: 'longtask', buffered: true });
        } catch (e) {
          (probe as { error?: string }).error = String(e);
        }
      },
      { row: ROW },
    );

    const answered = page.waitForResponse(
      (r) => r.url().includes('/company/list') && r.url().includes('per_page=10000'),
    );
    await page.goto(LIST_PATH);
    const response = await answered;
    const total = ((await response.json()) as { total: number; items: unknown[] }).items.length;
    await page
      .waitForFunction(() => (window as unknown as { __probe: PageProbe }).__probe.rowsAt !== undefined, null, {
        timeout: 60_000,
      })
      .catch(async (e) => {
        await page.screenshot({ path: 'tmp/bench-company-list.png' });
        console.error(
          await page.evaluate(
            (row) => ({
              probe: (window as unknown as { __probe: PageProbe }).__probe,
              rows: document.querySelectorAll(row).length,
            }),
            ROW,
          ),
        );
        throw e;
      });
    const load = await page.evaluate(() => {
      const probe = (window as unknown as { __probe: PageProbe }).__probe;
      const entry = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/company/list'))
        .at(-1) as PerformanceResourceTiming;
      return {
        rowsAt: probe.rowsAt ?? NaN,
        answeredAt: entry.responseEnd,
        nodes: document.getElementsByTagName('*').length,
        longTasks: probe.longTasks.length,
      };
    });

    // Scroll the virtual body to the end, one viewport a frame, and time it.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const before = { script: await metric(cdp, 'ScriptDuration'), task: await metric(cdp, 'TaskDuration') };
    const scroll = await page.evaluate(async () => {
      const probe = (window as unknown as { __probe: PageProbe }).__probe;
      probe.longTasks = [];
      const holder = document.querySelector('.ant-table-tbody-virtual-holder') as HTMLElement | null;
      if (!holder) throw new Error('no virtual table body found');
      const start = performance.now();
      let frames = 0;
      while (holder.scrollTop + holder.clientHeight < holder.scrollHeight - 1) {
        holder.scrollTop += holder.clientHeight;
        frames++;
        await new Promise((r) => requestAnimationFrame(() => r(null)));
      }
      await new Promise((r) => setTimeout(r, 500));
      const rows = [...document.querySelectorAll('.ant-table-row')].map((r) => r.textContent ?? '');
      return {
        ms: performance.now() - start,
        frames,
        longTasks: probe.longTasks,
        lastRow: rows.at(-1) ?? '',
        nodes: document.getElementsByTagName('*').length,
      };
    });
    const after = { script: await metric(cdp, 'ScriptDuration'), task: await metric(cdp, 'TaskDuration') };

    // Export CSV twice: from the 10,000-row page (nothing to fetch), and from a 10-row page of the
    // same list (every row read again, 1,000 a call).
    const exportOnce = async () => {
      await page.evaluate(() => ((window as unknown as { __probe: PageProbe }).__probe.longTasks = []));
      let calls = 0;
      const count = (r: { url(): string }) => {
        if (r.url().includes('/company/list')) calls++;
      };
      page.on('request', count);
      const saved = page.waitForEvent('download', { timeout: 120_000 });
      const start = Date.now();
      await page.getByRole('button', { name: /Export CSV/ }).click();
      const file = await saved;
      const ms = Date.now() - start;
      page.off('request', count);
      const text = await readFile(await file.path(), 'utf8');
      const bytes = Buffer.byteLength(text);
      // one record a line: company names carry no line breaks
      const rows = text.split('\r\n').filter(Boolean).length - 1;
      const longest = await page.evaluate(() =>
        Math.max(0, ...(window as unknown as { __probe: PageProbe }).__probe.longTasks.map((t) => t.duration)),
      );
      return { ms, calls, bytes, rows, longest };
    };
    const fromBigPage = await exportOnce();
    await page.goto(LIST_PATH.replace('per_page=10000', 'per_page=10'));
    await page.locator(ROW).first().waitFor();
    const fromSmallPage = await exportOnce();
    const listed = Number((await page.locator('.ant-pagination-total-text').innerText()).replace(/[^\d]/g, ''));
    const exportLine = (e: typeof fromBigPage) =>
      `${e.rows} rows in ${e.ms} ms, ${(e.bytes / 1024 / 1024).toFixed(2)} MB, ${e.calls} list calls, longest task ${e.longest.toFixed(0)} ms`;

    const apiToRows = load.rowsAt - load.answeredAt;
    const worst = Math.max(0, ...scroll.longTasks.map((t) => t.duration));
    const lines: [string, string, boolean | null][] = [
      ['companies on the page', String(total), total === COMPANIES],
      ['navigation → rows visible', `${load.rowsAt.toFixed(0)} ms`, null],
      ['API answer → rows visible', `${apiToRows.toFixed(0)} ms (target ≤ 1000)`, apiToRows <= 1000],
      ['DOM nodes after render', `${load.nodes} (target ≤ 1500)`, load.nodes <= 1500],
      ['DOM nodes at the end of the scroll', `${scroll.nodes} (target ≤ 1500)`, scroll.nodes <= 1500],
      [
        'scroll to the end',
        `${scroll.ms.toFixed(0)} ms, ${scroll.frames} steps; last row: ${scroll.lastRow.slice(0, 40)}`,
        null,
      ],
      [
        'scripting time of the scroll (CDP ScriptDuration)',
        `${((after.script - before.script) * 1000).toFixed(0)} ms`,
        null,
      ],
      ['task time of the scroll (CDP TaskDuration)', `${((after.task - before.task) * 1000).toFixed(0)} ms`, null],
      [
        `long tasks while scrolling (> ${LONG_TASK_MS} ms)`,
        `${scroll.longTasks.filter((t) => t.duration > LONG_TASK_MS).length} (longest ${worst.toFixed(0)} ms; ${scroll.longTasks.length} over 50 ms)`,
        worst <= LONG_TASK_MS,
      ],
      ['long tasks during load (> 50 ms)', String(load.longTasks), null],
      [
        'Export CSV from the 10,000-row page',
        `${exportLine(fromBigPage)} (list total ${listed})`,
        fromBigPage.rows === listed,
      ],
      ['Export CSV of the same list from a 10-row page', exportLine(fromSmallPage), fromSmallPage.rows === listed],
    ];
    const width = Math.max(...lines.map(([k]) => k.length));
    for (const [k, v, ok] of lines)
      console.log(`${k.padEnd(width)} | ${v}${ok === null ? '' : ok ? '  [met]' : '  [NOT MET]'}`);
    if (lines.some(([, , ok]) => ok === false)) process.exitCode = 1;
  } finally {
    await browser.close();
    await app.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
