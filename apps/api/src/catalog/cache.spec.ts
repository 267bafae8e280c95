import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { CatalogCache } from './cache';

/**
 * A database whose catalog_version read waits until the test lets it answer; the catalog rows a load reads are
 * those of the moment its version read was asked (as one snapshot would give): enough to race a load against a
 * write that commits while it runs.
 */
function fakeDb() {
  const state = {
    version: 1,
    demoted: [] as { vendor_product_uuid: string; iso2: string }[],
    versionReads: [] as (() => void)[],
    snapshot: [] as { vendor_product_uuid: string; iso2: string }[],
  };
  const chain = (table: string): unknown =>
    new Proxy(
      {},
      {
        get(_t, prop) {
          if (prop === 'executeTakeFirstOrThrow')
            return () =>
              new Promise((resolve) => {
                const version = String(state.version);
                state.snapshot = [...state.demoted];
                state.versionReads.push(() => resolve({ version }));
              });
          if (prop === 'execute') return async () => (table === 'route_demotions' ? state.snapshot : []);
          return () => chain(table);
        },
      },
    );
  const db = { selectFrom: (table: string) => chain(table) } as unknown as Kysely<Database>;
  /** lets the oldest waiting version read answer (with the version as it was when it was asked) */
  const answer = async () => {
    for (let turns = 0; !state.versionReads.length; turns++) {
      if (turns > 1000) throw new Error('no catalog version read was asked');
      await new Promise((r) => setImmediate(r));
    }
    state.versionReads.shift()?.();
  };
  return { db, state, answer };
}

describe('CatalogCache', () => {
  it('a load that began before an invalidation is not handed to those who asked after it', async () => {
    const { db, state, answer } = fakeDb();
    const cache = new CatalogCache(db, 60_000);
    const first = cache.current();
    await answer();
    expect((await first).demoted).toBeNull();

    // a reload starts (the version check is due), then a write commits and invalidates while it is in flight
    cache.invalidate();
    const stale = cache.current();
    await new Promise((r) => setImmediate(r)); // its version read is asked before the write commits
    state.version = 2;
    state.demoted = [{ vendor_product_uuid: 'vp', iso2: 'US' }];
    cache.invalidate();
    const fresh = cache.current();
    let freshDone = false;
    void fresh.then(() => (freshDone = true));
    await answer(); // the first load read version "1": it answers its own callers with the old compile
    expect((await stale).demoted).toBeNull();
    expect(freshDone).toBe(false);
    await answer(); // the load after the invalidation reads version 2 and the demotion
    expect((await fresh).demoted?.get('vp')?.has('US')).toBe(true);
    expect(cache.reloads).toBe(2);
    // and later calls get the new compile without another read (the check is fresh)
    expect((await cache.current()).demoted?.get('vp')?.has('US')).toBe(true);
    expect(state.versionReads).toHaveLength(0);
  });

  it('callers of one generation share one load', async () => {
    const { db, answer } = fakeDb();
    const cache = new CatalogCache(db, 60_000);
    const a = cache.current();
    const b = cache.current();
    await answer();
    expect(await a).toBe(await b);
    expect(cache.reloads).toBe(1);
  });
});
