import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { fieldsOf } from '../testing/problem-answers';

/** Re-importing a deck into a rate table that already has rates: preview, update or replace, from a date. */
describe('rate deck re-import', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let table: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await login(t.app, 'admin@example.com'));
    table = (
      await t.app.db
        .insertInto('rate_tables')
        .values({ rate_table_name: 'Reimport deck', rate_table_type: 'prefix' })
        .returning('rate_table_uuid')
        .executeTakeFirstOrThrow()
    ).rate_table_uuid;
    const post = await t.app.inject({
      method: 'POST',
      url: api(`/rate_table/${table}/import`),
      headers: admin,
      payload: { csv: 'code,price,effective_from\n9901,0.01,2026-01-01\n9902,0.02,2026-01-01\n9903,0.03,2026-01-01\n' },
    });
    expect(post.statusCode).toBe(201);
  }, 120_000);
  afterAll(async () => t.close());

  const rates = async () =>
    (
      await t.app.db
        .selectFrom('rates')
        .select(['code', 'price', 'effective_from'])
        .where('rate_table_uuid', '=', table)
        .orderBy('code')
        .orderBy('effective_from')
        .execute()
    ).map((r) => `${r.code}=${Number(r.price)}@${new Date(r.effective_from).toISOString().slice(0, 10)}`);
  const deck = 'code,price\n9901,0.01\n9902,0.025\n9904,0.04\n';
  const call = (path: string, query: string) =>
    t.app.inject({
      method: 'POST',
      url: api(`/rate_table/${table}/${path}?${query}`),
      headers: admin,
      payload: { csv: deck },
    });

  it('previews a replace: new, changed, removed and unchanged rates with the first rows, and writes nothing', async () => {
    const before = await rates();
    const res = await call('import/preview', 'mode=replace&effective_from=2026-12-01');
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ added: 1, changed: 1, removed: 1, unchanged: 1 });
    expect(p.samples.added).toEqual([
      expect.objectContaining({ code: '9904', old_price: null, new_price: '0.040000' }),
    ]);
    expect(p.samples.changed).toEqual([
      expect.objectContaining({ code: '9902', old_price: '0.020000', new_price: '0.025000' }),
    ]);
    expect(p.samples.removed).toEqual([
      expect.objectContaining({ code: '9903', old_price: '0.030000', new_price: null }),
    ]);
    expect(await rates()).toEqual(before);
    // an update never removes
    const update = (await call('import/preview', 'mode=update&effective_from=2026-12-01')).json();
    expect(update).toMatchObject({ added: 1, changed: 1, removed: 0, unchanged: 1 });
  });

  it('answers 400 in words to an import or preview without a file, and to a date that does not exist', async () => {
    for (const path of ['import', 'import/preview']) {
      const bare = await t.app.inject({
        method: 'POST',
        url: api(`/rate_table/${table}/${path}?mode=update`),
        headers: admin,
      });
      expect([path, bare.statusCode, fieldsOf(bare)]).toEqual([path, 400, { csv: 'Send the rates as a CSV file' }]);
      const feb30 = await call(path, 'mode=update&effective_from=2025-02-29');
      expect([path, feb30.statusCode]).toEqual([path, 400]);
    }
  });

  it('applies an update from its effective date: the old price stays in effect before it, nothing is removed', async () => {
    const res = await call('import', 'mode=update&effective_from=2026-12-01');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ imported: 2, added: 1, changed: 1, removed: 0, unchanged: 1 });
    expect(await rates()).toEqual([
      '9901=0.01@2026-01-01',
      '9902=0.02@2026-01-01',
      '9902=0.025@2026-12-01',
      '9903=0.03@2026-01-01',
      '9904=0.04@2026-12-01',
    ]);
    // the same file again changes nothing
    expect((await call('import/preview', 'mode=update&effective_from=2026-12-01')).json()).toMatchObject({
      added: 0,
      changed: 0,
      unchanged: 3,
    });
  });

  it('replaces the deck: the rates the file no longer holds are removed', async () => {
    const res = await call('import', 'mode=replace&effective_from=2026-12-01');
    expect(res.json()).toMatchObject({ added: 0, changed: 0, removed: 1, unchanged: 3 });
    expect((await rates()).filter((r) => r.startsWith('9903'))).toEqual([]);
    expect(await rates()).toHaveLength(4);
  });

  it('refuses an effective date that is not a day', async () => {
    expect((await call('import/preview', 'mode=update&effective_from=tomorrow')).statusCode).toBe(400);
  });
});
