import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

type Headers = Record<string, string>;

describe('input feedback: field errors in words, texts of spaces and impossible numbers refused before storing', () => {
  let t: TestApp;
  let acme: Headers;
  const sms = (payload: object) => t.app.inject({ method: 'POST', url: api('/sms'), headers: acme, payload });
  const stored = async () => (await sql<{ n: number }>`select count(*)::int as n from sms`.execute(t.app.db)).rows[0].n;

  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: true, messaging: { simAutoDeliver: false, simFailureRate: 0 } });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
  }, 240_000);
  afterAll(async () => t.close());

  it('letters in a number: a field error naming the field as labelled, no regex', async () => {
    const res = await sms({ ani: '+12125552301', dnis: '+1 415 abc 0111', text: 'hi' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { message: 'Recipient number: enter a phone number, digits only', code: 'validation' },
      errors: { dnis: 'Recipient number: enter a phone number, digits only' },
    });
  });

  it('a number that cannot be a phone number is a 400 on the field, and nothing is stored or counted', async () => {
    const before = await stored();
    const res = await sms({ ani: '+12125552301', dnis: '+1 415 555', text: 'hi' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.dnis).toMatch(/^Recipient number: "\+1 415 555" is not a phone number/);
    expect(await stored()).toBe(before);
  });

  it('a text of spaces is refused on every message call', async () => {
    const before = await stored();
    const res = await sms({ ani: '+12125552301', dnis: '+14155550111', text: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ text: 'Text: write something other than spaces' });
    const calls: [string, object][] = [
      ['/sms_template', { template_name: 'Blank', text: ' \n ' }],
      ['/sms_workflow', { name: 'Blank', ani: '+12125552301', text: '  ', numbers: ['+14155550111'] }],
      ['/bulk', { ani: '+12125552301', text: '  ', numbers: ['+14155550111'] }],
    ];
    for (const [url, payload] of calls) {
      const r = await t.app.inject({ method: 'POST', url: api(url), headers: acme, payload });
      expect({ url, status: r.statusCode, text: r.json().errors?.text }).toEqual({
        url,
        status: 400,
        text: 'Text: write something other than spaces',
      });
    }
    expect(await stored()).toBe(before);
  });
});
