import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { multipart } from '../testing/multipart';

type Headers = Record<string, string>;
const ACME_ANI = '+12125552301';
// scheduled an hour ahead: the bulks wait, so the test counts what was created, not what was sent
const later = () => new Date(Date.now() + 3_600_000).toISOString();

describe('bulk creation with an Idempotency-Key (issue 45 item 5): a double click creates one bulk', () => {
  let t: TestApp;
  let acme: Headers, acmeOther: Headers;
  const post = (url: string, headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: api(url), headers, payload });
  const bulksNamed = async (text: string) =>
    (await t.app.db.selectFrom('bulks').select('bulk_uuid').where('text', '=', text).execute()).length;

  beforeAll(async () => {
    t = await createTestApp({ messaging: { simAutoDeliver: false, simFailureRate: 0 } });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    acmeOther = bearer(await login(t.app, 'acme-user@example.com'));
  }, 120_000);
  afterAll(async () => t.close());

  it('answers the same key twice with the first bulk, once created; without a key each request is a bulk', async () => {
    const body = { ani: ACME_ANI, text: 'Idem one', numbers: ['+14155550101', '+14155550102'], send_at: later() };
    const first = await post('/bulk', { ...acme, 'idempotency-key': 'click-1' }, body);
    const again = await post('/bulk', { ...acme, 'idempotency-key': 'click-1' }, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await bulksNamed('Idem one')).toBe(1);
    // the same key with another bulk is a mistake, said so; nothing created
    const other = await post('/bulk', { ...acme, 'idempotency-key': 'click-1' }, { ...body, text: 'Idem other' });
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toMatch(/Idempotency-Key was used for a different bulk/);
    expect(await bulksNamed('Idem other')).toBe(0);
    // keys are per person: another user's click-1 is its own bulk
    expect((await post('/bulk', { ...acmeOther, 'idempotency-key': 'click-1' }, body)).statusCode).toBe(201);
    expect(await bulksNamed('Idem one')).toBe(2);
    // no key: two requests, two bulks (as before)
    await post('/bulk', acme, { ...body, text: 'Idem none' });
    await post('/bulk', acme, { ...body, text: 'Idem none' });
    expect(await bulksNamed('Idem none')).toBe(2);
  });

  it('creates one bulk for two requests with one key at the same moment', async () => {
    const body = { ani: ACME_ANI, text: 'Idem race', numbers: ['+14155550111'], send_at: later() };
    const [a, b] = await Promise.all([
      post('/bulk', { ...acme, 'idempotency-key': 'race-1' }, body),
      post('/bulk', { ...acme, 'idempotency-key': 'race-1' }, body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().bulk_uuid).toBe(b.json().bulk_uuid);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    expect(await bulksNamed('Idem race')).toBe(1);
  });

  it('keeps the key on the file upload forms too', async () => {
    const form = () =>
      multipart([
        { name: 'ani', value: ACME_ANI },
        { name: 'text', value: 'Idem upload' },
        { name: 'file', filename: 'n.csv', type: 'text/csv', value: 'number\n+14155550121\n+14155550122\n' },
      ]);
    const send = () => {
      const f = form();
      return t.app.inject({
        method: 'POST',
        url: api('/bulk_sms_delayed'),
        headers: { ...acme, ...f.headers, 'idempotency-key': 'upload-1' },
        payload: f.payload,
      });
    };
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await bulksNamed('Idem upload')).toBe(1);
  });
});
