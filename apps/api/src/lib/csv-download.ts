// Streamed CSV: rows are pulled batch by batch from an async source and written through a plain
// Transform, so memory stays flat whatever the row count, and a download that is cancelled stops the
// source at its next batch (the source checks `stopped` between queries).
import { Readable, Transform } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvCell, csvHeader, csvRow, type CsvField } from '@smsc/shared-util';

/** A column of a streamed export; its kind says how the one CSV writer (libs/shared/util) writes the values. */
export type CsvColumn = CsvField;

export { csvCell };
export const csvLine = csvRow;

/** Batches of rows in, CSV text out (one string per batch: few, large writes); the header goes first. */
export function csvTransform(columns: CsvColumn[]): Transform {
  const header = csvHeader(columns);
  let headed = false;
  return new Transform({
    writableObjectMode: true,
    // one batch waiting at most: the source is asked for the next batch only when this one has moved on
    writableHighWaterMark: 1,
    transform(batch: Record<string, unknown>[], _enc, done) {
      let text = headed ? '' : header;
      headed = true;
      for (const row of batch) text += csvRow(columns, row);
      done(null, text);
    },
    flush(done) {
      done(null, headed ? '' : header);
    },
  });
}

/** A source of row batches; it must stop asking the database once `stopped()` is true. */
export type BatchSource = (stopped: () => boolean) => AsyncIterable<Record<string, unknown>[]>;

/** Answers a CSV download streamed from the source; the source ends when the client goes away. */
export function sendCsv(reply: FastifyReply, filename: string, columns: CsvColumn[], source: BatchSource) {
  let closed = false;
  reply.raw.on('close', () => (closed = true));
  const rows = Readable.from(
    (async function* () {
      for await (const batch of source(() => closed)) {
        if (batch.length) yield batch;
        if (closed) return;
        // PGlite answers inside this thread: its queries resolve as microtasks, so batch after batch would
        // be read before the event loop ever reached the socket (the first byte waited for ~16 batches).
        // A turn of the event loop between batches lets the written text leave first.
        await new Promise((r) => setImmediate(r));
      }
    })(),
    { highWaterMark: 1 },
  );
  const out = rows.pipe(csvTransform(columns));
  rows.on('error', (e) => out.destroy(e));
  out.on('close', () => rows.destroy());
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`);
  return reply.send(out);
}
