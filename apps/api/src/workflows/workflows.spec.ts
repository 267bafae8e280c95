import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { nextRun } from './next-run';
import { remindersOf, setJobsPort, type JobsPort } from './index';
import { fieldsOf } from '../testing/problem-answers';

type Headers = Record<string, string>;

describe('nextRun', () => {
  const at = new Date('2026-03-01T09:00:00Z');
  it('is the first time while ahead, then whole days or weeks after it; a passed one-off has none', () => {
    expect(nextRun(at, 'none', new Date('2026-02-01T00:00:00Z'))).toEqual(at);
    expect(nextRun(at, 'none', new Date('2026-03-01T09:00:01Z'))).toBeNull();
    expect(nextRun(at, 'daily', new Date('2026-03-03T08:00:00Z'))).toEqual(new Date('2026-03-03T09:00:00Z'));
    expect(nextRun(at, 'daily', new Date('2026-03-03T09:00:00Z'))).toEqual(new Date('2026-03-03T09:00:00Z'));
    expect(nextRun(at, 'weekly', new Date('2026-03-03T09:00:00Z'))).toEqual(new Date('2026-03-08T09:00:00Z'));
  });

  it("keeps 09:00 on the company's clock across the March and November daylight-saving changes", () => {
    const ny = 'America/New_York';
    // 09:00 EST on Friday 6 March 2026; clocks go forward on Sunday 8 March
    const winter = new Date('2026-03-06T14:00:00Z');
    expect(nextRun(winter, 'daily', new Date('2026-03-07T15:00:00Z'), ny)).toEqual(new Date('2026-03-08T13:00:00Z'));
    expect(nextRun(winter, 'daily', new Date('2026-03-09T00:00:00Z'), ny)).toEqual(new Date('2026-03-09T13:00:00Z'));
    expect(nextRun(winter, 'weekly', new Date('2026-03-07T00:00:00Z'), ny)).toEqual(new Date('2026-03-13T13:00:00Z'));
    // 09:00 EDT on Friday 30 October 2026; clocks go back on Sunday 1 November
    const summer = new Date('2026-10-30T13:00:00Z');
    expect(nextRun(summer, 'daily', new Date('2026-10-31T14:00:00Z'), ny)).toEqual(new Date('2026-11-01T14:00:00Z'));
    expect(nextRun(summer, 'daily', new Date('2026-11-02T00:00:00Z'), ny)).toEqual(new Date('2026-11-02T14:00:00Z'));
    expect(nextRun(summer, 'weekly', new Date('2026-10-31T00:00:00Z'), ny)).toEqual(new Date('2026-11-06T14:00:00Z'));
    // Europe changes on other dates (29 March, 25 October): 09:00 in Berlin stays 09:00 there
    const berlin = new Date('2026-03-27T08:00:00Z');
    expect(nextRun(berlin, 'daily', new Date('2026-03-30T00:00:00Z'), 'Europe/Berlin')).toEqual(
      new Date('2026-03-30T07:00:00Z'),
    );
    // a time the spring change skips (02:30 on 8 March) is sent an hour later that day, then 02:30 again
    const skipped = new Date('2026-03-07T07:30:00Z');
    expect(nextRun(skipped, 'daily', new Date('2026-03-08T00:00:00Z'), ny)).toEqual(new Date('2026-03-08T07:30:00Z'));
    expect(nextRun(skipped, 'daily', new Date('2026-03-08T08:00:00Z'), ny)).toEqual(new Date('2026-03-09T06:30:00Z'));
  });
});

describe('workflows API', () => {
  let t: TestApp;
  let admin: Headers, reseller: Headers, acme: Headers, acmeUser: Headers, globex: Headers;
  const queued: { name: string; data: Record<string, unknown>; opts?: { startAfter?: Date; singletonKey?: string } }[] =
    [];
  const jobs: JobsPort = {
    async send(name, data, opts) {
      queued.push({ name, data: data as Record<string, unknown>, opts });
    },
    async work() {
      return undefined;
    },
  };
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: true, messaging: { simAutoDeliver: false, simFailureRate: 0 } });
    setJobsPort(t.app, jobs);
    const tokens: Headers[] = [];
    for (const u of ['admin', 'reseller', 'acme-admin', 'acme-user', 'globex-admin'])
      tokens.push(bearer(await login(t.app, `${u}@example.com`)));
    [admin, reseller, acme, acmeUser, globex] = tokens;
  }, 120_000);
  afterAll(async () => t.close());

  it('keeps SMS workflows for company admins and users: CRUD, numbers in E.164', async () => {
    const res = await call('POST', '/sms_workflow', acmeUser, {
      name: 'Follow-up',
      ani: '212-555-2301',
      text: 'Thanks!',
      numbers: ['(415) 555-0401', '+14155550401', '+44 20 7946 0018'],
      is_bulk: true,
    });
    expect(res.statusCode).toBe(201);
    const w = res.json().sms_workflow;
    expect(w).toMatchObject({
      name: 'Follow-up',
      ani: '+12125552301',
      numbers: ['+14155550401', '+442079460018'],
      is_bulk: true,
      company_name: 'Acme',
    });
    expect(
      (
        await call('PATCH', `/sms_workflow/${w.sms_workflow_uuid}`, acme, { is_bulk: false, numbers: ['+14155550402'] })
      ).json().sms_workflow,
    ).toMatchObject({ is_bulk: false, numbers: ['+14155550402'] });
    expect((await call('GET', '/sms_workflow/list?name=*follow*', acmeUser)).json()).toMatchObject({
      total: 1,
      per_page: 10,
    });
    expect((await call('GET', '/sms_workflow/list', reseller)).json().total).toBe(1);
    expect((await call('GET', `/sms_workflow/${w.sms_workflow_uuid}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/sms_workflow/${w.sms_workflow_uuid}`, acmeUser)).statusCode).toBe(200);
    expect((await call('GET', `/sms_workflow/${w.sms_workflow_uuid}`, acme)).statusCode).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const cases: [string, object, string | RegExp][] = [
      [
        '/sms_workflow',
        { name: 'x', ani: '+13125552401', text: 'x', numbers: ['+14155550401'] },
        "ani: +13125552401 is not one of the company's sending numbers",
      ],
      ['/sms_workflow', { name: 'x', ani: '+12125552301', text: 'x', numbers: [] }, /numbers/],
      [
        '/sms_workflow',
        { name: 'x', ani: '+12125552301', text: 'x', numbers: ['555'] },
        'numbers: "555" is not a valid phone number',
      ],
      ['/sms_workflow', { name: '', ani: '+12125552301', text: 'x', numbers: ['+14155550401'] }, /name/],
      [
        '/reminder_workflow',
        { name: 'x', ani: '+12125552301', text: 'x', numbers: ['+14155550401'], remind_at: '2020-01-01T00:00:00Z' },
        'remind_at: A reminder that does not repeat needs a time in the future',
      ],
      [
        '/reminder_workflow',
        { name: 'x', ani: '+12125552301', text: 'x', numbers: ['+14155550401'], remind_at: future, repeat: 'hourly' },
        /repeat/,
      ],
      [
        '/reminder_workflow',
        { name: 'x', ani: '+12125552301', text: 'x', numbers: ['+14155550401'], remind_at: 'tomorrow' },
        /remind_at/,
      ],
    ];
    for (const [url, body, message] of cases) {
      const res = await call('POST', url, acme, body);
      expect([url, body, res.statusCode]).toEqual([url, body, 400]);
      const said = res.json().errors
        ? Object.entries(fieldsOf(res))
            .map(([k, v]) => `${k}: ${v}`)
            .join('; ')
        : res.json().detail;
      expect(said).toMatch(message);
    }
  });

  it('sends a reminder at its time through the job engine, once per run, and queues the next run of a repeat', async () => {
    const first = new Date(Date.now() + 60_000);
    const res = await call('POST', '/reminder_workflow', acmeUser, {
      name: 'Daily',
      ani: '+12125552302',
      text: 'Take your pills',
      numbers: ['+14155550411', '+14155550412'],
      remind_at: first.toISOString(),
      repeat: 'daily',
    });
    expect(res.statusCode).toBe(201);
    const r = res.json().reminder_workflow;
    expect(r).toMatchObject({ repeat: 'daily', is_active: true, next_run_at: first.toISOString(), last_run_at: null });
    const job = queued.at(-1);
    expect(job).toEqual({
      name: 'reminder-workflow',
      data: { reminder_workflow_uuid: r.reminder_workflow_uuid, at: first.toISOString() },
      opts: { startAfter: first, singletonKey: `${r.reminder_workflow_uuid}@${first.toISOString()}` },
    });
    expect(await remindersOf(t.app).fire(job?.data ?? {})).toEqual({ sent: 2, blocked: 0, replayed: 0 });
    // the same job delivered twice sends nothing more
    expect(await remindersOf(t.app).fire(job?.data ?? {})).toBeNull();
    const sent = await t.app.db
      .selectFrom('sms')
      .select(['dnis', 'ani', 'text', 'company_uuid'])
      .where('text', '=', 'Take your pills')
      .orderBy('dnis')
      .execute();
    expect(sent.map((m) => [m.dnis, m.ani])).toEqual([
      ['+14155550411', '+12125552302'],
      ['+14155550412', '+12125552302'],
    ]);
    const after = (await call('GET', `/reminder_workflow/${r.reminder_workflow_uuid}`, acme)).json().reminder_workflow;
    const tomorrow = new Date(first.getTime() + 86_400_000).toISOString();
    expect(after).toMatchObject({ last_run_at: first.toISOString(), next_run_at: tomorrow });
    expect(queued.at(-1)?.data).toEqual({ reminder_workflow_uuid: r.reminder_workflow_uuid, at: tomorrow });

    // moving the time makes the queued job stale; turning it off stops it
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await call('PATCH', `/reminder_workflow/${r.reminder_workflow_uuid}`, acmeUser, {
      remind_at: later,
      repeat: 'none',
    });
    expect(
      await remindersOf(t.app).fire({ reminder_workflow_uuid: r.reminder_workflow_uuid, at: tomorrow }),
    ).toBeNull();
    expect(queued.at(-1)?.data).toEqual({ reminder_workflow_uuid: r.reminder_workflow_uuid, at: later });
    expect(
      (await call('PATCH', `/reminder_workflow/${r.reminder_workflow_uuid}`, acme, { is_active: false })).json()
        .reminder_workflow.next_run_at,
    ).toBeNull();
    expect(await remindersOf(t.app).fire({ reminder_workflow_uuid: r.reminder_workflow_uuid, at: later })).toBeNull();
    expect((await call('GET', '/reminder_workflow/list?name=daily', acmeUser)).json().total).toBe(1);
  });

  it("never shows or changes another company's workflows (404 on every call)", async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const s = (
      await call('POST', '/sms_workflow', globex, {
        name: 'G',
        ani: '+13125552401',
        text: 'x',
        numbers: ['+14155550401'],
      })
    ).json().sms_workflow;
    const r = (
      await call('POST', '/reminder_workflow', globex, {
        name: 'G',
        ani: '+13125552401',
        text: 'x',
        numbers: ['+14155550401'],
        remind_at: future,
      })
    ).json().reminder_workflow;
    for (const [path, id] of [
      ['/sms_workflow', s.sms_workflow_uuid],
      ['/reminder_workflow', r.reminder_workflow_uuid],
    ]) {
      expect((await call('GET', `${path}/list?name=G`, acme)).json().total).toBe(0);
      expect((await call('GET', `${path}/list?name=G`, reseller)).json().total).toBe(0);
      for (const [m, body] of [['GET'], ['PATCH', { name: 'hijacked' }], ['DELETE']] as const) {
        for (const who of [acme, acmeUser])
          expect([path, m, (await call(m, `${path}/${id}`, who, body)).statusCode]).toEqual([path, m, 404]);
      }
    }
    expect(
      (
        await t.app.db
          .selectFrom('sms_workflows')
          .select('name')
          .where('sms_workflow_uuid', '=', s.sms_workflow_uuid)
          .executeTakeFirstOrThrow()
      ).name,
    ).toBe('G');
  });
});
