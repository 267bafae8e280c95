import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { companyNamed, fundCompany } from '../testing/fixtures';
import { messagingOf } from '../messaging';

const ACME_ANI = '+12125552301';

// Two stores of one company at once, near its limit: on PostgreSQL they are separate transactions on
// separate connections, and only the account lock they both take keeps them from spending the same room.
describe('spend limits under concurrent stores', () => {
  let t: TestApp;
  let acmeCo: string;

  beforeAll(async () => {
    t = await createTestApp({ messaging: { gatewaySecret: 'spend-race', simAutoDeliver: false, simFailureRate: 0 } });
    acmeCo = await companyNamed(t.app, 'Acme');
    await fundCompany(t.app, acmeCo, 50_000_000n, 'adjustment');
  }, 120_000);
  afterAll(async () => t.close());

  it('two batches racing for the last room: exactly what the limit allows is stored queued and recorded', async () => {
    const reseller = bearer(await login(t.app, 'reseller@example.com'));
    // 0.012 a message: three fit under 0.04, the fourth does not
    const set = await t.app.inject({
      method: 'PUT',
      url: api(`/company/${acmeCo}/guards`),
      headers: reseller,
      payload: { daily_limit: '0.04' },
    });
    expect(set.statusCode).toBe(200);
    const m = messagingOf(t.app).messaging;
    const company = await m.facts.company(acmeCo);
    const batch = async (from: number) => {
      const judged = await m.pipeline.judge(
        company,
        [0, 1].map((i) => ({ ani: ACME_ANI, dnis: `+1415555${String(from + i).padStart(4, '0')}`, text: 'race' })),
      );
      return t.app.db.transaction().execute((trx) => m.pipeline.store(trx, company, null, judged));
    };
    const stored = (await Promise.all([batch(300), batch(400)])).flat();
    expect(stored.filter((s) => s.status === 'queued')).toHaveLength(3);
    const blocked = stored.filter((s) => s.status === 'blocked');
    expect(blocked).toHaveLength(1);
    expect(blocked[0].refused?.reason).toBe('spend_limit');
    const spent = (
      await sql<{
        spent: string;
      }>`select spent_day::text as spent from billing_accounts where company_uuid = ${acmeCo}`.execute(t.app.db)
    ).rows[0].spent;
    expect(spent).toBe('36000');
  });
});
