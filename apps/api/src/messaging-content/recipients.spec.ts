import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { fileForm } from '../testing/multipart';
import { parseRecipientCsv } from './recipient-import';
import { fieldErrorsOf } from '../testing/problem-answers';

type Headers = Record<string, string>;

describe('recipients', () => {
  it('reads a CSV: every good line, or one 400 naming the bad ones (capped)', () => {
    expect(parseRecipientCsv('number,recipient_name\r\n"(212) 555-0101",Ann\r\n+44 20 7946 0018,Bob\r\n')).toEqual([
      { line: 2, recipient_name: 'Ann', number: '+12125550101' },
      { line: 3, recipient_name: 'Bob', number: '+442079460018' },
    ]);
    expect(() =>
      parseRecipientCsv('recipient_name,number\nAnn,nope\n,2125550101\nCy,212-555-0102\nDi,+12125550102\n'),
    ).toThrow(
      'Line 2: "nope" is not a valid phone number; Line 3: recipient_name is empty or longer than 100 characters; Line 5: +12125550102 repeats line 4; nothing was imported',
    );
    expect(() => parseRecipientCsv('name,number\nAnn,2125550101\n')).toThrow(
      'Line 1: the CSV needs the headers recipient_name, number (missing: recipient_name)',
    );
    expect(() => parseRecipientCsv('recipient_name,number\n')).toThrow('The CSV has no rows under its header');
    const many = ['recipient_name,number', ...Array.from({ length: 25 }, (_, i) => `R${i},bad${i}`)].join('\n');
    expect(() => parseRecipientCsv(many)).toThrow(/Line 21: "bad19".*; and 5 more bad lines; nothing was imported$/);
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

    it("keeps a company's recipients: CRUD with the number in E.164, one per number", async () => {
      const created = await call('POST', '/recipient', acme, { recipient_name: 'Ann', number: '(212) 555-0111' });
      expect(created.statusCode).toBe(201);
      const r = created.json().recipient;
      expect(r).toMatchObject({
        recipient_name: 'Ann',
        number: '+12125550111',
        company_uuid: acmeCo,
        company_name: 'Acme',
      });
      expect(
        (await call('POST', '/recipient', acme, { recipient_name: 'Ann again', number: '+1 212 555 0111' })).statusCode,
      ).toBe(409);
      expect(
        (await call('PATCH', `/recipient/${r.recipient_uuid}`, acme, { recipient_name: 'Ann B' })).json().recipient
          .recipient_name,
      ).toBe('Ann B');
      expect((await call('GET', `/recipient/${r.recipient_uuid}`, acmeUser)).statusCode).toBe(200);
      expect(
        (await call('PATCH', `/recipient/${r.recipient_uuid}`, acmeUser, { recipient_name: 'x' })).statusCode,
      ).toBe(403);
      const list = (await call('GET', '/recipient/list?recipient_name=*ann*', acme)).json();
      expect(list).toMatchObject({ total: 1, per_page: 10 });
      expect((await call('GET', '/recipient/list?number=5550111', reseller)).json().total).toBe(1);
      expect((await call('DELETE', `/recipient/${r.recipient_uuid}`, acme)).statusCode).toBe(200);
      expect((await call('GET', `/recipient/${r.recipient_uuid}`, acme)).statusCode).toBe(404);
    });

    it("never shows or changes another tenant's recipients (404)", async () => {
      const g = (
        await call('POST', '/recipient', globex, { recipient_name: 'Globex client', number: '+13125550199' })
      ).json().recipient;
      expect((await call('GET', '/recipient/list?recipient_name=globex', acme)).json().total).toBe(0);
      expect((await call('GET', '/recipient/list?recipient_name=globex', reseller)).json().total).toBe(0);
      expect((await call('GET', '/recipient/list?recipient_name=globex', admin)).json().total).toBe(1);
      for (const [m, body] of [['GET'], ['PATCH', { recipient_name: 'hijacked' }], ['DELETE']] as const) {
        expect([m, (await call(m, `/recipient/${g.recipient_uuid}`, acme, body)).statusCode]).toEqual([m, 404]);
      }
      const still = await t.app.db
        .selectFrom('recipients')
        .select('recipient_name')
        .where('recipient_uuid', '=', g.recipient_uuid)
        .executeTakeFirstOrThrow();
      expect(still.recipient_name).toBe('Globex client');
    });

    it('refuses bad input with 400', async () => {
      for (const body of [
        { recipient_name: 'x', number: '123' },
        { recipient_name: '', number: '+12125550123' },
        { recipient_name: 'x', number: 'call me' },
        { recipient_name: 'x', number: '+12125550123', email: 'a@b.c' },
      ]) {
        expect([body, (await call('POST', '/recipient', acme, body)).statusCode]).toEqual([body, 400]);
      }
      const bad = await call('POST', '/recipient', acme, { recipient_name: 'x', number: '+1 999 555 0123' });
      expect(fieldErrorsOf(bad)).toEqual({
        errors: { number: expect.stringContaining('is not a valid phone number') },
      });
      expect(
        (await call('POST', '/recipient', admin, { recipient_name: 'x', number: '+12125550123' })).statusCode,
      ).toBe(400);
    });

    it('imports a CSV, uploaded or as JSON, every line or none', async () => {
      const up = fileForm('r.csv', 'text/csv', 'recipient_name,number\nImp A,+12125550141\nImp B,+12125550142\n');
      const ok = await t.app.inject({
        method: 'POST',
        url: api('/recipient/import'),
        headers: { ...acme, ...up.headers },
        payload: up.payload,
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toEqual({
        imported: 2,
        lines: [
          { line: 2, recipient_uuid: expect.any(String), number: '+12125550141' },
          { line: 3, recipient_uuid: expect.any(String), number: '+12125550142' },
        ],
      });
      // a number the company already has: 409 naming its line, the new line before it not written
      const clash = await call('POST', '/recipient/import', acme, {
        csv: 'recipient_name,number\nImp C,+12125550143\nImp B,+12125550142\n',
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().detail).toMatch(/^Line 3: \+12125550142/);
      const bad = await call('POST', '/recipient/import', acme, {
        csv: 'recipient_name,number\nImp D,+12125550144\nImp E,oops\n',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toBe('Line 3: "oops" is not a valid phone number; nothing was imported');
      expect((await call('GET', '/recipient/list?recipient_name=imp', acme)).json().total).toBe(2);
      // the reseller imports for its company; naming Globex answers 404
      expect(
        (
          await call('POST', '/recipient/import', reseller, {
            csv: 'recipient_name,number\nImp F,+12125550145\n',
            company_uuid: acmeCo,
          })
        ).statusCode,
      ).toBe(201);
      const globexCo = (
        await t.app.db
          .selectFrom('companies')
          .select('company_uuid')
          .where('company_name', '=', 'Globex')
          .executeTakeFirstOrThrow()
      ).company_uuid;
      expect(
        (
          await call('POST', '/recipient/import', reseller, {
            csv: 'recipient_name,number\nImp G,+12125550146\n',
            company_uuid: globexCo,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', '/recipient/import', acmeUser, { csv: 'recipient_name,number\nImp H,+12125550147\n' }))
          .statusCode,
      ).toBe(403);
      const binary = fileForm('r.csv', 'text/csv', Buffer.from([0xff, 0xfe, 0x00, 0x41]));
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: api('/recipient/import'),
            headers: { ...acme, ...binary.headers },
            payload: binary.payload,
          })
        ).statusCode,
      ).toBe(400);
    });
  });
});
