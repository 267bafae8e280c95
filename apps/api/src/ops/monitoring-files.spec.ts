// The dashboard and the alert rules in deploy/ ask for metrics by name: a name the server does not export
// draws an empty panel or an alert that never fires, and nothing else would say so.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';
import { createTestApp, type TestApp } from '../testing/test-app';

const DASHBOARD = 'deploy/grafana/smsc-console.json';
const RULES = 'deploy/prometheus/alerts.yml';

/** Every smsc_* series name a text asks for. */
const asked = (text: string) => new Set(text.match(/\bsmsc_[a-z0-9_]+/g) ?? []);

describe('monitoring files against the metrics the server exports', () => {
  let t: TestApp;
  let exported: Set<string>;
  beforeAll(async () => {
    t = await createTestApp();
    const text = (await t.app.inject({ url: '/metrics' })).body;
    exported = new Set<string>();
    for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exported.add(name);
      if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) exported.add(name + s);
    }
  }, 120_000);
  afterAll(async () => t.close());

  it('the server exports the runtime, SMPP and HTTP families the files rely on (the check itself sees them)', () => {
    for (const name of [
      'smsc_http_request_duration_seconds_bucket',
      'smsc_event_loop_delay_seconds',
      'smsc_smpp_binds',
    ])
      expect(exported).toContain(name);
  });

  it.each([DASHBOARD, RULES])('%s asks only for exported metrics', (file) => {
    const text = readFileSync(path.join(REPO_ROOT, file), 'utf8');
    const names = [...asked(text)];
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((n) => !exported.has(n))).toEqual([]);
  });

  it('the dashboard is valid JSON whose every panel has a query', () => {
    const dash = JSON.parse(readFileSync(path.join(REPO_ROOT, DASHBOARD), 'utf8'));
    expect(dash.panels.length).toBeGreaterThan(10);
    for (const p of dash.panels) expect(p.targets.every((q: { expr: string }) => q.expr.includes('smsc_'))).toBe(true);
  });
});
