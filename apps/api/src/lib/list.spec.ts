import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../testing/test-app';
import { listPage } from './list';

describe('listPage: one page of a list and the count of the whole filtered list', () => {
  let t: TestApp;
  let all: string[];

  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: false });
    // enough rows for several pages beside the few the seed has
    const extra = Array.from({ length: 23 }, (_, i) => ({ nice_name: `Listland ${i}`, iso2: `Q${i}` }));
    await t.app.db.insertInto('countries').values(extra).execute();
    all = (await t.app.db.selectFrom('countries').select('iso2').orderBy('iso2').execute()).map((r) => r.iso2);
  }, 120_000);
  afterAll(async () => t.close());

  const countries = () => t.app.db.selectFrom('countries');
  const ordered = () => countries().select('iso2').orderBy('iso2');

  it('cuts the asked page out of the ordered rows and counts every row the filter keeps', async () => {
    expect(all.length).toBeGreaterThan(25);
    const page = await listPage({ page: 2, per_page: 5 }, ordered(), countries());
    expect(page).toEqual({ items: all.slice(10, 15).map((iso2) => ({ iso2 })), total: all.length, per_page: 5 });
  });

  it('pages ten rows unless told otherwise, or the default the route passes', async () => {
    expect((await listPage({}, ordered(), countries())).items).toHaveLength(10);
    const wide = await listPage({}, ordered(), countries(), 1000);
    expect(wide.per_page).toBe(1000);
    expect(wide.items).toHaveLength(all.length);
    expect(wide.total).toBe(all.length);
  });

  it('caps per_page and answers an empty page past the end with the full total', async () => {
    expect((await listPage({ per_page: 10_000_000 }, ordered(), countries())).per_page).toBe(10_000);
    const past = await listPage({ page: 1000, per_page: 50 }, ordered(), countries());
    expect(past).toEqual({ items: [], total: all.length, per_page: 50 });
  });

  it('counts through the filter and over a sub-select of the rows query', async () => {
    const filtered = countries().where('iso2', '<', all[3]);
    expect((await listPage({}, filtered.select('iso2').orderBy('iso2'), filtered)).total).toBe(3);
    const grouped = countries()
      .select(sql<string>`left(iso2, 1)`.as('letter'))
      .groupBy(sql`left(iso2, 1)`);
    const letters = new Set(all.map((c) => c[0])).size;
    const page = await listPage({ per_page: 2 }, grouped.orderBy('letter'), t.app.db.selectFrom(grouped.as('g')));
    expect(page.total).toBe(letters);
    expect(page.items).toHaveLength(2);
  });
});
