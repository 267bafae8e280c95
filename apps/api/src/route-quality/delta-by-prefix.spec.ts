// Migration 672: the route quality trigger counts the moved messages per 4-digit prefix first and looks the country
// up once per prefix, and returns at once from a statement that moved nothing to or past the hand-over. Its
// deltas must be those of the per-row lookup (593): one country under several prefixes, several countries, a
// number matching no dialling prefix.
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../testing/test-app';
import { companyNamed } from '../testing/fixtures';

/** The messages' country by the longest dialling prefix, per row (593's lookup). */
const COUNTRY = `coalesce((select p.iso2 from dialling_prefixes p
  where p.prefix in (left(ltrim(s.dnis, '+'), 1), left(ltrim(s.dnis, '+'), 2), left(ltrim(s.dnis, '+'), 3),
    left(ltrim(s.dnis, '+'), 4)) order by length(p.prefix) desc limit 1), '')`;

describe('route quality: the delta trigger looks countries up per prefix (migration 672)', () => {
  let t: TestApp;
  let company: string;
  let product: string;
  const rows = async (text: string) =>
    (await sql.raw(text.replace(/\$1/g, `'${company}'`)).execute(t.app.db)).rows as Record<string, unknown>[];
  /** Per country and network: messages sent, receipts, delivered, and receipts over the latency bins. */
  const deltas = () =>
    rows(`select iso2, network, sum(sent)::int as sent, sum(receipts)::int as receipts, sum(delivered)::int as delivered,
        sum(l0 + l1 + l2 + l3 + l4 + l5 + l6 + l7 + l8 + l9 + l10)::int as binned
      from route_quality_deltas where vendor_product_uuid = '${product}' group by 1, 2 order by 1, 2`);
  const deltaRows = async () => Number((await rows(`select count(*)::int as n from route_quality_deltas`))[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    company = await companyNamed(t.app, 'Acme');
    product = (await t.app.db.selectFrom('vendor_products').select('vendor_product_uuid').executeTakeFirstOrThrow())
      .vendor_product_uuid;
  }, 300_000);
  afterAll(async () => t.close());

  it('counts hand-overs and receipts by country as the per-row lookup, and nothing for a lease', async () => {
    const dnis = ['+14155550111', '+12125550112', '+14155550113', '+447700900123', '+447700900124', '+999'];
    await t.app.db
      .insertInto('sms')
      .values(
        dnis.map((d) => ({
          company_uuid: company,
          ani: '+12125552301',
          dnis: d,
          text: 'quality',
          status: 'queued',
          segments: 1,
          vendor_product_uuid: product,
          mobile_network_name: d.startsWith('+44') ? 'Vodafone UK' : null,
        })) as never,
      )
      .execute();
    const before = await deltaRows();
    const mine = (q: ReturnType<typeof t.app.db.updateTable<'sms'>>) =>
      q.where('company_uuid', '=', company).where('text', '=', 'quality');
    // a lease alone moves no message: no delta
    await mine(t.app.db.updateTable('sms').set({ bulk_lease: new Date() })).execute();
    expect(await deltaRows()).toBe(before);

    await mine(t.app.db.updateTable('sms').set({ status: 'sent', sent_on: sql`now()` })).execute();
    await mine(
      t.app.db
        .updateTable('sms')
        .set({ status: 'delivered', delivered_on: sql`now()` })
        .where('dnis', '<>', '+999'),
    ).execute();
    const expected = await rows(`select ${COUNTRY} as iso2, coalesce(s.mobile_network_name, '') as network,
        count(*)::int as sent, count(*) filter (where s.status = 'delivered')::int as receipts,
        count(*) filter (where s.status = 'delivered')::int as delivered,
        count(*) filter (where s.status = 'delivered')::int as binned
      from sms s where s.company_uuid = $1 and s.text = 'quality' group by 1, 2 order by 1, 2`);
    expect(expected.map((r) => r.iso2)).toEqual(['', 'GB', 'US']);
    expect(await deltas()).toEqual(expected);
  });
});
