// npm run monitoring:snapshot: the Grafana dashboard (deploy/grafana/smsc-console.json) drawn from a real run.
// Grafana itself is not installable here (not in Debian, npm or PyPI), so this draws the dashboard's own panels
// from their own queries: Debian's Prometheus scrapes the three API nodes of the scale-out test
// (tools/scale-out/run.ts: a bulk, scheduled messages, one node SIGKILLed mid-run) every second; when the run
// ends, every panel's queries run over it (query_range) and Chromium draws them into docs/images/dashboard.png.
// Prints how many series each panel found. That the metric names exist is ops/monitoring-files.spec.ts's check;
// this one shows which panels a real run fills.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort } from '../../apps/api/src/kannel/stack';
import { renderDashboard, type Panel, type Series } from './render';

const root = path.resolve(__dirname, '../..');
const OUT = process.env.SNAPSHOT_OUT ?? path.join(root, 'docs/images/dashboard.png');
// Grafana's $__rate_interval is at least four scrape intervals; the scrape here is every second
const RATE_INTERVAL = '10s';
const STEP_S = 2;

interface Dashboard {
  title: string;
  panels: {
    title: string;
    type: string;
    targets?: { expr: string; legendFormat?: string }[];
    fieldConfig?: { defaults?: { unit?: string } };
  }[];
}

async function main() {
  execFileSync(process.execPath, [path.join(root, 'tools/scripts/ensure-prometheus.mjs')], { stdio: 'inherit' });
  execFileSync(process.execPath, [path.join(root, 'tools/scripts/ensure-chromium.mjs')], { stdio: 'inherit' });
  const dashboard = JSON.parse(readFileSync(path.join(root, 'deploy/grafana/smsc-console.json'), 'utf8')) as Dashboard;
  const dir = mkdtempSync(path.join(tmpdir(), 'dashboard-'));
  const targets = path.join(dir, 'targets.json');
  writeFileSync(targets, '[]');
  writeFileSync(
    path.join(dir, 'prometheus.yml'),
    [
      'global:',
      '  scrape_interval: 1s',
      '  scrape_timeout: 900ms',
      'scrape_configs:',
      '  - job_name: smsc-api',
      '    metrics_path: /metrics',
      '    file_sd_configs:',
      `      - files: ['${targets}']`,
      '        refresh_interval: 1s',
      '',
    ].join('\n'),
  );
  const promPort = await freePort();
  const prom = spawn(
    'prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${promPort}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const promUrl = `http://127.0.0.1:${promPort}`;
  try {
    await until(async () => (await fetch(`${promUrl}/-/ready`).catch(() => null))?.ok === true, 30_000, 'Prometheus');
    const from = Date.now() / 1000;
    const run = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tools/scale-out/run.ts')], {
      // 5,000 messages: a few minutes of traffic on a quiet machine, enough for every rate panel
      env: { SCALE_OUT_MESSAGES: '5000', ...process.env, SCALE_OUT_TARGETS_FILE: targets },
      stdio: 'inherit',
    });
    const code = await new Promise<number | null>((r) => run.on('exit', r));
    // the run's own checks (lateness, exactly once) failing is itself worth a picture: draw it and say so
    if (code !== 0) console.warn(`dashboard: the scale-out run's checks failed (exit ${code}); drawing what it did`);
    // two more scrapes of the survivors, so the run's end is in the data
    await new Promise((r) => setTimeout(r, 2500));
    const to = Date.now() / 1000;
    const panels: Panel[] = [];
    for (const p of dashboard.panels.filter((x) => x.type === 'timeseries')) {
      const series: Series[] = [];
      for (const t of p.targets ?? []) {
        const expr = t.expr.replaceAll('$__rate_interval', RATE_INTERVAL);
        const q = new URLSearchParams({ query: expr, start: String(from), end: String(to), step: String(STEP_S) });
        const res = (await (await fetch(`${promUrl}/api/v1/query_range?${q}`)).json()) as {
          status: string;
          error?: string;
          data: { result: { metric: Record<string, string>; values: [number, string][] }[] };
        };
        if (res.status !== 'success') throw new Error(`${p.title}: ${expr}: ${res.error}`);
        for (const r of res.data.result) {
          series.push({
            name: legendOf(t.legendFormat, r.metric, expr),
            points: r.values.map(([ts, v]) => [ts - from, Number(v)] as [number, number]),
          });
        }
      }
      panels.push({ title: p.title, unit: p.fieldConfig?.defaults?.unit ?? 'short', series });
      const points = series.reduce((n, s) => n + s.points.length, 0);
      console.log(
        `dashboard: ${p.title}: ${series.length} series, ${points} points${series.length ? '' : ' (no data)'}`,
      );
    }
    const filled = panels.filter((p) => p.series.length).length;
    console.log(`dashboard: ${filled} of ${panels.length} panels have data over ${Math.round(to - from)} s`);
    const html = renderDashboard(
      `${dashboard.title}: scale-out run, ${new Date().toISOString().slice(0, 16)} UTC`,
      panels,
      to - from,
    );
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
      await page.setContent(html);
      await page.screenshot({ path: OUT, fullPage: true });
    } finally {
      await browser.close();
    }
    console.log(`dashboard: drawn to ${path.relative(root, OUT)}`);
  } finally {
    prom.kill('SIGTERM');
    await new Promise((r) => prom.on('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Grafana's legend: the target's legendFormat with {{label}} filled in, else the series' labels */
function legendOf(format: string | undefined, metric: Record<string, string>, expr: string): string {
  if (format) return format.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => metric[k] ?? '');
  const labels = Object.entries(metric).filter(([k]) => k !== '__name__' && k !== 'job');
  return labels.length ? labels.map(([k, v]) => `${k}=${v}`).join(', ') : expr;
}

async function until(ok: () => Promise<boolean>, ms: number, what: string) {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not start within ${ms / 1000} s`);
}

main().catch((e) => {
  console.error(`✗ dashboard snapshot: ${(e as Error).message}`);
  process.exit(1);
});
