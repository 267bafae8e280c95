// Delivery reports arrive one HTTP request each; settling each in its own transaction (a commit per
// message) capped the pipeline at a few dozen messages a second. Reports are queued here and applied
// in batches (one transaction each); every request still waits for its own report's commit, so a
// gateway only hears 2xx for a report that is stored, and a retried report changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { applyReports, type Moved, type Report } from './batch';

interface Waiting { report: Report; resolve: (m: Moved) => void; reject: (e: unknown) => void }

export class DlrBatcher {
  private queue: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  // 250 a batch: the holds of a batch are settled together (settleMany: one lock and one update per account), and a
  // batch stays short enough that other requests interleave on PGlite's single connection
  constructor(private readonly db: Kysely<Database>, private readonly opts: { maxBatch: number; maxWaitMs: number } = { maxBatch: 250, maxWaitMs: 15 }) {}

  add(report: Report): Promise<Moved> {
    return new Promise<Moved>((resolve, reject) => {
      this.queue.push({ report, resolve, reject });
      if (this.queue.length >= this.opts.maxBatch) this.kick();
      else if (!this.timer) { this.timer = setTimeout(() => this.kick(), this.opts.maxWaitMs); this.timer.unref?.(); }
    });
  }

  private kick() {
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    if (this.flushing) return; // the running flush picks the queue up when it ends
    this.flushing = this.flushAll().finally(() => { this.flushing = null; });
  }

  private async flushAll(): Promise<void> {
    while (this.queue.length) {
      // One report per message per batch: a repeat waits for the next batch, where it finds the state moved.
      const seen = new Set<string>();
      const batch: Waiting[] = [];
      const later: Waiting[] = [];
      for (const w of this.queue) {
        if (batch.length < this.opts.maxBatch && !seen.has(w.report.sms_uuid)) { seen.add(w.report.sms_uuid); batch.push(w); } else later.push(w);
      }
      this.queue = later;
      try {
        const results = await this.db.transaction().execute((trx) => applyReports(trx, batch.map((w) => w.report)));
        batch.forEach((w, i) => w.resolve(results[i]));
      } catch (e) {
        batch.forEach((w) => w.reject(e));
      }
    }
  }

  /** Waits until every queued report is applied (the app's close). */
  async drain(): Promise<void> {
    while (this.queue.length || this.flushing) {
      if (!this.flushing) this.kick();
      await this.flushing;
    }
  }
}
