import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { fileForm } from '../testing/multipart';
import { parseAniGroupCsv } from './ani-group-import';
import { groupNumbers } from './queries';
import { fieldErrorsOf } from '../testing/problem-answers';

type Headers = Record<string, string>;

describe('ANI groups', () => {
  it('reads an import CSV: every good line, or one 400 naming the bad ones', () => {
    expect(parseAniGroupCsv('number,name\r\n"(212) 555-2301",Day\r\n+1 212 555 2302,Day\r\n')).toEqual([
      { line: 2, name: 'Day', number: '+12125552301' },
      { line: 3, name: 'Day', number: '+12125552302' },
    ]);
    expect(() => parseAniGroupCsv('name,number\nDay,nope\n,2125552301\nDay,212-555-2302\nday,+12125552302\n')).toThrow(
      'Line 2: "nope" is not a valid North American number; Line 3: name is empty or longer than 100 characters; Line 5: +12125552302 repeats line 4 in group "day"; nothing was imported',
    );
    expect(() => parseAniGroupCsv('group,number\nA,2125552301\n')).toThrow(
      'Line 1: the CSV needs the headers name, number (missing: name)',
    );
    expect(() => parseAniGroupCsv('name,number\n')).toThrow('The CSV has no rows under its header');
  });

  describe('API', () => {
    let t: TestApp;
    let admin: Headers, reseller: Headers, acme: Headers, acmeUser: Headers, globex: Headers;
    let acmeCo: string;
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
      t.app.inject({ method, url: api(url), headers, payload });
    beforeAll(async () => {
      t = await createTestApp();
      const tokens: Headers[] = [];
      for (const u of ['admin', 'reseller', 'acme-admin', 'acme-user', 'globex-admin'])
        tokens.push(bearer(await login(t.app, `${u}@example.com`)));
      [admin, reseller, acme, acmeUser, globex] = tokens;
      acmeCo = (
        await t.app.db
          .selectFrom('companies')
          .select('company_uuid')
          .where('company_name', '=', 'Acme')
          .executeTakeFirstOrThrow()
      ).company_uuid;
    }, 120_000);
    afterAll(async () => t.close());

    it("keeps a group of the company's own sending numbers: CRUD, its numbers paged in turn order", async () => {
      const created = await call('POST', '/ani_group', acme, {
        name: 'Day shift',
        numbers: ['(212) 555-2302', '+12125552301', '212 555 2302'],
      });
      expect(created.statusCode).toBe(201);
      const g = created.json().ani_group;
      expect(g).toMatchObject({ name: 'Day shift', number_count: 2, company_uuid: acmeCo, company_name: 'Acme' });
      const page = (await call('GET', `/ani_group/${g.ani_group_uuid}/list?per_page=1`, acme)).json();
      expect(page).toEqual({
        items: [expect.objectContaining({ did: '+12125552302', area_code: '212', state: 'NY' })],
        total: 2,
        per_page: 1,
      });
      expect(
        (await call('GET', `/ani_group/${g.ani_group_uuid}/list?page=1&per_page=1`, acme)).json().items[0].did,
      ).toBe('+12125552301');
      expect(await groupNumbers(t.app.db, acmeCo, g.ani_group_uuid)).toEqual(['+12125552302', '+12125552301']);
      expect((await call('POST', '/ani_group', acme, { name: 'day SHIFT', numbers: [] })).statusCode).toBe(409);
      const patched = await call('PATCH', `/ani_group/${g.ani_group_uuid}`, acme, {
        name: 'Days',
        numbers: ['+14155553303'],
      });
      expect(patched.json().ani_group).toMatchObject({ name: 'Days', number_count: 1 });
      expect((await call('GET', '/ani_group/list?name=*day*', acme)).json()).toMatchObject({ total: 1, per_page: 10 });
      expect((await call('GET', '/ani_group/list', reseller)).json().total).toBe(1);
      expect((await call('GET', `/ani_group/${g.ani_group_uuid}`, admin)).statusCode).toBe(200);
      expect((await call('GET', '/ani_group/list', acmeUser)).statusCode).toBe(403);
      expect((await call('DELETE', `/ani_group/${g.ani_group_uuid}`, acme)).statusCode).toBe(200);
      expect((await call('GET', `/ani_group/${g.ani_group_uuid}`, acme)).statusCode).toBe(404);
    });

    it("refuses numbers that are not the company's sending numbers, and bad input (400)", async () => {
      const other = await call('POST', '/ani_group', acme, {
        name: 'Bad',
        numbers: ['+13125552401', '555', '+12125559999'],
      });
      expect(other.statusCode).toBe(400);
      expect(fieldErrorsOf(other)).toEqual({
        errors: {
          numbers:
            '"555" is not a valid North American number; +13125552401 is not one of the company\'s sending numbers; +12125559999 is not one of the company\'s sending numbers',
        },
      });
      for (const body of [
        { name: '', numbers: [] },
        { numbers: [] },
        { name: 'x', numbers: 'x' },
        { name: 'x', numbers: [], color: 'red' },
      ]) {
        expect([body, (await call('POST', '/ani_group', acme, body)).statusCode]).toEqual([body, 400]);
      }
      expect((await call('POST', '/ani_group', admin, { name: 'x', numbers: [] })).statusCode).toBe(400);
      expect((await call('GET', '/ani_group/not-a-uuid', acme)).statusCode).toBe(400);
    });

    it("never shows or changes another company's group (404 on every call)", async () => {
      const g = (await call('POST', '/ani_group', globex, { name: 'Globex senders', numbers: ['+13125552401'] })).json()
        .ani_group;
      expect((await call('GET', '/ani_group/list?name=globex', acme)).json().total).toBe(0);
      expect((await call('GET', '/ani_group/list?name=globex', reseller)).json().total).toBe(0);
      for (const [m, url, body] of [
        ['GET', ''],
        ['GET', '/list'],
        ['PATCH', '', { name: 'hijacked' }],
        ['DELETE', ''],
      ] as const) {
        expect([m, url, (await call(m, `/ani_group/${g.ani_group_uuid}${url}`, acme, body)).statusCode]).toEqual([
          m,
          url,
          404,
        ]);
      }
      const still = await t.app.db
        .selectFrom('ani_groups')
        .select('name')
        .where('ani_group_uuid', '=', g.ani_group_uuid)
        .executeTakeFirstOrThrow();
      expect(still.name).toBe('Globex senders');
    });

    it('imports a CSV, uploaded or as JSON, every group or none', async () => {
      const up = fileForm(
        'g.csv',
        'text/csv',
        'name,number\nImp A,+12125552301\nImp A,+12125552302\nImp B,+14155553303\n',
      );
      const ok = await t.app.inject({
        method: 'POST',
        url: api('/ani_group/import'),
        headers: { ...acme, ...up.headers },
        payload: up.payload,
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toEqual({
        imported: 2,
        groups: [
          { ani_group_uuid: expect.any(String), name: 'Imp A', numbers: 2 },
          { ani_group_uuid: expect.any(String), name: 'Imp B', numbers: 1 },
        ],
      });
      const bad = await call('POST', '/ani_group/import', acme, {
        csv: 'name,number\nImp C,+12125552301\nImp C,+13125552401\nImp A,+12125552302\n',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toBe(
        'Line 3: +13125552401 is not one of the company\'s sending numbers; Line 4: the company already has an ANI group named "Imp A"; nothing was imported',
      );
      expect((await call('GET', '/ani_group/list?name=imp', acme)).json().total).toBe(2);
      expect(
        (
          await call('POST', '/ani_group/import', reseller, {
            csv: 'name,number\nImp R,+12125552301\n',
            company_uuid: acmeCo,
          })
        ).statusCode,
      ).toBe(201);
      expect(
        (await call('POST', '/ani_group/import', acmeUser, { csv: 'name,number\nImp U,+12125552301\n' })).statusCode,
      ).toBe(403);
    });
  });
});
