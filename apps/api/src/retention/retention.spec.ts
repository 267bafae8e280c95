import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { fieldErrorsOf } from '../testing/problem-answers';
import { csvRecords, slices } from '../lib/csv-stream';
import { retentionOf } from '.';

type Headers = Record<string, string>;
const DAY = 86_400_000;
const AGES = [5, 20, 40, 70, 100];

/** The archive's rows by its header, read with the server's own CSV reader. */
async function parseCsv(text: string): Promise<Record<string, string>[]> {
  const records: string[][] = [];
  for await (const r of csvRecords(slices(text))) records.push(r.fields);
  const [head, ...rest] = records;
  return rest.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
}

/**
 * Retention on the messages of two companies with the same history (5, 20, 40, 70 and 100 days old, sent and
 * received, and a scheduled message as old): redaction at N days, removal at M with its archive file, the
 * company's override over the platform's default, the other company left alone, the reports unchanged, who may
 * set what, and what a pass leaves on /metrics and in the audit log.
 */
describe('message retention', () => {
  jest.setTimeout(180_000);
  let t: TestApp;
  let dir: string;
  let admin: Headers, reseller: Headers, acmeAdmin: Headers, acmeUser: Headers;
  let acme: string, globex: string;
  /** the id of each message by company, age and direction */
  const ids = new Map<string, string>();
  const key = (company: string, age: number, received = false) => `${company}/${age}/${received}`;
  const now = new Date();

  const add = async (company_uuid: string, age: number, received: boolean, status: string, text: string) => {
    const { rows } = await sql<{ sms_uuid: string }>`
      insert into sms (company_uuid, is_received, ani, dnis, text, status, segments, price, cost, created_on)
      values (${company_uuid}, ${received}, '+12125552301', '+14155550199', ${text}, ${status}, 1, 5000, 3000,
        ${new Date(now.getTime() - age * DAY - 3_600_000).toISOString()}::timestamptz)
      returning sms_uuid`.execute(t.app.db);
    return rows[0].sms_uuid;
  };
  const message = (id: string) =>
    t.app.db.selectFrom('sms').select(['sms_uuid', 'text']).where('sms_uuid', '=', id).executeTakeFirst();
  const put = (payload: object, who = admin) =>
    t.app.inject({ method: 'PUT', url: api('/retention/settings'), headers: who, payload });
  const patchCompany = (id: string, payload: object, who = admin) =>
    t.app.inject({ method: 'PATCH', url: api(`/company/${id}`), headers: who, payload });
  const report = async () => {
    const start = new Date(now.getTime() - 120 * DAY).toISOString();
    const res = await t.app.inject({
      url: api(
        `/stat/report?step=day&group=company&fields=messages,delivered,received,revenue,cost&start_time=${start}&end_time=${now.toISOString()}`,
      ),
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { totals: Record<string, unknown>; items: Record<string, unknown>[] };
  };
  const companyOf = async (name: string) =>
    (
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', name)
        .executeTakeFirstOrThrow()
    ).company_uuid;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'retention-spec-'));
    // a batch of 2 makes every company's work several batches
    t = await createTestApp({ retention: { archiveDir: dir, batchSize: 2 } });
    admin = bearer(await login(t.app, 'admin@example.com'));
    reseller = bearer(await login(t.app, 'reseller@example.com'));
    acmeAdmin = bearer(await login(t.app, 'acme-admin@example.com'));
    acmeUser = bearer(await login(t.app, 'acme-user@example.com'));
    acme = await companyOf('Acme');
    globex = await companyOf('Globex');
    for (const company of [acme, globex])
      for (const age of AGES) {
        ids.set(key(company, age), await add(company, age, false, 'delivered', `hello, "${age}" days`));
        ids.set(key(company, age, true), await add(company, age, true, 'received', `reply ${age}`));
      }
    ids.set('acme/scheduled', await add(acme, 100, false, 'scheduled', 'still to go'));
    // rows other tables hold for the 100-day message: they go with it
    const user = await t.app.db
      .selectFrom('users')
      .select('uuid')
      .where('email', '=', 'acme-admin@example.com')
      .executeTakeFirstOrThrow();
    await sql`insert into sms_requests (user_uuid, idempotency_key, request_hash, sms_uuid)
      values (${user.uuid}, 'old-key', 'h', ${ids.get(key(acme, 100))})`.execute(t.app.db);
    await sql`insert into sms_feedback (sms_uuid, company_uuid, outcome)
      values (${ids.get(key(acme, 100))}, ${acme}, 'confirmed')`.execute(t.app.db);
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('starts off: a pass with no days set anywhere touches nothing', async () => {
    const settings = (await t.app.inject({ url: api('/retention/settings'), headers: admin })).json();
    expect(settings).toMatchObject({ redact_after_days: null, remove_after_days: null, archive: true });
    const pass = await retentionOf(t.app).run('admin', now);
    expect(pass).toMatchObject({ companies: 0, redacted: 0, removed: 0, error: null });
    expect((await message(ids.get(key(acme, 100)) as string))?.text).toBe('hello, "100" days');
  });

  it('refuses a reseller, a company admin and a company user (403), and bad input as field errors', async () => {
    for (const who of [reseller, acmeAdmin, acmeUser]) {
      expect((await put({ redact_after_days: 1, remove_after_days: 2, archive: true }, who)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: api('/retention/run'), headers: who })).statusCode).toBe(403);
    }
    expect((await patchCompany(acme, { retention_redact_days: 1 }, acmeAdmin)).statusCode).toBe(403);
    expect((await patchCompany(acme, { retention_remove_days: 400 }, reseller)).statusCode).toBe(403);
    const order = await put({ redact_after_days: 30, remove_after_days: 30, archive: true });
    expect(order.statusCode).toBe(400);
    expect(fieldErrorsOf(order)).toEqual({
      errors: { remove_after_days: 'Messages must be removed later than their bodies are redacted' },
    });
    for (const wrong of [-5, 36501, 2.5]) {
      const range = await put({ redact_after_days: wrong, remove_after_days: null, archive: true });
      expect(range.statusCode).toBe(400);
      expect(Object.keys((fieldErrorsOf(range) as { errors: Record<string, string> }).errors)).toEqual([
        'redact_after_days',
      ]);
    }
    const companyOrder = await patchCompany(acme, { retention_redact_days: 60, retention_remove_days: 10 });
    expect(companyOrder.statusCode).toBe(400);
    expect(fieldErrorsOf(companyOrder)).toEqual({
      errors: { retention_remove_days: 'Messages must be removed later than their bodies are redacted' },
    });
    // nothing was stored by the refused calls
    const settings = (await t.app.inject({ url: api('/retention/settings'), headers: admin })).json();
    expect(settings).toMatchObject({ redact_after_days: null, remove_after_days: null });
    const company = (await t.app.inject({ url: api(`/company/${acme}`), headers: admin })).json();
    expect(company).toMatchObject({
      retention_redact_days: null,
      retention_remove_days: null,
      retention_archive: null,
    });
  });

  it('a company override: bodies redacted at N days, messages archived then removed at M, the other company untouched, the reports unchanged', async () => {
    const before = await report();
    const set = await patchCompany(acme, { retention_redact_days: 30, retention_remove_days: 60 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ retention_redact_days: 30, retention_remove_days: 60 });

    const pass = await retentionOf(t.app).run('admin', now);
    // 40 days: out and in redacted; 70 and 100: out and in removed (4), and redacted on the way (their bodies)
    expect(pass).toMatchObject({ companies: 1, removed: 4, archived: 4, error: null });
    expect((await message(ids.get(key(acme, 20)) as string))?.text).toBe('hello, "20" days');
    expect((await message(ids.get(key(acme, 40)) as string))?.text).toBe('[redacted]');
    expect((await message(ids.get(key(acme, 40, true)) as string))?.text).toBe('[redacted]');
    for (const age of [70, 100]) {
      expect(await message(ids.get(key(acme, age)) as string)).toBeUndefined();
      expect(await message(ids.get(key(acme, age, true)) as string)).toBeUndefined();
    }
    // a message still to go is neither redacted nor removed
    expect((await message(ids.get('acme/scheduled') as string))?.text).toBe('still to go');
    // what other tables held for a removed message went with it
    const held = await sql<{ n: number }>`select
        (select count(*) from sms_requests where sms_uuid = ${ids.get(key(acme, 100))})::int +
        (select count(*) from sms_feedback where sms_uuid = ${ids.get(key(acme, 100))})::int as n`.execute(t.app.db);
    expect(held.rows[0].n).toBe(0);
    // Globex has no days of its own and the platform none: all of its messages as they were
    for (const age of AGES)
      expect((await message(ids.get(key(globex, age)) as string))?.text).toBe(`hello, "${age}" days`);
    // the reports read rollups: every past day's totals as before
    expect(await report()).toEqual(before);

    // the archive file holds exactly the removed messages, with their columns as stored
    const files = (await t.app.inject({ url: api('/retention/archives'), headers: admin })).json();
    expect(files.total).toBe(1);
    expect(files.items[0]).toMatchObject({
      company_uuid: acme,
      company_name: 'Acme',
      rows: 4,
      pass_uuid: pass.pass_uuid,
    });
    const download = await t.app.inject({
      url: api(`/retention/archives/${files.items[0].archive_uuid}/download`),
      headers: admin,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    const rows = await parseCsv(gunzipSync(download.rawPayload).toString('utf8'));
    const removed = [70, 100].flatMap((age) => [ids.get(key(acme, age)), ids.get(key(acme, age, true))]);
    expect(rows.map((r) => r.sms_uuid).sort()).toEqual([...removed].sort());
    expect(rows.find((r) => r.sms_uuid === ids.get(key(acme, 70)))).toMatchObject({
      company_uuid: acme,
      status: 'delivered',
      price: '5000',
    });
    const onDisk = await readFile(path.join(dir, files.items[0].file_name));
    expect(onDisk.equals(download.rawPayload)).toBe(true);
    // the system admin alone downloads
    expect(
      (
        await t.app.inject({
          url: api(`/retention/archives/${files.items[0].archive_uuid}/download`),
          headers: acmeAdmin,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('the platform defaults apply where a company has no override, and an override wins over them', async () => {
    const before = await report();
    const set = await put({ redact_after_days: 10, remove_after_days: 50, archive: false });
    expect(set.statusCode).toBe(200);
    // Globex keeps its messages for 90 days (its override), its bodies follow the platform's 10
    expect((await patchCompany(globex, { retention_remove_days: 90 })).statusCode).toBe(200);
    const pass = await retentionOf(t.app).run('job', now);
    // every company now has the platform's days (the seeded ones without messages too)
    const { companies } = await t.app.db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<number>().as('companies'))
      .executeTakeFirstOrThrow();
    expect(pass).toMatchObject({ companies: Number(companies), removed: 2, archived: 0, error: null });
    expect((await message(ids.get(key(globex, 5)) as string))?.text).toBe('hello, "5" days');
    expect((await message(ids.get(key(globex, 20)) as string))?.text).toBe('[redacted]');
    expect((await message(ids.get(key(globex, 70)) as string))?.text).toBe('[redacted]');
    expect(await message(ids.get(key(globex, 100)) as string)).toBeUndefined();
    expect(await message(ids.get(key(globex, 100, true)) as string)).toBeUndefined();
    // Acme's own 30 days win over the platform's 10
    expect((await message(ids.get(key(acme, 20)) as string))?.text).toBe('hello, "20" days');
    // archive off: no file for this pass
    const files = (await t.app.inject({ url: api('/retention/archives'), headers: admin })).json();
    expect(files.total).toBe(1);
    expect(await report()).toEqual(before);
    // an override of 0 turns the platform's redaction off for the company
    expect((await patchCompany(globex, { retention_redact_days: 0 })).statusCode).toBe(200);
    const third = await retentionOf(t.app).run('job', new Date(now.getTime() + 20 * DAY));
    expect((await message(ids.get(key(globex, 5)) as string))?.text).toBe('hello, "5" days');
    expect(third.error).toBeNull();
  });

  it('lists the passes, audits each one and counts them on /metrics', async () => {
    const passes = (await t.app.inject({ url: api('/retention/passes?per_page=10'), headers: admin })).json();
    expect(passes.total).toBe(4);
    expect(passes.items[0]).toMatchObject({ state: 'done', started_by: 'job' });
    const audited = await t.app.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('entity', '=', 'retention_pass')
      .execute();
    expect(audited.map((a) => a.entity_id).sort()).toEqual(
      passes.items.map((p: { pass_uuid: string }) => p.pass_uuid).sort(),
    );
    const settingsAudit = await t.app.db
      .selectFrom('audit_log')
      .select('actor_email')
      .where('entity', '=', 'retention_settings')
      .execute();
    expect(settingsAudit.map((a) => a.actor_email)).toEqual(['admin@example.com']);
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    const removedTotal = passes.items.reduce((s: number, p: { removed: number }) => s + p.removed, 0);
    expect(metrics).toContain(`smsc_retention_removed_total ${removedTotal}`);
    expect(metrics).toContain('smsc_retention_passes_total{state="done"} 4');
    expect(metrics).toMatch(/smsc_retention_last_pass_seconds \d/);
  });

  it('closes a pass whose server stopped mid-way as failed, and leaves one still beating alone', async () => {
    const insert = async (minutesAgo: number) =>
      (
        await sql<{ pass_uuid: string }>`insert into retention_passes (started_by, started_on, beat_on, removed)
          values ('job', now() - make_interval(mins => ${minutesAgo + 1}), now() - make_interval(mins => ${minutesAgo}), 7)
          returning pass_uuid`.execute(t.app.db)
      ).rows[0].pass_uuid;
    const stopped = await insert(60);
    const alive = await insert(0);
    const res = await t.app.inject({ url: api('/retention/passes?per_page=50'), headers: admin });
    expect(res.statusCode).toBe(200);
    const byId = new Map(
      (
        res.json().items as {
          pass_uuid: string;
          state: string;
          error: string | null;
          finished_on: string | null;
          removed: number;
        }[]
      ).map((p) => [p.pass_uuid, p]),
    );
    expect(byId.get(stopped)).toMatchObject({ state: 'failed', removed: 7, error: expect.stringMatching(/stopped/) });
    expect(byId.get(stopped)?.finished_on).not.toBeNull();
    expect(byId.get(alive)).toMatchObject({ state: 'running', error: null, finished_on: null });
    await sql`delete from retention_passes where pass_uuid = ${alive}`.execute(t.app.db);
  });

  it('runs a pass from the console and answers it', async () => {
    const res = await t.app.inject({ method: 'POST', url: api('/retention/run'), headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'done', started_by: 'admin', error: null });
  });
});
