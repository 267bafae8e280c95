import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { parseDidCsv } from './import';

describe('DID CSV import', () => {
  it('reads every good line and names every bad one', () => {
    const rows = parseDidCsv('did,type,monthly_price\r\n"(212) 555-2901",sms,1.5\r\n+18005552902,,\r\n');
    expect(rows).toEqual([
      expect.objectContaining({
        line: 2,
        did: '+12125552901',
        npa: '212',
        state: 'NY',
        type: 'sms',
        monthly_price: '1.5',
        isTollFree: false,
      }),
      expect.objectContaining({ line: 3, did: '+18005552902', isTollFree: true, type: undefined }),
    ]);
    expect(() => parseDidCsv('did\n2125552901\nnope\n2125552901\n+16846330000\n')).toThrow(
      'Line 3: "nope" is not a valid North American phone number; Line 4: +12125552901 repeats line 2; Line 5: area code 684 is not a US or Canadian area code; nothing was imported',
    );
    expect(() => parseDidCsv('number\n2125552901\n')).toThrow('Line 1: the CSV needs the headers did (missing: did)');
    expect(() => parseDidCsv('did,colour\n2125552901,red\n')).toThrow(/Line 1: unknown column "colour"/);
    expect(() => parseDidCsv('did,type\n2125552901,fax\n')).toThrow(/Line 2: type must be one of/);
    expect(() => parseDidCsv('did\n"2125552901\n')).toThrow(/^Line 2/);
    expect(() => parseDidCsv('did\n')).toThrow('The CSV has no rows under its header');
  });

  describe('POST /did/import', () => {
    let t: TestApp;
    let admin: Record<string, string>, reseller: Record<string, string>, acme: Record<string, string>;
    beforeAll(async () => {
      t = await createTestApp();
      admin = bearer(await login(t.app, 'admin@example.com'));
      reseller = bearer(await login(t.app, 'reseller@example.com'));
      acme = bearer(await login(t.app, 'acme-admin@example.com'));
    }, 120_000);
    afterAll(async () => t.close());
    const post = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'POST', url: api('/did/import'), headers, payload });

    it("imports every row into the caller's stock, or nothing", async () => {
      const ok = await post(reseller, { csv: 'did,description\n617-555-2911,Boston A\n617-555-2912,Boston B\n' });
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toEqual({
        imported: 2,
        lines: [
          { line: 2, did: '+16175552911' },
          { line: 3, did: '+16175552912' },
        ],
      });
      const free = (
        await t.app.inject({ method: 'GET', url: api('/did/free/list?did=555291'), headers: reseller })
      ).json();
      expect(free.items.map((d: { description: string }) => d.description).sort()).toEqual(['Boston A', 'Boston B']);
      // a bad line: 400 naming it, and the good line before it is not written
      const bad = await post(admin, { csv: 'did\n+12065552921\n+1206555\n' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toContain('Line 3');
      // a number somebody already holds: 409 naming its line, nothing written
      const clash = await post(admin, { csv: 'did\n+12065552922\n+16175552911\n' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().detail).toMatch(/^Line 3: \+16175552911/);
      const written = await t.app.db
        .selectFrom('dids')
        .select('did')
        .where('did', 'in', ['+12065552921', '+12065552922'])
        .execute();
      expect(written).toEqual([]);
      expect((await post(acme, { csv: 'did\n+12065552923\n' })).statusCode).toBe(403);
      expect((await post(reseller, { csv: 'did\n+12065552924\n', reseller_uuid: null })).statusCode).toBe(403);
      // a reseller that does not exist: 404 in its own words, and no log row to hang on it
      const missing = await post(admin, {
        csv: 'did\n+12065552925\n',
        reseller_uuid: '00000000-0000-4000-8000-000000000000',
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().detail).toBe('Reseller not found');
    });
  });
});
