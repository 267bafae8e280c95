// Peak memory of oversized rate imports: three ~32 MiB CSVs (far over the row cap) sent at once, as
// multipart uploads and as JSON `{ csv }`. Prints the baseline RSS, the peak above it and each answer.
// RSS does not shrink after a peak, so each kind runs in a process of its own:
//   NODE_OPTIONS=--expose-gc npx tsx tools/scripts/bench-rate-import.ts multipart
//   NODE_OPTIONS=--expose-gc npx tsx tools/scripts/bench-rate-import.ts json
import { request } from 'undici';
import type { AddressInfo } from 'node:net';
import { createTestApp, api, login, bearer } from '../../apps/api/src/testing/test-app';
import { fileForm } from '../../apps/api/src/testing/multipart';

const MiB = 1024 * 1024;
const line = '4412345,0.012\n';
const csv = `code,price\n${line.repeat(Math.floor((32 * MiB - 4096) / line.length))}`;
// in JSON each line break is written as two characters: fewer lines keep the body under the 32 MiB limit
const jsonCsv = `code,price\n${line.repeat(Math.floor((32 * MiB - 4096) / (line.length + 1)))}`;

async function peakDuring<T>(
  run: () => Promise<T>,
): Promise<{ result: T; baseline: number; peak: number; ms: number }> {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = Date.now();
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, baseline, peak, ms: Date.now() - started };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const t = await createTestApp();
  try {
    const admin = bearer(await login(t.app, 'admin@example.com'));
    const table = await t.app.db.selectFrom('rate_tables').select('rate_table_uuid').executeTakeFirstOrThrow();
    // over a real socket: app.inject hands the body over in one piece, which no client does
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${api(`/rate_table/${table.rate_table_uuid}/import`)}`;
    const post = async (headers: Record<string, string>, body: Buffer | string) => {
      const res = await request(url, { method: 'POST', headers: { ...admin, ...headers }, body });
      return { statusCode: res.statusCode, body: await res.body.text() };
    };
    console.log(`CSV: ${(csv.length / MiB).toFixed(1)} MiB, ${(csv.length / line.length).toFixed(0)} rows`);
    const form = fileForm('rates.csv', 'text/csv', Buffer.from(csv));
    const json = JSON.stringify({ csv: jsonCsv });
    for (const [name, send] of [
      ['multipart', () => post(form.headers, form.payload)],
      ['json', () => post({ 'content-type': 'application/json' }, json)],
    ] as const) {
      if (name !== (process.argv[2] ?? 'multipart')) continue;
      const { result, baseline, peak, ms } = await peakDuring(() => Promise.all([send(), send(), send()]));
      console.log(
        `${name} ×3 at once: baseline ${(baseline / MiB).toFixed(0)} MiB, peak +${((peak - baseline) / MiB).toFixed(0)} MiB, ${ms} ms; answers ${result
          .map((r) => `${r.statusCode} ${r.body.slice(0, 90)}`)
          .join(' | ')}`,
      );
    }
  } finally {
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
