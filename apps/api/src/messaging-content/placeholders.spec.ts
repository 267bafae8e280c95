import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { multipart } from '../testing/multipart';
import { bulkOf } from '../bulk';
import { fieldsOf } from '../testing/problem-answers';

type Headers = Record<string, string>;
const ACME_ANI = '+12125552301';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('placeholders are filled on every send path, and a send that would leave one unfilled is refused', () => {
  let t: TestApp;
  let reseller: Headers, acme: Headers;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const outgoing = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from sms where is_received = false`.execute(t.app.db)).rows[0]
      .n;
  const textsOf = async (bulk_uuid: string) => {
    for (let i = 0; i < 200 && (await bulkOf(t.app).progress(bulk_uuid)).left > 0; i++) await sleep(100);
    const rows = await t.app.db
      .selectFrom('sms')
      .select(['dnis', 'text'])
      .where('bulk_uuid', '=', bulk_uuid)
      .orderBy('bulk_seq')
      .execute();
    return rows.map((r) => `${r.dnis} ${r.text}`);
  };

  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: true, messaging: { simAutoDeliver: false, simFailureRate: 0 } });
    [reseller, acme] = await Promise.all(
      ['reseller', 'acme-admin'].map(async (u) => bearer(await login(t.app, `${u}@example.com`))),
    );
  }, 240_000);
  afterAll(async () => t.close());

  it('POST /sms fills an approved template from the recipient and typed values; a missing one is a 400 naming it, nothing stored', async () => {
    const tpl = (
      await call('POST', '/sms_template', acme, {
        template_name: 'Shipped',
        text: 'Hi {name}, your order {order} has shipped',
      })
    ).json().sms_template;
    expect((await call('PATCH', `/sms_template/${tpl.id}/approve`, reseller)).statusCode).toBe(200);
    const recipient = (await call('POST', '/recipient', acme, { recipient_name: 'Ann', number: '+14155550180' })).json()
      .recipient;
    const base = { ani: ACME_ANI, dnis: '+14155550180', text: 'x', sms_template_uuid: tpl.id };

    const before = await outgoing();
    const refused = await call('POST', '/sms', acme, { ...base, recipient_uuid: recipient.recipient_uuid });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused).text).toMatch(/^\{order\} has no value/);
    const noName = await call('POST', '/sms', acme, { ...base, values: { order: 'A-12' } });
    expect(noName.statusCode).toBe(400);
    expect(fieldsOf(noName).text).toMatch(/^\{name\} has no value/);
    const blank = await call('POST', '/sms', acme, { ...base, values: { name: ' ', order: 'A-12' } });
    expect(fieldsOf(blank).text).toMatch(/^\{name\} has no value/);
    expect(await outgoing()).toBe(before);

    const sent = await call('POST', '/sms', acme, {
      ...base,
      recipient_uuid: recipient.recipient_uuid,
      values: { Order: 'A-12' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().sms.text).toBe('Hi Ann, your order A-12 has shipped');
  });

  it('POST /sms fills typed text too, with {number}, and keeps doubled braces as literal ones', async () => {
    const sent = await call('POST', '/sms', acme, {
      ani: ACME_ANI,
      dnis: '+14155550181',
      text: 'Code {code} for {number}; reply {{STOP}}',
      values: { code: '991' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().sms.text).toBe('Code 991 for +14155550181; reply {STOP}');
  });

  it('POST /bulk with typed numbers needs a value for every placeholder but {number}, and fills it for each', async () => {
    const refused = await call('POST', '/bulk', acme, {
      ani: ACME_ANI,
      text: 'Hi {name}, sale at {shop}',
      numbers: ['+14155550182'],
      values: { shop: 'Main St' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/^\{name\} has no value/);
    const ok = await call('POST', '/bulk', acme, {
      ani: ACME_ANI,
      text: 'Sale at {shop} for {number}',
      numbers: ['+14155550182', '+14155550183'],
      values: { shop: 'Main St' },
    });
    expect(ok.statusCode).toBe(201);
    expect(await textsOf(ok.json().bulk_uuid)).toEqual([
      '+14155550182 Sale at Main St for +14155550182',
      '+14155550183 Sale at Main St for +14155550183',
    ]);
  });

  it('POST /bulk_sms sends a workflow as a file upload, filling each row from its columns and the typed values', async () => {
    const form = (csv: string, text = 'Hi {name}, order {order} at {shop}') =>
      multipart([
        { name: 'ani', value: ACME_ANI },
        { name: 'text', value: text },
        { name: 'values', value: JSON.stringify({ shop: 'Main St' }) },
        { name: 'file', filename: 'orders.csv', type: 'text/csv', value: csv },
      ]);
    const upload = (csv: string, text?: string) => {
      const f = form(csv, text);
      return t.app.inject({
        method: 'POST',
        url: api('/bulk_sms'),
        headers: { ...acme, ...f.headers },
        payload: f.payload,
      });
    };
    const noColumn = await upload('number,name\n+14155550184,Ann');
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json().detail).toMatch(/\{order\}/);
    const emptyCell = await upload('number,name,order\n+14155550184,Ann,A-1\n+14155550185,,A-2');
    expect(emptyCell.statusCode).toBe(400);
    expect(emptyCell.json().detail).toMatch(/Line 3: \{name\} is empty/);

    const ok = await upload('number,name,order\n+14155550184,Ann,A-1\n+14155550185,Bo,A-2');
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ total: 2, status: 'running' });
    expect(await textsOf(ok.json().bulk_uuid)).toEqual([
      '+14155550184 Hi Ann, order A-1 at Main St',
      '+14155550185 Hi Bo, order A-2 at Main St',
    ]);
    const listed = (await call('GET', '/bulk/list', acme)).json().items;
    expect(listed.find((b: { bulk_uuid: string }) => b.bulk_uuid === ok.json().bulk_uuid)).toMatchObject({
      file_name: 'orders.csv',
    });
    // no file: refused, as the call is the file upload
    const json = await call('POST', '/bulk_sms', acme, { ani: ACME_ANI, text: 'x', csv: '' });
    expect(json.statusCode).toBe(400);
  });

  it('a reminder, which sends on its own, may use only {number}: other placeholders are refused when saved', async () => {
    const body = {
      name: 'Visit',
      ani: ACME_ANI,
      numbers: ['+14155550187'],
      remind_at: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const refused = await call('POST', '/reminder_workflow', acme, { ...body, text: 'Hi {name}, see you' });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused).text).toMatch(/^Text: \{name\} has no value/);
    const ok = await call('POST', '/reminder_workflow', acme, { ...body, text: 'Reminder for {number}' });
    expect(ok.statusCode).toBe(201);
  });

  it('a campaign to typed numbers refuses to run without values for its placeholders, and fills them once given', async () => {
    const c = (
      await call('POST', '/campaign', acme, {
        campaign_name: 'Typed numbers',
        text: 'Hi {name}, your order {order} has shipped',
        ani: ACME_ANI,
        numbers: ['+14155550186'],
      })
    ).json().campaign;
    const refused = await call('POST', `/campaign/${c.campaign_uuid}/run`, acme);
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused).values).toMatch(/^\{name\}, \{order\} have no value.*\+14155550186/);
    expect((await call('GET', `/campaign/${c.campaign_uuid}`, acme)).json().campaign.status).toBe('draft');

    const patched = await call('PATCH', `/campaign/${c.campaign_uuid}`, acme, {
      values: { name: 'friend', order: 'B-7' },
    });
    expect(patched.json().campaign.values).toEqual({ name: 'friend', order: 'B-7' });
    const run = await call('POST', `/campaign/${c.campaign_uuid}/run`, acme);
    expect(run.statusCode).toBe(200);
    const job = await t.app.db
      .selectFrom('campaign_jobs')
      .select('bulk_uuid')
      .where('campaign_uuid', '=', c.campaign_uuid)
      .executeTakeFirstOrThrow();
    expect(await textsOf(job.bulk_uuid)).toEqual(['+14155550186 Hi friend, your order B-7 has shipped']);
  });
});
