// The 1,000-line invoice PDF: render time and the event loop's delay while it renders, on the calling
// thread (before: how the API rendered it) and in the worker thread (after). `npx tsx tools/bench/invoice-pdf.ts`
// (INVOICE_LINES, PDF_RUNS). Prints figures; nothing is asserted.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import type { InvoiceDetails } from '@smsc/shared-contract';
import { invoicePdf, invoicePdfInline } from '../../apps/api/src/billing/invoice-pdf';
import { stopPdfWorker } from '../../apps/api/src/billing/pdf-worker';

const LINES = Number(process.env.INVOICE_LINES ?? 1000);
const RUNS = Number(process.env.PDF_RUNS ?? 3);

const invoice: InvoiceDetails = {
  invoice_uuid: '00000000-0000-4000-8000-000000000001',
  number: 'INV-000001',
  issuer_name: 'system',
  company_uuid: '00000000-0000-4000-8000-000000000002',
  company_name: 'Bench Co',
  reseller_uuid: null,
  reseller_name: null,
  period_start: '2026-10-01',
  period_end: '2026-10-31',
  issued_on: '2026-11-01T00:00:00.000Z',
  due_on: '2026-12-01',
  currency: 'USD',
  total: `${LINES}.00`,
  payments_received: '0.00',
  line_count: LINES,
  paid: false,
  paid_on: null,
  status: 'issued',
  lines: Array.from({ length: LINES }, (_, i) => ({
    kind: 'sms_charge' as const,
    description: `SMS to network ${i + 1} (United States)`,
    quantity: 100 + i,
    amount: '1.00',
  })),
};

async function measure(label: string, render: () => Promise<Buffer>) {
  for (let run = 1; run <= RUNS; run++) {
    const h = monitorEventLoopDelay({ resolution: 10 });
    // a 5 ms ticker: its worst gap is what a request arriving during the render would wait (the delay
    // histogram samples on its own timer and undercounts one long block, so the gap is the figure to read)
    let last = performance.now();
    let worstGap = 0;
    const tick = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
    }, 5);
    h.enable();
    const t0 = performance.now();
    const pdf = await render();
    const ms = performance.now() - t0;
    // a render that blocked the loop shows as the gap up to now, and in the histogram once a timer runs again
    worstGap = Math.max(worstGap, performance.now() - last);
    await new Promise((r) => setTimeout(r, 20));
    h.disable();
    clearInterval(tick);
    console.log(
      `${label} run ${run}: ${ms.toFixed(0)} ms, ${(pdf.length / 1024).toFixed(0)} KB; event-loop delay p50 ${(h.percentile(50) / 1e6).toFixed(1)} ms,` +
        ` p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms, max ${(h.max / 1e6).toFixed(1)} ms; worst 5 ms-ticker gap ${worstGap.toFixed(0)} ms`,
    );
  }
}

(async () => {
  console.log(
    `invoice of ${LINES} lines, ${RUNS} runs each; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await measure('before (main thread)', () => invoicePdfInline(invoice));
  await measure('after (worker thread)', () => invoicePdf(invoice));
  await stopPdfWorker();
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
})();
