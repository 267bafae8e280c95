import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { messagingOf, SmscSimulator } from '../messaging';
import { fieldsOf } from '../testing/problem-answers';

type Headers = Record<string, string>;

describe('keywords API and actions on incoming messages', () => {
  let t: TestApp;
  let admin: Headers, reseller: Headers, acme: Headers, acmeUser: Headers, globex: Headers;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const mo = (from: string, to: string, text: string) =>
    (messagingOf(t.app).gateway as SmscSimulator).injectMo({ from, to, text });
  const repliesTo = async (number: string) =>
    await t.app.db
      .selectFrom('sms')
      .select(['text', 'ani', 'status'])
      .where('is_received', '=', false)
      .where('dnis', '=', number)
      .orderBy('created_on')
      .execute();

  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: true, messaging: { simAutoDeliver: false, simFailureRate: 0 } });
    const tokens: Headers[] = [];
    for (const u of ['admin', 'reseller', 'acme-admin', 'acme-user', 'globex-admin'])
      tokens.push(bearer(await login(t.app, `${u}@example.com`)));
    [admin, reseller, acme, acmeUser, globex] = tokens;
  }, 120_000);
  afterAll(async () => t.close());

  it('keeps keywords: CRUD, stored in upper case, one per word and number', async () => {
    const k = await call('POST', '/keyword', acme, { keyword: ' info ', action: 'reply', reply_text: 'Open 9-5' });
    expect(k.statusCode).toBe(201);
    const kw = k.json().keyword;
    expect(kw).toMatchObject({
      keyword: 'INFO',
      action: 'reply',
      reply_text: 'Open 9-5',
      did_uuid: null,
      is_active: true,
      company_name: 'Acme',
    });
    expect(
      (await call('POST', '/keyword', acme, { keyword: 'Info', action: 'reply', reply_text: 'again' })).statusCode,
    ).toBe(409);
    const onNumber = await call('POST', '/keyword', acme, {
      keyword: 'info',
      action: 'reply',
      reply_text: 'Line 2 hours',
      did: '(212) 555-2302',
    });
    expect(onNumber.json().keyword).toMatchObject({ did: '+12125552302' });
    expect(
      (await call('PATCH', `/keyword/${kw.keyword_uuid}`, acme, { reply_text: 'Open 9-6' })).json().keyword.reply_text,
    ).toBe('Open 9-6');
    expect((await call('GET', '/keyword/list?keyword=*inf*', acme)).json()).toMatchObject({ total: 2, per_page: 10 });
    expect((await call('GET', '/keyword/list', reseller)).json().total).toBe(2);
    expect((await call('GET', `/keyword/${kw.keyword_uuid}`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/keyword/list', acmeUser)).statusCode).toBe(403);
    expect((await call('DELETE', `/keyword/${onNumber.json().keyword.keyword_uuid}`, acme)).statusCode).toBe(200);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [object, string | RegExp][] = [
      [{ keyword: 'two words', action: 'reply', reply_text: 'x' }, /keyword/],
      [
        { keyword: 'stop', action: 'reply', reply_text: 'x' },
        'keyword: STOP is a built-in opt-out or opt-in word; every number already answers it',
      ],
      [{ keyword: 'hours', action: 'reply' }, 'reply_text: A reply keyword needs the text to answer with'],
      [{ keyword: 'join', action: 'opt_in' }, 'campaign_uuid: An opt-in keyword needs the campaign to join'],
      [
        { keyword: 'join', action: 'opt_in', campaign_uuid: '00000000-0000-4000-8000-000000000000' },
        'campaign_uuid: No such campaign in this company',
      ],
      [
        // a reply keyword naming a campaign of another tenant is refused too
        { keyword: 'hello', action: 'reply', reply_text: 'Hi', campaign_uuid: '00000000-0000-4000-8000-000000000000' },
        'campaign_uuid: No such campaign in this company',
      ],
      [
        { keyword: 'hours', action: 'reply', reply_text: 'x', did: '+13125552401' },
        "did: +13125552401 is not one of the company's numbers",
      ],
      [{ keyword: 'hours', action: 'shout', reply_text: 'x' }, /action/],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/keyword', acme, body);
      expect([body, res.statusCode]).toEqual([body, 400]);
      const said = res.json().errors
        ? Object.entries(fieldsOf(res))
            .map(([k, v]) => `${k}: ${v}`)
            .join('; ')
        : res.json().detail;
      expect(said).toMatch(message);
    }
  });

  it('answers a keyword from the number that received it; STOP stays built in', async () => {
    expect((await mo('+14155550301', '+12125552301', 'Info please')).statusCode).toBe(200);
    expect(await repliesTo('+14155550301')).toEqual([{ text: 'Open 9-6', ani: '+12125552301', status: 'sent' }]);
    await mo('+14155550301', '+12125552301', 'what is the info?');
    expect(await repliesTo('+14155550301')).toHaveLength(1);
    await mo('+14155550301', '+12125552301', 'STOP');
    const replies = await repliesTo('+14155550301');
    expect(replies[1].text).toMatch(/^You have been unsubscribed/);
    // Globex's number never answers Acme's keyword
    await mo('+14155550302', '+13125552401', 'INFO');
    expect(await repliesTo('+14155550302')).toEqual([]);
  });

  it('opts the sender in to a campaign, and a stop keyword suppresses the sender', async () => {
    const c = (
      await call('POST', '/campaign', acme, { campaign_name: 'Club', text: 'Welcome', ani: '+12125552301' })
    ).json().campaign;
    await call('POST', '/keyword', acme, {
      keyword: 'JOIN',
      action: 'opt_in',
      campaign_uuid: c.campaign_uuid,
      reply_text: 'You are in!',
    });
    await mo('+14155550311', '+12125552302', 'join');
    await mo('+14155550311', '+12125552302', 'JOIN');
    const rows = await t.app.db
      .selectFrom('campaign_recipients')
      .select(['number', 'source'])
      .where('campaign_uuid', '=', c.campaign_uuid)
      .execute();
    expect(rows).toEqual([{ number: '+14155550311', source: 'keyword' }]);
    expect((await call('GET', `/campaign/${c.campaign_uuid}`, acme)).json().campaign.recipient_count).toBe(1);
    expect((await repliesTo('+14155550311')).map((r) => r.text)).toEqual(['You are in!', 'You are in!']);

    await call('POST', '/keyword', acme, { keyword: 'REMOVE', action: 'stop' });
    await mo('+14155550312', '+12125552302', 'remove me');
    const listed = (await call('GET', '/suppressed_number/list?number=4155550312', acme)).json().items;
    expect(listed).toEqual([expect.objectContaining({ number: '+14155550312', source: 'stop' })]);
    expect((await repliesTo('+14155550312'))[0].text).toMatch(/^You have been unsubscribed/);
    // an inactive keyword does nothing
    const quiet = (
      await call('POST', '/keyword', acme, { keyword: 'HUSH', action: 'reply', reply_text: 'shh', is_active: false })
    ).json().keyword;
    await mo('+14155550313', '+12125552302', 'hush');
    expect(await repliesTo('+14155550313')).toEqual([]);
    expect(quiet.is_active).toBe(false);
  });

  it('says the campaign is not running instead of "You are in", and joins nobody, when it is held, stopped or finished', async () => {
    const c = (
      await call('POST', '/campaign', acme, {
        campaign_name: 'Spring sale',
        text: 'Sale starts now',
        ani: '+12125552301',
        numbers: ['+14155550390'],
      })
    ).json().campaign;
    const kw = (
      await call('POST', '/keyword', acme, {
        keyword: 'SPRING',
        action: 'opt_in',
        campaign_uuid: c.campaign_uuid,
        reply_text: 'You are in!',
      })
    ).json().keyword;
    expect(kw.campaign_status).toBe('draft');
    const joined = async () =>
      (
        await t.app.db
          .selectFrom('campaign_recipients')
          .select('number')
          .where('campaign_uuid', '=', c.campaign_uuid)
          .where('source', '=', 'keyword')
          .execute()
      ).map((r) => r.number);
    expect((await call('POST', `/campaign/${c.campaign_uuid}/run`, acme)).statusCode).toBe(200);
    expect((await call('POST', `/campaign/${c.campaign_uuid}/hold`, acme)).statusCode).toBe(200);
    await mo('+14155550391', '+12125552302', 'spring');
    expect(await joined()).toEqual([]);
    expect((await repliesTo('+14155550391')).map((r) => r.text)).toEqual([
      'Sorry, Spring sale is paused at the moment, so you have not been added. Please try again later.',
    ]);
    expect((await call('GET', `/keyword/${kw.keyword_uuid}`, acme)).json().keyword.campaign_status).toBe('held');
    expect((await call('POST', `/campaign/${c.campaign_uuid}/stop`, acme)).statusCode).toBe(200);
    await mo('+14155550392', '+12125552302', 'SPRING');
    expect(await joined()).toEqual([]);
    expect((await repliesTo('+14155550392')).map((r) => r.text)).toEqual([
      'Sorry, Spring sale has ended, so you have not been added.',
    ]);
    const listed = (await call('GET', '/keyword/list?keyword=spring', acme)).json().items;
    expect(listed).toEqual([expect.objectContaining({ keyword: 'SPRING', campaign_status: 'stopped' })]);
  });

  it("never shows or changes another company's keyword (404 on every call)", async () => {
    const g = (await call('POST', '/keyword', globex, { keyword: 'GLOBEX', action: 'reply', reply_text: 'hi' })).json()
      .keyword;
    expect((await call('GET', '/keyword/list?keyword=globex', acme)).json().total).toBe(0);
    expect((await call('GET', '/keyword/list?keyword=globex', reseller)).json().total).toBe(0);
    for (const [m, body] of [['GET'], ['PATCH', { reply_text: 'hijacked' }], ['DELETE']] as const) {
      expect([m, (await call(m, `/keyword/${g.keyword_uuid}`, acme, body)).statusCode]).toEqual([m, 404]);
    }
    // nor can an opt-in keyword point at another company's campaign
    const gc = (await call('POST', '/campaign', globex, { campaign_name: 'G' })).json().campaign;
    expect(
      (await call('POST', '/keyword', acme, { keyword: 'SNEAK', action: 'opt_in', campaign_uuid: gc.campaign_uuid }))
        .statusCode,
    ).toBe(400);
  });
});
