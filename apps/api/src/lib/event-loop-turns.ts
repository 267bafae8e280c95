// Per-item work over large inputs (100,000 numbers) runs in slices that give the event loop back between them:
// one estimate of 100,000 numbers held it 2.4-3 s in one piece, and every other tenant's request waited.

/** Resolves on a later turn of the event loop, after the I/O and timers waiting now have run. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How long one slice may hold the event loop before it yields (ms). */
export const SLICE_MS = 8;

/**
 * A pacer for a loop over many items: `await pace()` after each item (cheap: a clock read) yields a turn once
 * the loop has run for `sliceMs` since the last yield.
 */
export function pacer(sliceMs = SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}

/** `fn` over every item, yielding a turn every `sliceMs`; the answers in order. */
export async function mapInSlices<T, R>(items: readonly T[], fn: (item: T, i: number) => R, sliceMs = SLICE_MS) {
  const pace = pacer(sliceMs);
  const out: R[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    out[i] = fn(items[i], i);
    const turn = pace();
    if (turn) await turn;
  }
  return out;
}
