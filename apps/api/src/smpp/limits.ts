// The failed-bind limit per remote address, kept by each process (tps and max_binds hold across nodes:
// shared-limits.ts).

/** Failed binds allowed per address in a window before every bind from it is refused until the window ends. */
export const BIND_FAILURES_ALLOWED = 5;
export const BIND_FAILURE_WINDOW_MS = 60_000;

export class BindFailures {
  private readonly seen = new Map<string, { count: number; since: number }>();

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
    return (this.current(address, now)?.count ?? 0) >= this.allowed;
  }

  note(address: string, now = Date.now()): void {
    const s = this.current(address, now);
    if (s) s.count++;
    else this.seen.set(address, { count: 1, since: now });
    // a flood of addresses cannot grow the map without bound
    if (this.seen.size > 100_000) this.seen.clear();
  }
}
