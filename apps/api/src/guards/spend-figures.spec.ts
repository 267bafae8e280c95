import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { companyNamed, fundCompany } from '../testing/fixtures';
import { billingRepository } from '../billing';

// Profile → Spend and destinations (issue 44 item 4): what a company spent today and this month comes from its
// ledger (charges less refunds, plus what its messages hold now), its day and month being its own time zone's.
describe('spend figures: from the ledger, in the company’s time zone', () => {
  let t: TestApp;
  let acme = '';
  let account = '';
  const micros = (usd: number) => BigInt(Math.round(usd * 1e6));

  beforeAll(async () => {
    t = await createTestApp();
    acme = await companyNamed(t.app, 'Acme');
    await fundCompany(t.app, acme, micros(100));
    account = (
      await t.app.db
        .selectFrom('billing_accounts')
        .select('account_uuid')
        .where('company_uuid', '=', acme)
        .executeTakeFirstOrThrow()
    ).account_uuid;
    // a fresh start: the seed's charges are posted at seeding time, which is not this test's clock
    await t.app.db.deleteFrom('ledger_reservations').where('account_uuid', '=', account).execute();
    await t.app.db
      .deleteFrom('ledger_entries')
      .where('account_uuid', '=', account)
      .where('kind', '!=', 'payment')
      .execute();
    await t.app.db.updateTable('companies').set({ time_zone: 'Asia/Tokyo' }).where('company_uuid', '=', acme).execute();
  }, 120_000);
  afterAll(() => t.close());

  let n = 0;
  const entry = (kind: 'sms_charge' | 'refund' | 'did_fee' | 'payment', usd: number, at: string) =>
    t.app.db
      .insertInto('ledger_entries')
      .values({
        account_uuid: account,
        amount: micros(usd).toString(),
        balance_after: '0',
        kind,
        cause_type: 'sms',
        cause_id: `spend-${++n}`,
        created_on: new Date(at),
      })
      .execute();

  it('counts a charge of 23:30 in Tokyo as yesterday and one of 00:30 as today, though both are one UTC day', async () => {
    // Tokyo is UTC+9: 2026-12-06T14:30Z is 23:30 on the 6th there, 15:30Z is 00:30 on the 7th
    await entry('sms_charge', -2, '2026-12-06T14:30:00Z');
    await entry('sms_charge', -3, '2026-12-06T15:30:00Z');
    await entry('refund', 0.5, '2026-12-06T15:40:00Z');
    // the month begins on Tokyo's 1st: 2026-11-30T14:00Z is 23:00 on November 30th there, 16:00Z December 1st
    await entry('sms_charge', -7, '2026-11-30T14:00:00Z');
    await entry('sms_charge', -11, '2026-11-30T16:00:00Z');
    // neither a payment nor a number's fee is message spend
    await entry('payment', 50, '2026-12-06T15:45:00Z');
    await entry('did_fee', -1, '2026-12-06T15:46:00Z');
    // a message's hold still open counts too (it is charged when it settles)
    await t.app.db
      .insertInto('ledger_reservations')
      .values({ account_uuid: account, amount: micros(0.25).toString(), created_on: new Date('2026-12-06T15:50:00Z') })
      .execute();

    const at = new Date('2026-12-06T16:00:00Z'); // 01:00 on December 7th in Tokyo
    expect(await billingRepository.messageSpend(t.app.db, acme, 'Asia/Tokyo', at)).toEqual({
      today: micros(3 - 0.5 + 0.25),
      month: micros(2 + 3 - 0.5 + 11 + 0.25),
      time_zone: 'Asia/Tokyo',
    });
    // the same rows by UTC's day: both of the 6th's charges are today, and November 30th's 16:00 is November
    expect(await billingRepository.messageSpend(t.app.db, acme, 'UTC', at)).toEqual({
      today: micros(2 + 3 - 0.5 + 0.25),
      month: micros(2 + 3 - 0.5 + 0.25),
      time_zone: 'UTC',
    });
  });

  it('GET /company/{id}/guards answers the spend in the company’s zone, labelled with it', async () => {
    // the rows above fall on some day near this test's own date: start again from none
    await t.app.db.deleteFrom('ledger_reservations').where('account_uuid', '=', account).execute();
    await t.app.db
      .deleteFrom('ledger_entries')
      .where('account_uuid', '=', account)
      .where('kind', '!=', 'payment')
      .execute();
    await entry('sms_charge', -1.5, new Date(Date.now() - 1000).toISOString());
    const res = await t.app.inject({
      method: 'GET',
      url: api(`/company/${acme}/guards`),
      headers: bearer(await login(t.app, 'acme-admin@example.com')),
    });
    expect(res.statusCode).toBe(200);
    const { spend } = res.json();
    expect(spend.time_zone).toBe('Asia/Tokyo');
    expect(Number(spend.today)).toBeCloseTo(1.5, 6);
  });
});
