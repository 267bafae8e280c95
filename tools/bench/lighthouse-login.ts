// Runs Lighthouse (performance and accessibility) on the production /login page, served with the
// real API by tools/scripts/e2e-server.mjs, in Debian's Chromium; prints the scores, LCP and TBT for
// Lighthouse's mobile default (simulated slow 4G and 4x CPU slowdown) and its desktop preset.
// Needs a production build (npx nx run-many -t build). Figures, not a test: not part of npm test.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4340);
const base = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// the same flags the e2e tests give Chromium on these machines
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Figures {
  preset: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
}

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/remotes.json`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function audit(preset: 'mobile' | 'desktop', chromePort: number): Promise<Figures> {
  // lighthouse and its presets are ES modules
  const { default: lighthouse } = await import('lighthouse');
  const config = preset === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const result = await lighthouse(
    `${base}/login`,
    { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    config,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  // LIGHTHOUSE_JSON=dir keeps each report (what to read when TBT moves: bootup-time, long tasks)
  if (process.env.LIGHTHOUSE_JSON) {
    fs.mkdirSync(process.env.LIGHTHOUSE_JSON, { recursive: true });
    fs.writeFileSync(path.join(process.env.LIGHTHOUSE_JSON, `${preset}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  return {
    preset,
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    fcpMs: ms('first-contentful-paint'),
  };
}

// on a busy machine Lighthouse now and then fails to record the trace (NO_NAVSTART) and asks for a rerun
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (e) {
      if (i >= attempts) throw e;
      console.warn(`attempt ${i} failed (${(e as Error).message}); running again`);
    }
  }
}

async function main() {
  const server = spawn(process.execPath, [path.join(root, 'tools/scripts/e2e-server.mjs')], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
    cwd: root,
  });
  const { launch } = await import('chrome-launcher');
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  try {
    await waitForServer();
    chrome = await launch({ chromePath, chromeFlags });
    const rows: Figures[] = [];
    const chromePort = chrome.port;
    for (const preset of ['mobile', 'desktop'] as const) rows.push(await withRetries(() => audit(preset, chromePort)));
    console.log(`\nLighthouse on ${base}/login (production build, ${chromePath})\n`);
    console.log('preset    performance  accessibility   LCP ms   TBT ms   FCP ms');
    for (const r of rows) {
      console.log(
        `${r.preset.padEnd(9)} ${String(r.performance).padStart(11)}  ${String(r.accessibility).padStart(13)}  ${String(r.lcpMs).padStart(7)}  ${String(r.tbtMs).padStart(7)}  ${String(r.fcpMs).padStart(7)}`,
      );
    }
  } finally {
    chrome?.kill();
    server.kill('SIGTERM');
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
