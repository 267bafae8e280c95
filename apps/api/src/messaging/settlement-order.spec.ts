import { createTestApp, type TestApp } from '../testing/test-app';
import { companyNamed } from '../testing/fixtures';
import { applyReports, markSent } from './settlement';

// A hand-over's "sent" and a fast carrier's receipts move the same messages at once, named in different orders.
// Each batch locks its messages in id order first; without that the two updates locked rows in their own orders
// and PostgreSQL aborted one as a deadlock (bench:smpp-carrier, 2026-12-07). PGlite has one connection and runs
// them one after the other.
describe('settlement: batches moving the same messages at once', () => {
  let t: TestApp;
  let company: string;
  beforeAll(async () => {
    t = await createTestApp();
    company = await companyNamed(t.app, 'Acme');
  }, 120_000);
  afterAll(async () => t.close());

  async function queued(n: number, round: number): Promise<string[]> {
    const rows = await t.app.db
      .insertInto('sms')
      .values(
        Array.from({ length: n }, (_, i) => ({
          company_uuid: company,
          ani: '+12125552301',
          dnis: `+1415${String(7_000_000 + round * n + i)}`,
          text: `order ${round}`,
          status: 'queued',
          segments: 1,
        })) as never,
      )
      .returning('sms_uuid')
      .execute();
    return rows.map((r) => r.sms_uuid);
  }

  it('marks sent and applies receipts in opposite orders without a deadlock', async () => {
    for (let round = 0; round < 8; round++) {
      const ids = await queued(200, round);
      const reversed = [...ids].reverse();
      const outcomes = await Promise.allSettled([
        markSent(
          t.app.db,
          ids.map((sms_uuid) => ({ sms_uuid, smsc_id: 'carrier-o' })),
        ),
        t.app.db.transaction().execute((trx) =>
          applyReports(
            trx,
            reversed.map((sms_uuid) => ({ sms_uuid, to: 'delivered' as const, smsc_id: 'carrier-o' })),
          ),
        ),
      ]);
      const failed = outcomes.filter((o) => o.status === 'rejected').map((o) => String(o.reason));
      expect(failed).toEqual([]);
      const left = await t.app.db
        .selectFrom('sms')
        .select('sms_uuid')
        .where('sms_uuid', 'in', ids)
        .where('status', '!=', 'delivered')
        .execute();
      expect(left).toEqual([]);
    }
  });
});
