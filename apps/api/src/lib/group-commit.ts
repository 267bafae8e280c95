// Group commit: requests that each need a short write are queued and written in batches, one
// transaction per batch, while every caller still waits for its own item's outcome after its
// batch's commit. Used by single sends (a batch per company) and by delivery reports.

export interface GroupCommitOptions<I> {
  maxBatch: number;
  /**
   * How long the first item of an empty queue waits for others before its batch runs. 0 (the
   * default): it runs at once, and only what arrives while a batch is running waits (for the next).
   */
  maxWaitMs?: number;
  /** Items with one key never share a batch: a later one goes in the next, and finds the first written. */
  keyOf?: (item: I) => string | undefined;
  /** Called when the queue has emptied and no batch is running. */
  onIdle?: () => void;
}

interface Waiting<I, O> {
  item: I;
  resolve: (o: O) => void;
  reject: (e: unknown) => void;
}

export class GroupCommit<I, O> {
  private queue: Waiting<I, O>[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  /** `run` writes one batch and answers one outcome per item, in order. */
  constructor(
    private readonly run: (batch: I[]) => Promise<O[]>,
    private readonly opts: GroupCommitOptions<I>,
  ) {}

  /** A batch is being written (what is added now waits for the next one). */
  get writing(): boolean {
    return this.flushing !== null;
  }

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      const wait = this.opts.maxWaitMs ?? 0;
      if (wait <= 0 || this.queue.length >= this.opts.maxBatch) this.kick();
      else if (!this.timer) {
        this.timer = setTimeout(() => this.kick(), wait);
        this.timer.unref?.();
      }
    });
  }

  /** Waits until every queued item is written (the app's close). */
  async drain(): Promise<void> {
    while (this.queue.length || this.flushing) {
      if (!this.flushing) this.kick();
      await this.flushing;
    }
  }

  private kick(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.flushing) return; // the running flush takes the queue when its batch ends
    this.flushing = this.flushAll().finally(() => {
      this.flushing = null;
      // an item added after the loop's last look (by a caller's own continuation) must not wait for another
      if (this.queue.length) this.kick();
      else this.opts.onIdle?.();
    });
  }

  private async flushAll(): Promise<void> {
    while (this.queue.length) {
      const batch = this.takeBatch();
      try {
        const outcomes = await this.run(batch.map((w) => w.item));
        batch.forEach((w, i) => w.resolve(outcomes[i]));
      } catch (e) {
        batch.forEach((w) => w.reject(e));
      }
    }
  }

  private takeBatch(): Waiting<I, O>[] {
    const keys = new Set<string>();
    const batch: Waiting<I, O>[] = [];
    const later: Waiting<I, O>[] = [];
    for (const w of this.queue) {
      const key = this.opts.keyOf?.(w.item);
      if (batch.length < this.opts.maxBatch && !(key !== undefined && keys.has(key))) {
        if (key !== undefined) keys.add(key);
        batch.push(w);
      } else later.push(w);
    }
    this.queue = later;
    return batch;
  }
}
