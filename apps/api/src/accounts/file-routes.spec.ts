import { FILE_MAX_BYTES } from '@smsc/shared-contract';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { PNG, fileForm, multipart } from '../testing/multipart';

type Headers = Record<string, string>;

describe('files (POST /file, GET /file/:id)', () => {
  let t: TestApp;
  const who = {} as Record<'admin' | 'reseller' | 'acmeAdmin' | 'acmeUser' | 'globexAdmin', Headers>;
  beforeAll(async () => {
    t = await createTestApp();
    const emails = {
      admin: 'admin@',
      reseller: 'reseller@',
      acmeAdmin: 'acme-admin@',
      acmeUser: 'acme-user@',
      globexAdmin: 'globex-admin@',
    };
    for (const [k, e] of Object.entries(emails))
      who[k as keyof typeof who] = bearer(await login(t.app, `${e}example.com`));
  });
  afterAll(async () => t.close());

  const upload = (headers: Headers, form: { payload: Buffer; headers: Headers }) =>
    t.app.inject({
      method: 'POST',
      url: api('/file'),
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  const read = (headers: Headers, id: string) => t.app.inject({ method: 'GET', url: api(`/file/${id}`), headers });

  it('stores an upload, answers its record and serves the same bytes back with type and disposition', async () => {
    const res = await upload(who.acmeUser, fileForm('logo.png', 'image/png', PNG));
    expect(res.statusCode).toBe(201);
    const rec = res.json();
    expect(rec).toEqual({
      uuid: expect.any(String),
      name: 'logo.png',
      size: PNG.length,
      content_type: 'image/png',
      created_on: expect.any(String),
    });
    expect(Object.keys(rec).sort()).toEqual(['content_type', 'created_on', 'name', 'size', 'uuid']);
    const back = await read(who.acmeUser, rec.uuid);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.headers['content-disposition']).toBe(`inline; filename="logo.png"; filename*=UTF-8''logo.png`);
    expect(back.rawPayload.equals(PNG)).toBe(true);
  });

  it('downloads text as an attachment and keeps a non-ASCII name readable', async () => {
    const res = await upload(who.admin, fileForm('C:\\temp\\Prüfung (Q1) 100%.csv', 'text/csv', 'a,b\n1,2\n'));
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('Prüfung (Q1) 100%.csv');
    const back = await read(who.admin, res.json().uuid);
    expect(back.body).toBe('a,b\n1,2\n');
    expect(back.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(back.headers['content-disposition']).toBe(
      `attachment; filename="Pr_fung (Q1) 100_.csv"; filename*=UTF-8''Pr%C3%BCfung%20%28Q1%29%20100%25.csv`,
    );
  });

  it("lets the uploader's company, its reseller and the admin read a file; other tenants get 404", async () => {
    const id = (await upload(who.acmeAdmin, fileForm('acme.txt', 'text/plain', 'acme only'))).json().uuid;
    for (const h of [who.acmeAdmin, who.acmeUser, who.reseller, who.admin])
      expect((await read(h, id)).statusCode).toBe(200);
    const other = await read(who.globexAdmin, id);
    expect(other.statusCode).toBe(404);
    expect(other.json().detail).toBe('File not found');

    const resellerFile = (await upload(who.reseller, fileForm('r.txt', 'text/plain', 'reseller'))).json().uuid;
    expect((await read(who.reseller, resellerFile)).statusCode).toBe(200);
    expect((await read(who.admin, resellerFile)).statusCode).toBe(200);
    for (const h of [who.acmeAdmin, who.acmeUser, who.globexAdmin])
      expect((await read(h, resellerFile)).statusCode).toBe(404);

    const adminFile = (await upload(who.admin, fileForm('a.txt', 'text/plain', 'admin'))).json().uuid;
    for (const h of [who.reseller, who.acmeAdmin, who.globexAdmin])
      expect((await read(h, adminFile)).statusCode).toBe(404);

    const globexFile = (await upload(who.globexAdmin, fileForm('g.txt', 'text/plain', 'globex'))).json().uuid;
    // Globex was created by the admin, not under the demo reseller.
    for (const h of [who.reseller, who.acmeAdmin, who.acmeUser])
      expect((await read(h, globexFile)).statusCode).toBe(404);
    expect((await read(who.globexAdmin, globexFile)).statusCode).toBe(200);
  });

  const big = Buffer.alloc(FILE_MAX_BYTES + 1, 0x61);
  it.each([
    ['a file over the size cap', () => fileForm('big.txt', 'text/plain', big), 413, /larger than the 5 MiB limit/],
    [
      'a type that is not allowed',
      () => fileForm('x.svg', 'image/svg+xml', '<svg onload="alert(1)"/>'),
      415,
      /image\/svg\+xml are not accepted/,
    ],
    ['HTML', () => fileForm('x.html', 'text/html', '<script>1</script>'), 415, /not accepted/],
    [
      'content that does not match its type',
      () => fileForm('fake.png', 'image/png', '<html>'),
      400,
      /content is not image\/png/,
    ],
    [
      'binary declared as text',
      () => fileForm('x.txt', 'text/plain', Buffer.from([0xff, 0xfe, 0x00, 0x01])),
      400,
      /content is not text\/plain/,
    ],
    ['an empty file', () => fileForm('e.txt', 'text/plain', ''), 400, /empty/],
    [
      'a file in another field',
      () => multipart([{ name: 'upload', filename: 'a.txt', type: 'text/plain', value: 'x' }]),
      400,
      /field "file", not "upload"/,
    ],
    ['a form without a file', () => multipart([{ name: 'note', value: 'hello' }]), 400, /no file in the field "file"/],
    [
      'two files',
      () =>
        multipart([
          { name: 'file', filename: 'a.txt', type: 'text/plain', value: 'a' },
          { name: 'file', filename: 'b.txt', type: 'text/plain', value: 'b' },
        ]),
      400,
      /one file per request/,
    ],
    [
      'JSON instead of a form',
      () => ({ payload: Buffer.from('{"name":"x"}'), headers: { 'content-type': 'application/json' } }),
      415,
      /multipart\/form-data/,
    ],
    [
      'a multipart body without a boundary',
      () => ({ payload: Buffer.from('x'), headers: { 'content-type': 'multipart/form-data' } }),
      400,
      /not a valid multipart/,
    ],
    [
      'an empty multipart body',
      () => ({ payload: Buffer.alloc(0), headers: { 'content-type': 'multipart/form-data; boundary=abc' } }),
      400,
      /no file/,
    ],
    [
      'garbage under a multipart type',
      () => ({
        payload: Buffer.from('not a form at all'),
        headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      }),
      400,
      /no file|not a valid multipart/,
    ],
    [
      'a truncated form',
      () => {
        const f = fileForm('a.txt', 'text/plain', 'abc');
        return { ...f, payload: f.payload.subarray(0, f.payload.length - 20) };
      },
      400,
      /not a valid multipart/,
    ],
  ])('refuses %s with a readable 4xx', async (_name, form, status, message) => {
    const before = await t.app.db
      .selectFrom('files')
      .select(t.app.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await upload(who.acmeAdmin, form());
    expect([res.statusCode, res.json().detail]).toEqual([status, expect.stringMatching(message)]);
    const after = await t.app.db
      .selectFrom('files')
      .select(t.app.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers 400 for a malformed id and 401 without a token', async () => {
    expect((await read(who.admin, 'nope')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: api('/file/00000000-0000-4000-8000-000000000000') })).statusCode,
    ).toBe(401);
    expect((await upload({}, fileForm('a.txt', 'text/plain', 'x'))).statusCode).toBe(401);
  });
});
