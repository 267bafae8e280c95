import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { setBulkPort, type BulkCreate, type BulkPort, type BulkProgress } from './bulk-port';
import { fieldsOf } from '../testing/problem-answers';
import { fieldErrorsOf } from '../testing/problem-answers';

type Headers = Record<string, string>;

/** A bulk engine that records what campaigns ask of it; each job's progress is set by the test. */
class RecordingBulk implements BulkPort {
  created: (BulkCreate & { bulk_uuid: string })[] = [];
  calls: string[] = [];
  progressOf = new Map<string, BulkProgress>();
  async create(input: BulkCreate) {
    const bulk_uuid = `00000000-0000-4000-8000-${String(this.created.length + 1).padStart(12, '0')}`;
    this.created.push({ ...input, bulk_uuid });
    const n = input.recipients.length;
    this.progressOf.set(bulk_uuid, {
      total: n,
      sent: 0,
      delivered: 0,
      failed: 0,
      blocked: 0,
      left: n,
      status: 'running',
    });
    return { bulk_uuid };
  }
  async run(id: string) {
    this.calls.push(`run ${id}`);
  }
  async hold(id: string) {
    this.calls.push(`hold ${id}`);
  }
  async stop(id: string) {
    this.calls.push(`stop ${id}`);
  }
  async progress(id: string) {
    return this.progressOf.get(id) as BulkProgress;
  }
}

describe('campaigns API', () => {
  let t: TestApp;
  let admin: Headers, reseller: Headers, acme: Headers, acmeUser: Headers, globex: Headers;
  const bulk = new RecordingBulk();
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const make = async (h: Headers, body: object) => {
    const res = await call('POST', '/campaign', h, body);
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().campaign;
  };
  beforeAll(async () => {
    t = await createTestApp();
    setBulkPort(t.app, bulk);
    const tokens: Headers[] = [];
    for (const u of ['admin', 'reseller', 'acme-admin', 'acme-user', 'globex-admin'])
      tokens.push(bearer(await login(t.app, `${u}@example.com`)));
    [admin, reseller, acme, acmeUser, globex] = tokens;
  }, 120_000);
  afterAll(async () => t.close());

  it('keeps campaigns: CRUD, recipients from the recipient list, an ANI group or typed numbers', async () => {
    const ann = (await call('POST', '/recipient', acme, { recipient_name: 'Ann', number: '+12125550171' })).json()
      .recipient;
    await call('POST', '/recipient', acme, { recipient_name: 'Bob', number: '+13105550172' });
    const group = (
      await call('POST', '/ani_group', acme, { name: 'Senders', numbers: ['+12125552301', '+12125552302'] })
    ).json().ani_group;
    const c = await make(acme, {
      campaign_name: 'Spring sale',
      text: 'Hi {name}',
      ani_group_uuid: group.ani_group_uuid,
      recipient_uuids: [ann.recipient_uuid],
      numbers: ['(646) 555-0173', '+12125550171'],
    });
    expect(c).toMatchObject({
      campaign_name: 'Spring sale',
      status: 'draft',
      recipient_count: 2,
      ani_group_name: 'Senders',
      time_zone: 'America/New_York',
      progress: null,
      company_name: 'Acme',
    });
    const all = (
      await call('PATCH', `/campaign/${c.campaign_uuid}`, acme, {
        all_recipients: true,
        recipient_ani_group_uuid: group.ani_group_uuid,
        quiet_start: '21:00',
        quiet_end: '08:00',
      })
    ).json().campaign;
    expect(all).toMatchObject({ recipient_count: 4, quiet_start: '21:00', quiet_end: '08:00' });
    expect((await call('GET', '/campaign/list?campaign_name=*spring*', acme)).json()).toMatchObject({
      total: 1,
      per_page: 10,
      items: [expect.objectContaining({ campaign_uuid: c.campaign_uuid })],
    });
    expect((await call('GET', '/campaign/list?campaign_name=spring', reseller)).json().total).toBe(1);
    expect((await call('GET', `/campaign/${c.campaign_uuid}`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/campaign/list', acmeUser)).statusCode).toBe(403);
    expect((await call('DELETE', `/campaign/${c.campaign_uuid}`, acme)).statusCode).toBe(200);
    expect((await call('GET', `/campaign/${c.campaign_uuid}`, acme)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [object, RegExp | string][] = [
      [{ campaign_name: '' }, /campaign_name/],
      [{ campaign_name: 'x', ani: '+13125552401' }, "ani: +13125552401 is not one of the company's sending numbers"],
      [
        { campaign_name: 'x', quiet_start: '22:00' },
        'quiet_end: Give quiet hours as both a start and an end, or neither',
      ],
      [{ campaign_name: 'x', quiet_start: '25:00', quiet_end: '08:00' }, /quiet_start/],
      [
        { campaign_name: 'x', time_zone: 'Mars/Olympus' },
        'time_zone: Mars/Olympus is not a time zone (e.g. America/Chicago)',
      ],
      [{ campaign_name: 'x', numbers: ['555'] }, 'numbers: "555" is not a valid phone number'],
      [
        { campaign_name: 'x', recipient_uuids: ['00000000-0000-4000-8000-000000000000'] },
        "recipient_uuids: 1 of the recipients are not this company's",
      ],
      [
        // "all recipients" does not make an id of another tenant acceptable
        { campaign_name: 'x', all_recipients: true, recipient_uuids: ['00000000-0000-4000-8000-000000000000'] },
        "recipient_uuids: 1 of the recipients are not this company's",
      ],
      [
        { campaign_name: 'x', ani_group_uuid: '00000000-0000-4000-8000-000000000000' },
        'ani_group_uuid: No such ANI group in this company',
      ],
      [{ campaign_name: 'x', colour: 'red' }, /colour/],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/campaign', acme, body);
      expect([body, res.statusCode]).toEqual([body, 400]);
      const said = res.json().errors
        ? Object.entries(fieldsOf(res))
            .map(([k, v]) => `${k}: ${v}`)
            .join('; ')
        : res.json().detail;
      expect(said).toMatch(message);
    }
    expect((await call('POST', '/campaign', admin, { campaign_name: 'x' })).statusCode).toBe(400);
  });

  it('runs through the bulk engine: one job per first-send instant and zone, hold/stop reach every job, finished when they are done', async () => {
    const c = await make(acme, {
      campaign_name: 'Run me',
      text: 'Sale!',
      ani: '+12125552301',
      numbers: ['+12125550181', '+13105550182', '+12125550183'],
    });
    const before = bulk.created.length;
    const run = await call('POST', `/campaign/${c.campaign_uuid}/run`, acme);
    expect(run.statusCode).toBe(200);
    expect(run.json().campaign).toMatchObject({
      status: 'running',
      progress: { total: 3, sent: 0, delivered: 0, failed: 0, blocked: 0, left: 3 },
    });
    const jobs = bulk.created.slice(before);
    // New York's numbers and Los Angeles' go now, in a job per zone (each keeps its own quiet hours while it runs)
    const common = {
      campaign_uuid: c.campaign_uuid,
      ani: '+12125552301',
      text: 'Sale!',
      user_uuid: expect.any(String),
    };
    expect(jobs).toEqual([
      expect.objectContaining({ ...common, recipients: [{ number: '+12125550181' }, { number: '+12125550183' }] }),
      expect.objectContaining({ ...common, recipients: [{ number: '+13105550182' }] }),
    ]);
    expect(jobs.map((j) => j.send_at)).toEqual([undefined, undefined]);
    expect((await call('POST', `/campaign/${c.campaign_uuid}/hold`, acme)).json().campaign.status).toBe('held');
    expect((await call('POST', `/campaign/${c.campaign_uuid}/run`, acme)).json().campaign.status).toBe('running');
    expect(bulk.calls.slice(-4)).toEqual([
      `hold ${jobs[0].bulk_uuid}`,
      `hold ${jobs[1].bulk_uuid}`,
      `run ${jobs[0].bulk_uuid}`,
      `run ${jobs[1].bulk_uuid}`,
    ]);
    bulk.progressOf.set(jobs[0].bulk_uuid, {
      total: 2,
      sent: 2,
      delivered: 2,
      failed: 0,
      blocked: 0,
      left: 0,
      status: 'finished',
    });
    bulk.progressOf.set(jobs[1].bulk_uuid, {
      total: 1,
      sent: 1,
      delivered: 0,
      failed: 1,
      blocked: 0,
      left: 0,
      status: 'finished',
    });
    const done = (await call('GET', `/campaign/${c.campaign_uuid}`, acme)).json().campaign;
    expect(done).toMatchObject({
      status: 'finished',
      finished_on: expect.any(String),
      progress: { total: 3, sent: 3, delivered: 2, failed: 1, blocked: 0, left: 0 },
    });
    const dash = (await call('GET', '/campaign/dashboard', acme)).json();
    expect(dash.counts).toMatchObject({ finished: 1, running: 0 });
  });

  it('holds recipients in quiet hours back to the end of them in their own zone, and starts no earlier than start_at', async () => {
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCHours(4, 0, 0, 0); // 23:00 or 00:00 in New York, 20:00 or 21:00 in Los Angeles
    const c = await make(acme, {
      campaign_name: 'Night',
      text: 'x',
      ani: '+12125552301',
      numbers: ['+12125550191', '+13105550192'],
      quiet_start: '21:30',
      quiet_end: '08:00',
      start_at: start.toISOString(),
    });
    const before = bulk.created.length;
    expect((await call('POST', `/campaign/${c.campaign_uuid}/run`, acme)).statusCode).toBe(200);
    const jobs = bulk.created.slice(before).map((j) => [j.recipients.map((r) => r.number), j.send_at?.toISOString()]);
    expect(jobs).toHaveLength(2);
    expect(jobs[0]).toEqual([['+13105550192'], start.toISOString()]);
    expect(jobs[1][0]).toEqual(['+12125550191']);
    const nyLocal = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(jobs[1][1] as string));
    expect(nyLocal).toBe('08:00');
    expect(new Date(jobs[1][1] as string).getTime()).toBeGreaterThan(start.getTime());
  });

  it('answers 409 with a message for every illegal move, and for a run that cannot send', async () => {
    const draft = await make(acme, {
      campaign_name: 'Moves',
      text: 'x',
      ani: '+12125552301',
      numbers: ['+12125550161'],
    });
    const id = draft.campaign_uuid;
    const expect409 = async (action: string, message: string) => {
      const res = await call('POST', `/campaign/${id}/${action}`, acme);
      expect([action, res.statusCode, res.json().detail]).toEqual([action, 409, message]);
    };
    await expect409('hold', 'A draft campaign cannot hold; only a running one can');
    await expect409('stop', 'A draft campaign cannot stop; only a running or held one can');
    await call('POST', `/campaign/${id}/run`, acme);
    await expect409('run', 'A running campaign cannot run; only a draft or held one can');
    expect((await call('PATCH', `/campaign/${id}`, acme, { text: 'changed' })).statusCode).toBe(409);
    expect(
      (await call('PATCH', `/campaign/${id}`, acme, { campaign_name: 'Renamed' })).json().campaign.campaign_name,
    ).toBe('Renamed');
    expect((await call('DELETE', `/campaign/${id}`, acme)).json().detail).toBe(
      'A running campaign cannot be deleted; stop it first',
    );
    await call('POST', `/campaign/${id}/hold`, acme);
    await expect409('hold', 'A held campaign cannot hold; only a running one can');
    expect((await call('POST', `/campaign/${id}/stop`, acme)).json().campaign.status).toBe('stopped');
    for (const a of ['run', 'hold', 'stop'])
      await expect409(
        a,
        `A stopped campaign cannot ${a}; only a ${a === 'run' ? 'draft or held' : a === 'hold' ? 'running' : 'running or held'} one can`,
      );
    expect((await call('DELETE', `/campaign/${id}`, acme)).statusCode).toBe(200);

    const empty = await make(acme, { campaign_name: 'Empty', text: 'x', ani: '+12125552301' });
    expect((await call('POST', `/campaign/${empty.campaign_uuid}/run`, acme)).json()).toMatchObject({
      status: 409,
      code: 'conflict',
      detail: 'The campaign has no recipients',
    });
    const mute = await make(acme, { campaign_name: 'Mute', ani: '+12125552301', numbers: ['+12125550161'] });
    expect((await call('POST', `/campaign/${mute.campaign_uuid}/run`, acme)).json().detail).toBe(
      'The campaign has no text; write one or pick an approved template',
    );
    const tpl = (await call('POST', '/sms_template', acme, { template_name: 'Pending one', text: 'hello' })).json()
      .sms_template;
    const pending = await make(acme, {
      campaign_name: 'Tpl',
      sms_template_uuid: tpl.id,
      ani: '+12125552301',
      numbers: ['+12125550161'],
    });
    const res = await call('POST', `/campaign/${pending.campaign_uuid}/run`, acme);
    expect([res.statusCode, res.json().detail]).toEqual([
      409,
      expect.stringMatching(/only an approved template can be sent/),
    ]);
    expect((await call('GET', `/campaign/${pending.campaign_uuid}`, acme)).json().campaign.status).toBe('draft');
    // a sender the company no longer holds: 400 naming it, and the campaign stays a draft
    const gone = await make(acme, { campaign_name: 'Gone', text: 'x', ani: '+14155553303', numbers: ['+12125550161'] });
    await t.app.db.updateTable('dids').set({ did_type: 'dnis' }).where('did', '=', '+14155553303').execute();
    const lost = await call('POST', `/campaign/${gone.campaign_uuid}/run`, acme);
    expect([lost.statusCode, fieldErrorsOf(lost)]).toEqual([
      400,
      { errors: { ani: "+14155553303 is not one of the company's sending numbers" } },
    ]);
    expect((await call('GET', `/campaign/${gone.campaign_uuid}`, acme)).json().campaign.status).toBe('draft');
    await t.app.db.updateTable('dids').set({ did_type: 'ani' }).where('did', '=', '+14155553303').execute();
  });

  it("never shows, changes or runs another company's campaign (404 on every call)", async () => {
    const g = await make(globex, {
      campaign_name: 'Globex promo',
      text: 'x',
      ani: '+13125552401',
      numbers: ['+13125550150'],
    });
    expect((await call('GET', '/campaign/list?campaign_name=globex', acme)).json().total).toBe(0);
    expect((await call('GET', '/campaign/list?campaign_name=globex', reseller)).json().total).toBe(0);
    const calls: [string, string, object?][] = [
      ['GET', ''],
      ['PATCH', '', { campaign_name: 'hijacked' }],
      ['DELETE', ''],
      ['POST', '/run'],
      ['POST', '/hold'],
      ['POST', '/stop'],
    ];
    for (const [m, url, body] of calls) {
      expect([m, url, (await call(m as 'GET', `/campaign/${g.campaign_uuid}${url}`, acme, body)).statusCode]).toEqual([
        m,
        url,
        404,
      ]);
    }
    const still = await t.app.db
      .selectFrom('campaigns')
      .select(['campaign_name', 'status'])
      .where('campaign_uuid', '=', g.campaign_uuid)
      .executeTakeFirstOrThrow();
    expect(still).toEqual({ campaign_name: 'Globex promo', status: 'draft' });
    expect((await call('GET', '/campaign/dashboard', acme)).json().counts.draft).toBeGreaterThan(0);
    expect(
      Object.values((await call('GET', '/campaign/dashboard', globex)).json().counts as Record<string, number>).reduce(
        (a, b) => a + b,
        0,
      ),
    ).toBe(1);
  });
});
