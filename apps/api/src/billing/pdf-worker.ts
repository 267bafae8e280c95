// One worker thread renders PDFs, so a long invoice (seconds of layout) never stalls the API's event
// loop. The worker's code is plain JavaScript given inline (eval), so it runs the same under tsx, jest
// and node without a compiled file; it loads pdfmake from the path the main thread resolved.
import { Worker } from 'node:worker_threads';

/** A footer as data: {page} and {pages} are filled per page where the PDF is rendered. */
export interface FooterTemplate {
  text: string;
  [style: string]: unknown;
}
/** A document as plain data, so it can cross to the worker thread. */
export interface PdfJob {
  doc: Record<string, unknown> & { content: unknown[] };
  footer?: FooterTemplate;
}

const FONT = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
};

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const pdfmake = require(workerData.pdfmakePath);
const fontNames = new Set(Object.values(workerData.font));
// no URL and no local path except the built-in font names (see invoice-pdf.ts)
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((p) => fontNames.has(p));
pdfmake.setFonts({ Helvetica: workerData.font });
parentPort.on('message', async ({ id, doc, footer }) => {
  try {
    if (footer) doc.footer = (page, pages) => Object.assign({}, footer, { text: footer.text.replace('{page}', String(page)).replace('{pages}', String(pages)) });
    const buf = await pdfmake.createPdf(doc).getBuffer();
    const bytes = new Uint8Array(buf.byteLength);
    bytes.set(buf);
    parentPort.postMessage({ id, pdf: bytes }, [bytes.buffer]);
  } catch (e) {
    parentPort.postMessage({ id, error: String((e && e.message) || e) });
  }
});`;

interface Pending {
  resolve(b: Buffer): void;
  reject(e: Error): void;
}
let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(err: Error) {
  for (const p of pending.values()) p.reject(err);
  pending.clear();
}

function ensureWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { pdfmakePath: require.resolve('pdfmake'), font: FONT },
  });
  w.on('message', (m: { id: number; pdf?: Uint8Array; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error !== undefined || !m.pdf) p.reject(new Error(`PDF rendering failed: ${m.error}`));
    else p.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
    // an idle worker must not keep the process alive
    if (!pending.size) w.unref();
  });
  w.on('error', (e) => {
    failAll(e);
    if (worker === w) worker = null;
  });
  w.on('exit', (code) => {
    failAll(new Error(`PDF worker exited (${code})`));
    if (worker === w) worker = null;
  });
  w.unref();
  worker = w;
  return w;
}

/** Renders a pdfmake document in the worker thread (started on first use, reused after). */
export function renderInWorker(job: PdfJob): Promise<Buffer> {
  const w = ensureWorker();
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, doc: job.doc, footer: job.footer });
  });
}

/** Stops the worker (server shutdown); the next render starts a new one. */
export async function stopPdfWorker(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
