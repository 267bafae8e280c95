// Counts pg-boss's statements and job handlers that are still running, so shutdown can wait for the last one
// before it closes the connections under them.
//
// Why: pg-pool never answers a request still queued for a connection when the pool ends, and pg-boss's workers
// outlive `boss.stop()` while such a fetch is queued. The stopped worker then never reports stopped, and pg-boss
// polls for it every second, forever, past the process's (or a test file's) end.
export interface InFlight {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves once nothing has run for one event-loop turn, or at the deadline; says which. */
  drained(deadline: number): Promise<boolean>;
  readonly count: number;
}

export function inFlight(): InFlight {
  let count = 0;
  let waiters: Array<() => void> = [];
  const idle = (ms: number) =>
    count === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(0, ms));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
  return {
    get count() {
      return count;
    },
    async run(work) {
      count++;
      try {
        return await work();
      } finally {
        if (--count === 0) {
          const wake = waiters;
          waiters = [];
          for (const w of wake) w();
        }
      }
    },
    async drained(deadline) {
      // A fetch that ends hands its jobs to a handler in the same turn: look again after the turn.
      do {
        await idle(deadline - Date.now());
        await new Promise((resolve) => setImmediate(resolve));
      } while (count > 0 && Date.now() < deadline);
      return count === 0;
    },
  };
}
