// Number lookups for the send pipeline (messaging's NumberLookups port): an answer is looked for in this node's
// memory (LRU), then in the number_lookups table (every node's answers), and only then asked of the provider, in
// one call per batch of numbers, under a timeout. Answers are kept for their lifetime (NUMBER_LOOKUP_TTL_SECONDS,
// a shorter one for numbers the provider does not know); a failure is never kept, so the next message asks again.
// Two requests for one number at once make one provider call: the second waits for the first's answer.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { LookupOutcome, NumberLookups } from '../messaging';
import { Lru } from './lru';
import type { NumberLookupProvider, ProviderAnswer } from './provider';
import { keepAnswers, keptAnswers, type LookupRow } from './repository';

/** An answer as kept: found or unknown, without where it came from. */
type Answer = Extract<LookupOutcome, { status: 'found' | 'unknown' }>;
type Kept = { answer: Answer; expiresAt: number };

export interface LookupSettings {
  timeoutMs: number;
  /** seconds an answered lookup is kept (0: none) */
  ttlSeconds: number;
  /** seconds a number the provider does not know is kept (0: none) */
  unknownTtlSeconds: number;
  /** answers kept in this node's memory */
  cacheSize: number;
  /** micro-units one answered lookup costs when the product names no price */
  costMicros: number;
  /** the clock (tests move it past a lifetime) */
  now: () => number;
}

/** What the service did, for the bench and the tests. */
export interface LookupStats {
  numbers: number;
  memoryHits: number;
  tableHits: number;
  /** requests to the provider and the numbers they asked */
  providerCalls: number;
  providerNumbers: number;
  failures: number;
}

const fromCache = (a: Answer): LookupOutcome => ({ ...a, source: 'cache' });

function rowAnswer(r: LookupRow): Answer {
  if (r.status === 'unknown') return { status: 'unknown', source: 'cache', provider: r.provider };
  return {
    status: 'found',
    source: 'cache',
    provider: r.provider,
    mcc: r.mcc,
    mnc: r.mnc,
    network_name: r.network_name,
    ported: !!r.ported,
    line_type: r.line_type ?? 'unknown',
  };
}

/** A promise that rejects when the signal aborts: a provider that ignores its signal still ends at the timeout. */
const whenAborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));

export class NumberLookupService implements NumberLookups {
  private readonly memory: Lru<string, Kept>;
  private readonly inflight = new Map<string, Promise<LookupOutcome>>();
  readonly stats: LookupStats = {
    numbers: 0,
    memoryHits: 0,
    tableHits: 0,
    providerCalls: 0,
    providerNumbers: 0,
    failures: 0,
  };

  constructor(
    private readonly db: Kysely<Database>,
    readonly provider: NumberLookupProvider,
    private readonly o: LookupSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.memory = new Lru(o.cacheSize);
  }

  get costMicros(): number {
    return this.o.costMicros;
  }

  /** Forgets this node's memory (tests: the table must answer alone). */
  forgetMemory(): void {
    this.memory.clear();
  }

  /** The answers kept for these numbers (memory, then the table), without asking the provider. */
  async cached(numbers: readonly string[]): Promise<Map<string, LookupOutcome>> {
    const out = new Map<string, LookupOutcome>();
    await this.kept([...new Set(numbers)], this.o.now(), out);
    return out;
  }

  /** Fills `out` with the kept answers of `numbers`; answers those it has none for. */
  private async kept(numbers: string[], now: number, out: Map<string, LookupOutcome>): Promise<string[]> {
    const missing: string[] = [];
    for (const n of numbers) {
      this.stats.numbers++;
      const kept = this.memory.get(n);
      if (kept && kept.expiresAt > now) {
        this.stats.memoryHits++;
        out.set(n, fromCache(kept.answer));
      } else {
        if (kept) this.memory.delete(n);
        missing.push(n);
      }
    }
    if (!missing.length) return missing;
    let rows: LookupRow[] = [];
    try {
      rows = await keptAnswers(
        this.db,
        missing.filter((n) => !this.inflight.has(n)),
        new Date(now),
      );
    } catch (err) {
      // the table is a cache: without it the provider is asked
      this.log.warn({ err: (err as Error).message }, 'number lookup: the kept answers could not be read');
    }
    for (const r of rows) {
      this.stats.tableHits++;
      const answer = rowAnswer(r);
      this.memory.set(r.number, { answer, expiresAt: r.expires_on.getTime() });
      out.set(r.number, answer);
    }
    return missing.filter((n) => !out.has(n));
  }

  async lookup(numbers: readonly string[]): Promise<Map<string, LookupOutcome>> {
    const now = this.o.now();
    const out = new Map<string, LookupOutcome>();
    const missing = await this.kept([...new Set(numbers)], now, out);
    if (!missing.length) return out;
    // numbers another request is asking for right now wait for its answer (that request pays for it)
    const waiting = new Map<string, Promise<LookupOutcome>>();
    const ask: string[] = [];
    for (const n of missing) {
      const pending = this.inflight.get(n);
      if (pending) waiting.set(n, pending);
      else ask.push(n);
    }
    if (ask.length) {
      const call = this.ask(ask, now);
      const mine = new Map(ask.map((n) => [n, call.then((m) => m.get(n) as LookupOutcome)]));
      for (const [n, p] of mine) this.inflight.set(n, p);
      try {
        for (const [n, o] of await call) out.set(n, o);
      } finally {
        for (const [n, p] of mine) if (this.inflight.get(n) === p) this.inflight.delete(n);
      }
    }
    for (const [n, p] of waiting) {
      const o = await p;
      out.set(n, o.status === 'failed' ? o : { ...o, source: 'cache' });
    }
    return out;
  }

  /** Asks the provider (in calls of its batch size, at once), keeps the answers; never throws. */
  private async ask(numbers: string[], now: number): Promise<Map<string, LookupOutcome>> {
    const size = Math.max(1, this.provider.maxBatch);
    const chunks: string[][] = [];
    for (let i = 0; i < numbers.length; i += size) chunks.push(numbers.slice(i, i + size));
    const answered = await Promise.all(chunks.map((c) => this.call(c)));
    const out = new Map<string, LookupOutcome>();
    const keep: LookupRow[] = [];
    const name = this.provider.name;
    chunks.forEach((chunk, c) => {
      const { answers, error } = answered[c];
      chunk.forEach((n, i) => {
        const a: ProviderAnswer | undefined = answers?.[i];
        if (!a || a.status === 'error') {
          this.stats.failures++;
          out.set(n, {
            status: 'failed',
            provider: name,
            error: error === 'timeout' ? 'timeout' : 'provider_error',
            message: a?.status === 'error' ? a.message : (error ?? 'the provider gave no answer for the number'),
          });
          return;
        }
        const answer: Answer =
          a.status === 'unknown'
            ? { status: 'unknown', source: 'provider', provider: name }
            : { ...a, source: 'provider', provider: name };
        out.set(n, answer);
        const ttl = a.status === 'unknown' ? this.o.unknownTtlSeconds : this.o.ttlSeconds;
        if (ttl <= 0) return;
        const expiresAt = now + ttl * 1000;
        this.memory.set(n, { answer, expiresAt });
        keep.push({
          number: n,
          status: a.status,
          mcc: a.status === 'found' ? a.mcc : null,
          mnc: a.status === 'found' ? a.mnc : null,
          network_name: a.status === 'found' ? a.network_name : null,
          ported: a.status === 'found' ? a.ported : null,
          line_type: a.status === 'found' ? a.line_type : null,
          provider: name,
          looked_up_on: new Date(now),
          expires_on: new Date(expiresAt),
        });
      });
    });
    try {
      await keepAnswers(this.db, keep);
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'number lookup: the answers could not be kept');
    }
    return out;
  }

  /** One provider call under the timeout: its answers, or why there are none. */
  private async call(numbers: string[]): Promise<{ answers?: ProviderAnswer[]; error?: string }> {
    this.stats.providerCalls++;
    this.stats.providerNumbers += numbers.length;
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(new Error('timeout')), this.o.timeoutMs);
    const asked = this.provider.lookup(numbers, ctl.signal);
    // settled after the race (a late answer, or its abort): nothing waits for it any more
    asked.catch(() => undefined);
    try {
      const answers = await Promise.race([asked, whenAborted(ctl.signal)]);
      return { answers };
    } catch (err) {
      if (ctl.signal.aborted) {
        this.log.warn({ numbers: numbers.length, timeoutMs: this.o.timeoutMs }, 'number lookup timed out');
        return { error: 'timeout' };
      }
      this.log.warn({ err: (err as Error).message, numbers: numbers.length }, 'number lookup failed');
      return { error: (err as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }
}
