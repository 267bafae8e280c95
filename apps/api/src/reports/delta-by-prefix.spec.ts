// Migration 670: the report trigger looks a message's country up once per 4-digit prefix of its number instead of
// once per row. Its deltas must be those of the per-row lookup (583): numbers of one country under several
// prefixes, several numbers under one prefix, a number shorter than 4 digits, an incoming message (its country is
// the sender's), and an update that touches no reported column (which writes no delta).
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../testing/test-app';
import { companyNamed } from '../testing/fixtures';
import { DESTINATION_DIGITS, DESTINATION_SQL } from './destination';

const KEY = 'hour, company_uuid, reseller_uuid, user_uuid, number, vendor_product_uuid, network, status';
const SUMS = ['messages', 'segments', 'price', 'cost', 'wholesale', 'lookup'];

/** The messages' rollup key and sums with the country looked up per row, as migration 583's trigger did. */
const PER_ROW = `select date_trunc('hour', r.created_on, 'UTC') as hour, r.company_uuid, r.reseller_uuid, r.user_uuid,
    case when r.is_received then r.dnis else r.ani end as number, r.vendor_product_uuid, ${DESTINATION_SQL} as network,
    r.status, count(*)::text as messages, sum(r.segments)::text as segments, sum(coalesce(r.price, 0))::text as price,
    sum(coalesce(r.cost, 0))::text as cost, sum(coalesce(r.wholesale_cost, 0))::text as wholesale,
    sum(coalesce(r.lookup_cost, 0))::text as lookup
  from sms r ${DESTINATION_DIGITS} where r.company_uuid = $1 group by 1, 2, 3, 4, 5, 6, 7, 8 order by 7, 8, 5`;

/** The deltas written, summed per key (an update's −1 and +1 of one key cancel), zero rows left out. */
const DELTAS = `select ${KEY}, ${SUMS.map((c) => `sum(${c})::text as ${c}`).join(', ')}
  from report_deltas where company_uuid = $1 group by ${KEY}
  having ${SUMS.map((c) => `sum(${c}) <> 0`).join(' or ')} order by 7, 8, 5`;

describe('reports: the delta trigger looks countries up per prefix (migration 670)', () => {
  let t: TestApp;
  let company: string;
  const rows = async (text: string) =>
    (await sql.raw(text.replace('$1', `'${company}'`)).execute(t.app.db)).rows as Record<string, unknown>[];
  const deltaRows = async () =>
    Number((await rows(`select count(*)::int as n from report_deltas where company_uuid = $1`))[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    company = await companyNamed(t.app, 'Acme');
    await t.app.db.deleteFrom('sms').where('company_uuid', '=', company).execute();
    await t.app.db.deleteFrom('report_deltas').where('company_uuid', '=', company).execute();
  }, 300_000);
  afterAll(async () => t.close());

  it('writes the deltas of the per-row lookup, and none for an update of unreported columns', async () => {
    const message = (dnis: string, extra: Record<string, unknown> = {}) => ({
      company_uuid: company,
      ani: '+12125552301',
      dnis,
      text: 'prefix',
      status: 'queued',
      segments: 2,
      price: '10000',
      cost: '4000',
      mobile_network_name: dnis.startsWith('+44') ? 'Vodafone UK' : null,
      ...extra,
    });
    await t.app.db
      .insertInto('sms')
      .values([
        message('+14155550111'),
        message('+12125550112'),
        message('+14155550113', { status: 'failed' }),
        message('+447700900123'),
        message('+447700900124', { wholesale_cost: '300' }),
        message('+7'),
        message('+999'),
        message('+12125552301', { is_received: true, ani: '+33612345678', status: 'received' }),
      ] as never)
      .execute();
    // the insert's delta rows are the per-row lookup's, one per key
    const inserted = await rows(PER_ROW);
    expect(inserted.map((r) => r.network)).toEqual(
      expect.arrayContaining(['US|', 'GB|Vodafone UK', 'FR|', 'RU|', '|']),
    );
    expect(await rows(DELTAS)).toEqual(inserted);
    expect(await deltaRows()).toBe(inserted.length);

    // a status moved in one statement: the deltas still sum to the messages' rollup
    await t.app.db
      .updateTable('sms')
      .set({ status: 'sent', price: '12000' })
      .where('company_uuid', '=', company)
      .where('status', '=', 'queued')
      .execute();
    expect(await rows(DELTAS)).toEqual(await rows(PER_ROW));

    // a vendor message id alone: no reported column changed, no delta row
    const before = await deltaRows();
    await t.app.db.updateTable('sms').set({ smsc_id: 'vendor-1' }).where('company_uuid', '=', company).execute();
    expect(await deltaRows()).toBe(before);
  });
});
