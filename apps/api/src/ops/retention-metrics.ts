// The message retention passes on /metrics (docs/retention.md): passes by outcome and what they redacted, removed
// and archived, from the passes table (every node's), and the last pass's duration.
import { block, type Sample } from './prometheus';
import type { RetentionFigures } from './registry';

const s = (labels: Record<string, string>, value: number): Sample => ({ labels, value });

export function retentionBlocks(f: RetentionFigures | undefined): string[] {
  if (!f) return [];
  const sum = (pick: (r: RetentionFigures['byState'][number]) => number) =>
    f.byState.reduce((total, r) => total + pick(r), 0);
  return [
    block(
      'smsc_retention_passes_total',
      'message retention passes by state (running, done, failed)',
      'counter',
      f.byState.map((r) => s({ state: r.state }, r.passes)),
    ),
    block('smsc_retention_redacted_total', 'message bodies redacted by retention passes', 'counter', [
      s(
        {},
        sum((r) => r.redacted),
      ),
    ]),
    block('smsc_retention_removed_total', 'messages removed by retention passes', 'counter', [
      s(
        {},
        sum((r) => r.removed),
      ),
    ]),
    block('smsc_retention_archived_total', 'removed messages written to archive files first', 'counter', [
      s(
        {},
        sum((r) => r.archived),
      ),
    ]),
    block('smsc_retention_last_pass_seconds', 'how long the last finished retention pass took', 'gauge', [
      ...(f.lastSeconds === null ? [] : [s({}, f.lastSeconds)]),
    ]),
    block(
      'smsc_retention_last_pass_timestamp_seconds',
      'when the last retention pass finished (Unix time)',
      'gauge',
      f.lastFinished ? [s({}, f.lastFinished.getTime() / 1000)] : [],
    ),
  ];
}
