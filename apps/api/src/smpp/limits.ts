// Limits of the customer SMPP port that each process keeps for itself (tps and max_binds hold across nodes:
// shared-limits.ts). Every one is checked before the work it protects: a connection before its session, a bind
// attempt before its password hash.

/** Failed binds allowed per address in a window before every bind from it is refused until the window ends. */
export const BIND_FAILURES_ALLOWED = 5;
export const BIND_FAILURE_WINDOW_MS = 60_000;

/**
 * Failed binds per remote address. Attempts still being checked count as failures until they end, so a burst of
 * concurrent guesses gets `allowed` hashes, not one per guess.
 */
export class BindFailures {
  private readonly seen = new Map<string, { count: number; since: number }>();
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly allowed = BIND_FAILURES_ALLOWED,
    private readonly windowMs = BIND_FAILURE_WINDOW_MS,
  ) {}

  private current(address: string, now: number) {
    const s = this.seen.get(address);
    if (s && now - s.since < this.windowMs) return s;
    if (s) this.seen.delete(address);
    return null;
  }

  blocked(address: string, now = Date.now()): boolean {
    return (this.current(address, now)?.count ?? 0) + (this.pending.get(address) ?? 0) >= this.allowed;
  }

  /** An attempt starts; false when the address has used its attempts (then nothing more may run for it). */
  begin(address: string, now = Date.now()): boolean {
    if (this.blocked(address, now)) return false;
    this.pending.set(address, (this.pending.get(address) ?? 0) + 1);
    return true;
  }

  /** The attempt that `begin` admitted has ended. */
  end(address: string, failed: boolean, now = Date.now()): void {
    const left = (this.pending.get(address) ?? 1) - 1;
    if (left > 0) this.pending.set(address, left);
    else this.pending.delete(address);
    if (failed) this.note(address, now);
  }

  note(address: string, now = Date.now()): void {
    const s = this.current(address, now);
    if (s) s.count++;
    else this.seen.set(address, { count: 1, since: now });
    // a flood of addresses cannot grow the map without bound
    if (this.seen.size > 100_000) this.seen.clear();
  }
}

/**
 * Password checks of binds that may run at once, and how many may wait. scrypt runs on libuv's four pool
 * threads, which HTTP sign-ins, file reads and DNS share: binds never take them all, and past the queue a bind is
 * refused at once instead of queueing work nobody bounds.
 */
export class HashSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  get busy(): number {
    return this.running + this.waiting.length;
  }

  /** Runs `work` in a slot; null (without running it) when every slot and queue place is taken. */
  async run<T>(work: () => Promise<T>): Promise<T | null> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) return null;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** Open connections in all and per remote address; past either a new connection is closed before its session. */
export class ConnectionCaps {
  private readonly perAddress = new Map<string, number>();
  total = 0;

  constructor(
    private readonly maxTotal: number,
    private readonly maxPerAddress: number,
  ) {}

  /** Counts the connection in; a reason it may not stay otherwise. */
  admit(address: string): string | null {
    const n = this.perAddress.get(address) ?? 0;
    if (this.total >= this.maxTotal) return `${this.maxTotal} connections open (SMPP_MAX_CONNECTIONS)`;
    if (n >= this.maxPerAddress)
      return `${this.maxPerAddress} connections from this address (SMPP_MAX_CONNECTIONS_PER_ADDRESS)`;
    this.perAddress.set(address, n + 1);
    this.total++;
    return null;
  }

  release(address: string): void {
    const n = (this.perAddress.get(address) ?? 1) - 1;
    if (n > 0) this.perAddress.set(address, n);
    else this.perAddress.delete(address);
    this.total--;
  }
}
