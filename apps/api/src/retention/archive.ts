// An archive file of removed messages: gzip CSV, one file per pass and company, every column of the sms row as
// stored (a faithful copy, not the console's export: no formula guard, times in ISO 8601 UTC, JSON as JSON). It is
// written under `<name>.part` and renamed when whole, so a file without `.part` always holds all its rows.
import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { createGzip, type Gzip } from 'node:zlib';

const NEEDS_QUOTES = /[",\r\n]/;

export function archiveCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const text =
    v instanceof Date
      ? v.toISOString()
      : v instanceof Uint8Array
        ? Buffer.from(v).toString('base64')
        : typeof v === 'object'
          ? JSON.stringify(v)
          : String(v);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export class ArchiveFile {
  private columns: string[] | null = null;
  private constructor(
    readonly full: string,
    private readonly gzip: Gzip,
    private readonly done: Promise<void>,
  ) {}
  rows = 0;
  oldest: Date | null = null;
  newest: Date | null = null;

  static async open(dir: string, name: string): Promise<ArchiveFile> {
    const full = path.join(dir, name);
    await mkdir(path.dirname(full), { recursive: true });
    const gzip = createGzip();
    const out = createWriteStream(`${full}.part`, { flags: 'wx' });
    gzip.pipe(out);
    return new ArchiveFile(full, gzip, finished(out));
  }

  /** Appends rows (the columns of the first row write the header) and waits until they are compressed out. */
  async write(rows: (Record<string, unknown> & { created_on: Date })[]): Promise<void> {
    if (!rows.length) return;
    let text = '';
    if (!this.columns) {
      this.columns = Object.keys(rows[0]);
      text += `${this.columns.join(',')}\n`;
    }
    const columns = this.columns;
    for (const row of rows) {
      text += `${columns.map((c) => archiveCell(row[c])).join(',')}\n`;
      const at = new Date(row.created_on);
      if (!this.oldest || at < this.oldest) this.oldest = at;
      if (!this.newest || at > this.newest) this.newest = at;
    }
    this.rows += rows.length;
    if (!this.gzip.write(text)) await once(this.gzip, 'drain');
    // the rows reach the file before the caller's transaction removes them from the database
    await new Promise<void>((resolve) => this.gzip.flush(() => resolve()));
  }

  /** Ends the file and gives it its final name; answers its size in bytes. */
  async close(): Promise<number> {
    this.gzip.end();
    await this.done;
    await rename(`${this.full}.part`, this.full);
    return (await stat(this.full)).size;
  }

  /** Ends the stream after a failure, leaving `.part` (it holds rows that may already be gone from the database). */
  async abandon(): Promise<void> {
    this.gzip.end();
    await this.done.catch(() => undefined);
  }
}
