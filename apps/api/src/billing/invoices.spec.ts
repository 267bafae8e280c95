import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { resellerWithLogin } from '../testing/fixtures';
import { post } from './ledger';
import { parseMoney } from '../lib/money';
import { dayText } from './invoice-core';

describe('invoices', () => {
  let t: TestApp;
  const h = {} as Record<'admin' | 'reseller' | 'other' | 'acme' | 'globex' | 'user', Record<string, string>>;
  let acme: string;
  let globex: string;
  let demoReseller: string;
  let otherCompany: string;
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const today = dayText(new Date());
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
  const charge = (company_uuid: string, amount: string, when: Date, memo?: string) =>
    t.app.db.transaction().execute(async (trx) => {
      const e = await post(trx, {
        account: { company_uuid },
        amount: -parseMoney(amount),
        kind: 'sms_charge',
        cause_type: 'sms',
        cause_id: `sms-${Math.random()}`,
        memo,
      });
      // the ledger stamps now(); usage of earlier days is back-dated here
      await trx
        .updateTable('ledger_entries')
        .set({ created_on: when } as never)
        .where('entry_id', '=', e.entry_id)
        .execute();
    });

  beforeAll(async () => {
    t = await createTestApp();
    const company = (name: string) =>
      t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', name)
        .executeTakeFirstOrThrow();
    acme = (await company('Acme')).company_uuid;
    globex = (await company('Globex')).company_uuid;
    demoReseller = (
      await t.app.db
        .selectFrom('resellers')
        .select('reseller_uuid')
        .where('reseller_name', '=', 'Demo Reseller')
        .executeTakeFirstOrThrow()
    ).reseller_uuid;
    const rival = await resellerWithLogin(t.app, {
      name: 'Invoice Rival',
      email: 'inv-rival@example.com',
      company: 'Rival Client',
    });
    otherCompany = rival.company_uuid as string;
    h.admin = bearer(await login(t.app, 'admin@example.com'));
    h.reseller = bearer(await login(t.app, 'reseller@example.com'));
    h.other = rival.headers;
    h.acme = bearer(await login(t.app, 'acme-admin@example.com'));
    h.globex = bearer(await login(t.app, 'globex-admin@example.com'));
    h.user = bearer(await login(t.app, 'acme-user@example.com'));
    await charge(globex, '0.0035', daysAgo(10), 'SMS to United States');
    await charge(globex, '0.0035', daysAgo(10), 'SMS to United States');
    await charge(globex, '12.5', daysAgo(9), 'SMS to Canada');
    await charge(globex, '99', daysAgo(1));
    await charge(acme, '3', daysAgo(5));
    await charge(otherCompany, '4', daysAgo(5));
  }, 180_000);
  afterAll(async () => t.close());

  const period = (from: number, to: number) => ({
    period_start: dayText(daysAgo(from)),
    period_end: dayText(daysAgo(to)),
  });

  it('the system admin invoices a direct company: lines per cause (exact), the total to the cent half-up, due from its payment term', async () => {
    const res = await call('POST', '/invoice', h.admin, { company_uuid: globex, ...period(12, 2) });
    expect(res.statusCode).toBe(201);
    const inv = res.json().invoice;
    expect(inv).toMatchObject({
      company_uuid: globex,
      company_name: 'Globex',
      issuer_name: 'system',
      number: 'INV-000001',
      // 12.50 + 0.007 = 12.507 owed as 12.51: the one rounding rule of the list and the PDF
      total: '12.51',
      line_count: 2,
      paid: false,
      status: 'issued',
      currency: 'USD',
    });
    expect(inv.lines).toEqual([
      { kind: 'sms_charge', description: 'SMS to Canada', quantity: 1, amount: '12.50' },
      { kind: 'sms_charge', description: 'SMS to United States', quantity: 2, amount: '0.007' },
    ]);
    // Globex's seeded term is Net 10
    expect(inv.due_on).toBe(dayText(new Date(Date.now() + 10 * 86_400_000)));
    const again = await call('GET', `/invoice/${inv.invoice_uuid}`, h.globex);
    expect(again.json()).toMatchObject({ number: 'INV-000001', total: '12.51', lines: inv.lines });
  });

  it('refuses overlapping, empty and malformed periods and unbillable targets, and burns no number', async () => {
    const count = async () =>
      Number((await sql<{ n: number }>`select count(*)::int as n from invoices`.execute(t.app.db)).rows[0].n);
    const before = await count();
    const cases: [Record<string, string>, object, number, string?][] = [
      [h.admin, { company_uuid: globex, ...period(3, 1) }, 400, 'INV-000001 already covers'],
      [h.admin, { company_uuid: globex, ...period(200, 100) }, 400, 'Nothing to invoice'],
      [
        h.admin,
        { company_uuid: globex, period_start: today, period_end: dayText(new Date(Date.now() + 86_400_000)) },
        400,
        'after today',
      ],
      [h.admin, { company_uuid: globex, period_start: '2026-02-30', period_end: today }, 400, 'YYYY-MM-DD'],
      [h.admin, { company_uuid: acme, ...period(6, 1) }, 400, 'billed by its reseller'],
      [h.admin, { company_uuid: '00000000-0000-4000-8000-000000000000', ...period(6, 1) }, 404],
      [h.admin, period(6, 1), 400, 'Choose a company or a reseller'],
      [h.reseller, { company_uuid: globex, ...period(6, 1) }, 404],
      [h.reseller, { company_uuid: otherCompany, ...period(6, 1) }, 404],
      [h.reseller, { reseller_uuid: demoReseller, ...period(6, 1) }, 403],
      [h.acme, { company_uuid: globex, ...period(6, 1) }, 403],
      // a company admin does not issue invoices, not even its own company's (its biller does)
      [
        h.acme,
        { company_uuid: acme, ...period(6, 1) },
        403,
        'A company admin cannot create invoices; its reseller or the platform issues them',
      ],
      [h.acme, period(6, 1), 403, 'A company admin cannot create invoices; its reseller or the platform issues them'],
      [h.user, { company_uuid: acme, ...period(6, 1) }, 403],
      [h.admin, { company_uuid: globex, ...period(6, 1), total: '1.00' }, 400],
    ];
    for (const [who, body, status, message] of cases) {
      const res = await call('POST', '/invoice', who, body);
      expect([body, res.statusCode]).toEqual([body, status]);
      if (message) expect(res.body).toContain(message);
    }
    expect(await count()).toBe(before);
    // the next system invoice takes the next number: the refusals above left no gap
    const next = await call('POST', '/invoice', h.admin, { company_uuid: globex, ...period(1, 1) });
    expect(next.json().invoice).toMatchObject({ number: 'INV-000002', total: '99.00' });
  });

  it('numbers per issuer without gaps, also under concurrent creation', async () => {
    // the reseller's own sequence starts at 1 although the system has issued two
    const mine = await call('POST', '/invoice', h.reseller, { company_uuid: acme, ...period(6, 4) });
    expect(mine.json().invoice).toMatchObject({ number: 'INV-000001', issuer_name: 'Demo Reseller', total: '3.00' });
    const rival = await call('POST', '/invoice', h.other, { company_uuid: otherCompany, ...period(6, 4) });
    expect(rival.json().invoice).toMatchObject({ number: 'INV-000001', issuer_name: 'Invoice Rival' });
    const fresh = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.db
          .insertInto('companies')
          .values({ company_name: `Burst ${i}` })
          .returning('company_uuid')
          .executeTakeFirstOrThrow(),
      ),
    );
    for (const c of fresh) await charge(c.company_uuid, '1', daysAgo(3));
    const answers = await Promise.all(
      fresh.map((c) => call('POST', '/invoice', h.admin, { company_uuid: c.company_uuid, ...period(3, 3) })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    const numbers = answers.map((a) => a.json().invoice.number).sort();
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => `INV-${String(i + 3).padStart(6, '0')}`));
  });

  it('keeps tenants apart: lists, details and PDFs of others answer 404 or nothing', async () => {
    const names = async (who: Record<string, string>) =>
      (await call('GET', '/invoice/list?per_page=100', who))
        .json()
        .items.map((i: { company_name: string }) => i.company_name)
        .sort();
    expect(await names(h.reseller)).toEqual(['Acme']);
    expect(await names(h.other)).toEqual(['Rival Client']);
    expect(await names(h.acme)).toEqual(['Acme']);
    expect(await names(h.globex)).toEqual(['Globex', 'Globex']);
    expect((await call('GET', '/invoice/list?per_page=100', h.admin)).json().total).toBe(12);
    expect((await call('GET', '/invoice/list', h.user)).statusCode).toBe(403);
    const globexInvoice = (await call('GET', '/invoice/list?per_page=1', h.globex)).json().items[0].invoice_uuid;
    for (const who of [h.reseller, h.other, h.acme]) {
      expect((await call('GET', `/invoice/${globexInvoice}`, who)).statusCode).toBe(404);
      expect((await call('GET', `/invoice/${globexInvoice}/pdf`, who)).statusCode).toBe(404);
    }
    expect((await call('GET', `/invoice/list?company_uuid=${globex}`, h.acme)).json().total).toBe(0);
  });

  it('filters by paid, status and company name; a payment that covers an invoice marks it paid', async () => {
    const list = (who: Record<string, string>, q: string) =>
      call('GET', `/invoice/list?${q}`, who).then((r) => r.json());
    expect((await list(h.admin, 'company_name=*glob*&per_page=100')).total).toBe(2);
    expect((await list(h.globex, 'paid=true')).total).toBe(0);
    // 12.51 + 99 owed: 100 covers the older invoice only
    await call('POST', '/payment', h.admin, { method: 'manual', amount: '100', company_uuid: globex });
    const paid = await list(h.globex, 'paid=true');
    expect(paid.items.map((i: { number: string; status: string }) => [i.number, i.status])).toEqual([
      ['INV-000001', 'paid'],
    ]);
    expect((await list(h.globex, 'status=issued')).items.map((i: { number: string }) => i.number)).toEqual([
      'INV-000002',
    ]);
    await sql`update invoices set due_on = current_date - 1 where number = 'INV-000002' and company_uuid = ${globex}`.execute(
      t.app.db,
    );
    expect((await list(h.globex, 'status=overdue')).items.map((i: { status: string }) => i.status)).toEqual([
      'overdue',
    ]);
    await call('POST', '/payment', h.admin, { method: 'manual', amount: '11.51', company_uuid: globex });
    expect((await list(h.globex, 'paid=false')).total).toBe(0);
  });

  it('answers the PDF as application/pdf, and a 1,000-line invoice too', async () => {
    const id = (await call('GET', '/invoice/list?per_page=1', h.acme)).json().items[0].invoice_uuid;
    const res = await call('GET', `/invoice/${id}/pdf`, h.acme);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="invoice-INV-000001\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const big = (
      await t.app.db
        .insertInto('companies')
        .values({ company_name: 'Thousand Lines' })
        .returning('company_uuid')
        .executeTakeFirstOrThrow()
    ).company_uuid;
    await t.app.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 1000; i++)
        await post(trx, {
          account: { company_uuid: big },
          amount: -parseMoney('0.01'),
          kind: 'sms_charge',
          cause_type: 'sms',
          cause_id: `b${i}`,
          memo: `SMS to destination ${i}`,
        });
    });
    const created = (
      await call('POST', '/invoice', h.admin, { company_uuid: big, period_start: today, period_end: today })
    ).json().invoice;
    expect(created).toMatchObject({ line_count: 1000, total: '10.00' });
    const started = Date.now();
    const pdf = await call('GET', `/invoice/${created.invoice_uuid}/pdf`, h.admin);
    const ms = Date.now() - started;
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // recorded for the report, not asserted as a time (shared 2-core machine)
    console.log(`PDF of a 1,000-line invoice: ${ms} ms, ${pdf.rawPayload.length} bytes`);
  }, 120_000);
});
