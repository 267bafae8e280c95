// Issue 47: POST /sms takes its numbers as ani/dnis (the console's names) or from/to (most SMS APIs'), and says
// which is missing or in conflict as a problem with field errors.
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { companyNamed, fundCompany } from '../testing/fixtures';
import { sendNumbers } from './sender-queries';

describe('POST /sms numbers: ani/dnis or from/to', () => {
  let t: TestApp;
  let acme: Record<string, string>;
  const send = (payload: object) => t.app.inject({ method: 'POST', url: api('/sms'), headers: acme, payload });
  beforeAll(async () => {
    t = await createTestApp({ messaging: { simAutoDeliver: false, simFailureRate: 0 } });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    await fundCompany(t.app, await companyNamed(t.app, 'Acme'), 1_000_000n, 'adjustment');
  }, 120_000);
  afterAll(async () => t.close());

  it('reads either name of a number, the console’s first', () => {
    expect(sendNumbers({ from: '+12125552301', to: '+14155550100' })).toEqual({
      ani: '+12125552301',
      dnis: '+14155550100',
    });
    expect(sendNumbers({ ani: '+12125552301', to: '+14155550100' })).toEqual({
      ani: '+12125552301',
      dnis: '+14155550100',
    });
    expect(sendNumbers({ ani: '+1 212', from: '+1 212 ', dnis: '+1415' })).toEqual({ ani: '+1 212', dnis: '+1415' });
  });

  it('sends with from/to as with ani/dnis', async () => {
    const res = await send({ from: '+12125552301', to: '+14155550133', text: 'From and to' });
    expect(res.statusCode).toBe(201);
    expect(res.json().sms).toMatchObject({ ani: '+12125552301', dnis: '+14155550133', text: 'From and to' });
  });

  it('names a missing number and a conflict as field errors of a problem', async () => {
    const missing = await send({ from: '+12125552301', text: 'Nobody' });
    expect(missing.statusCode).toBe(400);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(missing.json().errors).toEqual([
      expect.objectContaining({ field: 'dnis', detail: 'Recipient number: required (as dnis, or to)' }),
    ]);
    const conflict = await send({ ani: '+12125552301', from: '+12125550000', dnis: '+14155550133', text: 'Two' });
    expect(conflict.statusCode).toBe(400);
    expect(conflict.json().errors).toEqual([
      expect.objectContaining({
        field: 'from',
        detail: 'Sender number: from and ani name the same number; send one of them',
      }),
    ]);
    // nothing was stored for either
    const stored = await t.app.db.selectFrom('sms').select('sms_uuid').where('text', 'in', ['Nobody', 'Two']).execute();
    expect(stored).toEqual([]);
  });
});
