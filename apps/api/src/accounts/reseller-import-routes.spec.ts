import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { fileForm, multipart } from '../testing/multipart';
import { parseResellerCsv } from './reseller-import-routes';

describe('POST /reseller/import', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await login(t.app, 'admin@example.com'));
  });
  afterAll(async () => t.close());

  const post = (form: { payload: Buffer | object; headers?: Record<string, string> }, headers = admin) =>
    t.app.inject({
      method: 'POST',
      url: api('/reseller/import'),
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  const json = (csv: string) => ({ payload: { csv } });
  const names = async () =>
    (await t.app.db.selectFrom('resellers').select('reseller_name').execute()).map((r) => r.reseller_name);

  it('imports an uploaded CSV file (field "file"), quoted names included', async () => {
    const res = await post(
      fileForm('resellers.csv', 'text/csv', 'id,reseller_name\r\n1,"Upload, North"\r\n2,Upload South\r\n'),
    );
    expect([res.statusCode, res.json()]).toEqual([201, { imported: 2 }]);
    expect(await names()).toEqual(expect.arrayContaining(['Upload, North', 'Upload South']));
  });

  it('still imports JSON { csv }', async () => {
    const res = await post(json('reseller_name\nJson East\n'));
    expect([res.statusCode, res.json()]).toEqual([201, { imported: 1 }]);
  });

  it('accepts the type browsers give .csv files on Windows', async () => {
    expect((await post(fileForm('r.csv', 'application/vnd.ms-excel', 'reseller_name\nExcel West\n'))).statusCode).toBe(
      201,
    );
  });

  it.each([
    ['an unclosed quote', 'reseller_name\nOk One\n"Broken\n', 400, /^Line 3: a quoted field is never closed/],
    ['a short row', 'id,reseller_name\n1,Ok One\n2\n', 400, /^Line 3: 1 fields, the header has 2/],
    ['an empty name', 'reseller_name\nOk One\n" "\n', 400, /^Line 3: reseller_name is empty/],
    ['a repeated name', 'reseller_name\nOk One\nok one\n', 400, /^Line 3: "ok one" repeats line 2/],
    ['a missing header', 'name\nOk One\n', 400, /^Line 1: the CSV needs a reseller_name header/],
    ['no rows', 'reseller_name\n\n', 400, /no rows/],
    [
      'a name that already exists',
      'reseller_name\nOk One\nUpload South\n',
      409,
      /^Line 3: reseller "Upload South" already exists; nothing was imported/,
    ],
  ])('rejects %s, naming the line, and imports nothing (JSON and file)', async (_name, csv, status, message) => {
    const before = await names();
    for (const form of [json(csv), fileForm('r.csv', 'text/csv', csv)]) {
      const res = await post(form);
      expect([res.statusCode, res.json().detail]).toEqual([status, expect.stringMatching(message)]);
    }
    expect(await names()).toEqual(before);
  });

  it.each([
    [
      'a binary file',
      () => fileForm('r.csv', 'text/csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff])),
      400,
      /not UTF-8 text/,
    ],
    [
      'a file in the wrong field',
      () => multipart([{ name: 'csv', filename: 'r.csv', type: 'text/csv', value: 'reseller_name\nX\n' }]),
      400,
      /field "file"/,
    ],
    [
      'a file over 1 MB',
      () => fileForm('r.csv', 'text/csv', `reseller_name\n${'x'.repeat(1_000_001)}\n`),
      413,
      /larger than/,
    ],
    [
      'a text/csv body',
      () => ({ payload: Buffer.from('reseller_name\nX\n'), headers: { 'content-type': 'text/csv' } }),
      415,
      /content-type/i,
    ],
    // the unknown-key guard answers first, naming the field (the console shows an errors value as it is)
    ['JSON with a field it does not take', () => ({ payload: { file: 'x' } }), 400, /file.*not a field/],
  ])('refuses %s with a readable 4xx', async (_name, form, status, message) => {
    const res = await post(form());
    const body = res.json();
    const said = body.detail;
    expect([res.statusCode, said]).toEqual([status, expect.stringMatching(message)]);
  });

  it('is for the system admin only', async () => {
    const reseller = bearer(await login(t.app, 'reseller@example.com'));
    expect((await post(fileForm('r.csv', 'text/csv', 'reseller_name\nSneaky\n'), reseller)).statusCode).toBe(403);
    expect(await names()).not.toContain('Sneaky');
  });

  it('imports a large file in one all-or-nothing transaction', async () => {
    const many = Array.from({ length: 12_000 }, (_, i) => `Bulk ${i}`);
    const clash = await post(json(`reseller_name\n${many.join('\n')}\nUpload South\n`));
    expect(clash.statusCode).toBe(409);
    expect((await names()).filter((n) => n.startsWith('Bulk '))).toEqual([]);
    const ok = await post(json(`reseller_name\n${many.join('\n')}\n`));
    expect(ok.json()).toEqual({ imported: 12_000 });
  }, 60_000);

  it('pages through rows that share a sort value without repeating or skipping any (a paged export reads them all)', async () => {
    // the 12,000 rows above came in one transaction: all of them have the same created_on
    const seen: string[] = [];
    let total = Infinity;
    for (let page = 0; page * 1000 < total; page++) {
      const res = await t.app.inject({
        method: 'GET',
        url: api(`/reseller/list?order_by=created_on&order_dir=desc&per_page=1000&page=${page}`),
        headers: admin,
      });
      total = res.json().total;
      seen.push(...res.json().items.map((r: { reseller_uuid: string }) => r.reseller_uuid));
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
  }, 60_000);

  it('parses names by their header column', () => {
    expect(parseResellerCsv('x,Reseller_Name\n1, A \n2,B')).toEqual([
      { line: 2, name: 'A' },
      { line: 3, name: 'B' },
    ]);
  });
});
