// How a node hands events to its streams: gathered for FLUSH_MS, identical ones made one, and written to each
// stream as one chunk of the frames its scope may see. The chunk is made once per scope (every stream of one
// company gets the same text), so an event costs a node one pass over its streams per window, however many
// events the window holds: at 500 msg/s a busy company's events come in tens a second, and a thousand streams
// each written per event cost the API more than the messages did (bench:live).
import type { LiveEvent, LiveEventKind } from '@smsc/shared-contract';
import { canSee, type CallerScope } from '../lib/tenancy';
import type { BusEvent } from './bus';

export const frame = (e: LiveEvent) => `data: ${JSON.stringify(e)}\n\n`;
const frameOf = (e: BusEvent) =>
  frame({ kind: e.k as LiveEventKind, ...(e.id ? { id: e.id } : {}), ...(e.c ? { company_uuid: e.c } : {}) });

export interface Subscriber {
  scope: CallerScope;
  write(chunk: string | Buffer): void;
}

/** What `canSee` reads of a scope: streams of one company (any of its users) share a chunk. */
const scopeKey = (scope: CallerScope) =>
  'all' in scope ? '*' : 'company_uuid' in scope ? `c:${scope.company_uuid}` : `r:${scope.reseller_uuid}`;

/** More rows of one kind and company than this in one window are told as the kind alone (no id). */
export const FOLD_AT = 4;

/**
 * The window's events as the console needs them: one frame for events alike (it refetches by kind and id; twice
 * is no more news), and a kind whose rows of one company changed more than FOLD_AT times as one event without an
 * id, which the console reads as "several rows: refetch the kind" (a busy company's messages are hundreds of ids
 * a second, and every one of its streams was written every one of them).
 */
export function fold(events: BusEvent[]): BusEvent[] {
  const ids = new Map<string, Set<string>>();
  for (const e of events) {
    if (!e.id) continue;
    const group = `${e.k}|${e.c ?? ''}|${e.r ?? ''}`;
    const set = ids.get(group) ?? new Set<string>();
    ids.set(group, set.add(e.id));
  }
  return events.map((e) => {
    if (!e.id || (ids.get(`${e.k}|${e.c ?? ''}|${e.r ?? ''}`)?.size ?? 0) <= FOLD_AT) return e;
    const kindAlone = { ...e };
    delete kindAlone.id;
    return kindAlone;
  });
}

export class Fanout {
  private queue: BusEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly subs = new Map<Subscriber, string>();

  /**
   * `flushMs`: how long events gather. The console folds what arrives within 300 ms into one refetch anyway; a
   * window of 250 ms writes each stream at most four times a second (at 100 ms, ten: the writes, not the events,
   * were what a thousand streams cost the API in bench:live).
   */
  constructor(private readonly flushMs = 250) {}

  add(s: Subscriber): () => void {
    this.subs.set(s, scopeKey(s.scope));
    return () => this.subs.delete(s);
  }

  push(e: BusEvent): void {
    this.queue.push(e);
    this.timer ??= setTimeout(() => this.flush(), this.flushMs);
  }

  flush(): void {
    this.timer = null;
    const events = this.queue;
    this.queue = [];
    const unique = new Map<string, BusEvent>();
    for (const e of fold(events)) unique.set(frameOf(e), e);
    // encoded once per scope: a thousand streams of one company would otherwise encode the same text a thousand times
    const byScope = new Map<string, Buffer | null>();
    for (const [s, key] of this.subs) {
      let chunk = byScope.get(key);
      if (chunk === undefined) {
        let text = '';
        for (const [f, e] of unique)
          if (e.k === 'resync' || canSee(s.scope, { company_uuid: e.c, reseller_uuid: e.r })) text += f;
        chunk = text ? Buffer.from(text) : null;
        byScope.set(key, chunk);
      }
      if (chunk) s.write(chunk);
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
    this.subs.clear();
  }
}
