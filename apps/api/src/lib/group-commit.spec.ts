import { GroupCommit } from './group-commit';

/** A writer whose batches finish when the test says so, recording what each batch held. */
function gatedWriter() {
  const batches: string[][] = [];
  const gates: (() => void)[] = [];
  const run = async (batch: string[]) => {
    batches.push(batch);
    await new Promise<void>((open) => gates.push(open));
    return batch.map((item) => `${item}!`);
  };
  const openNext = async () => {
    // let the batch reach its gate first
    for (let i = 0; i < 5 && !gates.length; i++) await Promise.resolve();
    gates.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { batches, run, openNext };
}

describe('GroupCommit', () => {
  it('says whether a batch is being written (the SMPP batcher picks a lane that is not)', async () => {
    const w = gatedWriter();
    const gc = new GroupCommit(w.run, { maxBatch: 10, maxWaitMs: 50 });
    const a = gc.add('a');
    // gathering: not writing yet, so more joins this batch
    expect(gc.writing).toBe(false);
    const b = gc.add('b');
    await new Promise((r) => setTimeout(r, 60));
    expect(w.batches).toEqual([['a', 'b']]);
    expect(gc.writing).toBe(true);
    await w.openNext();
    expect(await Promise.all([a, b])).toEqual(['a!', 'b!']);
    expect(gc.writing).toBe(false);
  });

  it('writes a lone item at once, and what arrives meanwhile as the next batch', async () => {
    const w = gatedWriter();
    const gc = new GroupCommit(w.run, { maxBatch: 10 });
    const first = gc.add('a');
    await Promise.resolve();
    expect(w.batches).toEqual([['a']]);
    const rest = [gc.add('b'), gc.add('c')];
    await w.openNext();
    expect(await first).toBe('a!');
    expect(w.batches).toEqual([['a'], ['b', 'c']]);
    await w.openNext();
    expect(await Promise.all(rest)).toEqual(['b!', 'c!']);
  });

  it('never puts two items of one key in a batch, and caps a batch at maxBatch', async () => {
    const w = gatedWriter();
    const gc = new GroupCommit(w.run, { maxBatch: 2, keyOf: (s: string) => s[0] });
    const all = [gc.add('x0'), gc.add('k1'), gc.add('k2'), gc.add('m'), gc.add('n')];
    for (let i = 0; i < 4; i++) await w.openNext();
    await Promise.all(all);
    expect(w.batches).toEqual([['x0'], ['k1', 'm'], ['k2', 'n']]);
  });

  it('rejects the items of a failed batch only', async () => {
    let calls = 0;
    const gc = new GroupCommit(
      async (batch: number[]) => {
        calls += 1;
        if (calls === 1) {
          await new Promise((r) => setImmediate(r));
          throw new Error('deadlock');
        }
        return batch.map((n) => n * 2);
      },
      { maxBatch: 5 },
    );
    const failed = gc.add(1);
    const next = gc.add(2);
    await expect(failed).rejects.toThrow('deadlock');
    expect(await next).toBe(4);
  });

  it('with maxWaitMs, gathers what arrives in the window into one batch', async () => {
    const batches: number[][] = [];
    const gc = new GroupCommit(async (batch: number[]) => (batches.push(batch), batch), {
      maxBatch: 100,
      maxWaitMs: 20,
    });
    const all = [gc.add(1), gc.add(2), gc.add(3)];
    expect(batches).toEqual([]);
    expect(await Promise.all(all)).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('takes an item added by a caller as its batch resolves, and says when it is idle', async () => {
    const batches: number[][] = [];
    let idle = 0;
    const gc: GroupCommit<number, number> = new GroupCommit(async (batch: number[]) => (batches.push(batch), batch), {
      maxBatch: 10,
      onIdle: () => (idle += 1),
    });
    const second = gc.add(1).then((n) => gc.add(n + 1));
    expect(await second).toBe(2);
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([[1], [2]]);
    expect(idle).toBeGreaterThanOrEqual(1);
  });

  it('drain waits for every queued item', async () => {
    const done: number[] = [];
    const gc = new GroupCommit(
      async (batch: number[]) => {
        await new Promise((r) => setTimeout(r, 5));
        done.push(...batch);
        return batch;
      },
      { maxBatch: 2, maxWaitMs: 1000 },
    );
    void gc.add(1);
    void gc.add(2);
    void gc.add(3);
    await gc.drain();
    expect(done).toEqual([1, 2, 3]);
  });
});
