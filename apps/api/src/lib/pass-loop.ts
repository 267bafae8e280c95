// A background worker's polling: one pass at a time in this process, the next at once while passes come back
// full, else after the poll interval; a failed pass is logged and retried on the interval. Used by the webhook
// dispatcher and the Twilio status callbacks, which differ only in what a pass does.
import type { FastifyBaseLogger } from 'fastify';

export class PassLoop {
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<number> | null = null;
  closed = false;

  constructor(
    /** one pass: answers how many rows it handled */
    private readonly work: () => Promise<number>,
    private readonly o: { pollMs: number; batch: number; log: FastifyBaseLogger; name: string },
  ) {}

  start(): void {
    if (this.o.pollMs > 0) this.schedule(this.o.pollMs);
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runOnce()
        .then((n) => this.schedule(n >= this.o.batch ? 0 : this.o.pollMs))
        .catch((e) => {
          this.o.log.error({ err: (e as Error).message }, `${this.o.name} pass failed`);
          this.schedule(this.o.pollMs);
        });
    }, ms);
  }

  /** One pass (never two at once in this process); answers how many rows it handled. */
  runOnce(): Promise<number> {
    this.pass ??= this.work().finally(() => (this.pass = null));
    return this.pass;
  }

  /** Passes until one handles nothing (tests; retries not yet due stay). */
  async drain(): Promise<void> {
    while ((await this.runOnce()) > 0 && !this.closed);
  }

  /** Stops polling and waits for a pass in progress. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.pass?.catch(() => undefined);
  }
}
