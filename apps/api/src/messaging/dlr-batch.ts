// Delivery reports arrive one HTTP request each; settling each in its own transaction (a commit per
// message) capped the pipeline at a few dozen messages a second. Reports are queued here and applied
// in batches (one transaction each); every request still waits for its own report's commit, so a
// gateway only hears 2xx for a report that is stored, and a retried report changes nothing.
import { GroupCommit } from '../lib/group-commit';
import type { Moved, Report } from './settlement';

export class DlrBatcher {
  private readonly group: GroupCommit<Report, Moved>;

  // 250 a batch: the holds of a batch are settled together (settleMany: one lock and one update per account), and a
  // batch stays short enough that other requests interleave on PGlite's single connection. One report per message per
  // batch: a repeat waits for the next batch, where it finds the state moved. A first report waits up to 50 ms for
  // others: Kannel's receipts come one HTTP call each, and at a few hundred a second a 15 ms window made batches of a
  // handful, each with its fixed statements and commit; 35 ms more is nothing beside a carrier's own receipt delay.
  constructor(
    /** the pipeline's apply: one transaction for the batch (pipeline.ts) */
    apply: (reports: Report[]) => Promise<Moved[]>,
    opts: { maxBatch: number; maxWaitMs: number } = { maxBatch: 250, maxWaitMs: 50 },
  ) {
    this.group = new GroupCommit(apply, {
      ...opts,
      keyOf: (r) => r.sms_uuid,
    });
  }

  add(report: Report): Promise<Moved> {
    return this.group.add(report);
  }

  /** Waits until every queued report is applied (the app's close). */
  drain(): Promise<void> {
    return this.group.drain();
  }
}
