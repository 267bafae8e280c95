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
  write(chunk: string): void;
}

export class Fanout {
  private queue: BusEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly subs = new Map<Subscriber, string>();

  /** `flushMs`: how long events gather (the console folds them for 300 ms anyway) */
  constructor(private readonly flushMs = 100) {}

  add(s: Subscriber): () => void {
    this.subs.set(s, JSON.stringify(s.scope));
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
    // one frame for events alike (the console refetches by kind and id; twice is no more news)
    const unique = new Map<string, BusEvent>();
    for (const e of events) unique.set(frameOf(e), e);
    const byScope = new Map<string, string>();
    for (const [s, key] of this.subs) {
      let chunk = byScope.get(key);
      if (chunk === undefined) {
        chunk = '';
        for (const [f, e] of unique)
          if (e.k === 'resync' || canSee(s.scope, { company_uuid: e.c, reseller_uuid: e.r })) chunk += f;
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
