import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { dispatchOutbox, outboxOf } from '../mail/outbox-dispatcher';
import { post } from './ledger';
import { parseMoney } from '../lib/money';
import { dayText } from './invoice-core';

/** Mail written with a posting or an invoice reaches SMTP after commit (outbox dispatcher), with retries. */
describe('billing mail through SMTP (outbox dispatcher)', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const mails: { to: string; raw: string }[] = [];
  let refuseNext = 0;
  const h = {} as Record<'admin' | 'reseller', Record<string, string>>;
  let acme: string;
  let globex: string;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: api(url), headers, payload });
  const charge = (company_uuid: string, amount: string, when?: Date) =>
    t.app.db.transaction().execute(async (trx) => {
      const e = await post(trx, {
        account: { company_uuid },
        amount: -parseMoney(amount),
        kind: 'sms_charge',
        cause_type: 'sms',
        cause_id: `c-${Math.random()}`,
        memo: 'SMS to Canada',
      });
      if (when)
        await trx
          .updateTable('ledger_entries')
          .set({ created_on: when } as never)
          .where('entry_id', '=', e.entry_id)
          .execute();
    });
  const to = (addr: string, subject: RegExp) => mails.filter((m) => m.to === addr && subject.test(m.raw));
  async function until(what: () => boolean, ms = 20_000) {
    for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
      if (what()) return;
    throw new Error('timed out waiting for mail');
  }

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
        stream.on('end', () => {
          if (refuseNext > 0) {
            refuseNext--;
            done(Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 }));
            return;
          }
          mails.push({ to: session.envelope.rcptTo[0].address, raw });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    process.env.OUTBOX_POLL_MS = '200';
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, publicUrl: 'https://console.test' });
    delete process.env.OUTBOX_POLL_MS;
    const company = (name: string) =>
      t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', name)
        .executeTakeFirstOrThrow();
    acme = (await company('Acme')).company_uuid;
    globex = (await company('Globex')).company_uuid;
    h.admin = bearer(await login(t.app, 'admin@example.com'));
    h.reseller = bearer(await login(t.app, 'reseller@example.com'));
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the low-balance alert over SMTP after commit, once per crossing; a rolled-back posting mails nothing', async () => {
    expect((await call('PATCH', `/company/${globex}`, h.admin, { low_balance_threshold: '-3' })).statusCode).toBe(200);
    const alerts = () => to('globex-admin@example.com', /Subject: Low balance for Globex/);
    // crossing inside a transaction that then fails: no row survives, so no mail
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await post(trx, {
          account: { company_uuid: globex },
          amount: -parseMoney('5'),
          kind: 'sms_charge',
          cause_type: 'sms',
          cause_id: 'rolled-back',
        });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await charge(globex, '2');
    await charge(globex, '2');
    await until(() => alerts().length === 1);
    await charge(globex, '1');
    await outboxOf(t.app).idle();
    await dispatchOutbox(t.app);
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0].raw).toMatch(/balance of Globex is USD -4\.00, below its alert threshold of USD -3\.00/);
    const row = await t.app.db
      .selectFrom('outbox')
      .select(['status', 'attempts', 'sent_on'])
      .where('recipient', '=', 'globex-admin@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row.sent_on).toBeInstanceOf(Date);
    // back above and below again: a second mail
    await call('POST', '/payment', h.admin, { method: 'manual', amount: '10', company_uuid: globex });
    await charge(globex, '20');
    await until(() => alerts().length === 2);
  }, 60_000);

  it('retries a mail the server refused and marks it sent once delivered', async () => {
    refuseNext = 1;
    await t.app.db
      .insertInto('outbox')
      .values({ recipient: 'retry@example.com', subject: 'Retry me', body: 'x', status: 'pending' })
      .execute();
    await until(() => to('retry@example.com', /Subject: Retry me/).length === 1);
    // the dispatcher marks the row once the server has answered, a moment after the mail reached it (long on a busy machine)
    const read = () =>
      t.app.db
        .selectFrom('outbox')
        .select(['status', 'attempts', 'last_error'])
        .where('recipient', '=', 'retry@example.com')
        .executeTakeFirstOrThrow();
    let row = await read();
    for (let i = 0; i < 100 && row.status !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      row = await read();
    }
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(to('retry@example.com', /Subject: Retry me/)).toHaveLength(1);
  }, 60_000);

  it("mails a new invoice to the company's admins in its reseller's words, with the PDF attached", async () => {
    const saved = await call('PUT', '/mail_template/invoice', h.reseller, {
      subject: '{{reseller_name}} bill {{invoice_number}}',
      body: 'Pay {{total}} by {{due_date}}: {{link}}',
    });
    expect(saved.statusCode).toBe(200);
    const lastWeek = new Date(Date.now() - 7 * 86_400_000);
    await charge(acme, '3.25', lastWeek);
    const res = await call('POST', '/invoice', h.reseller, {
      company_uuid: acme,
      period_start: dayText(lastWeek),
      period_end: dayText(lastWeek),
    });
    expect(res.statusCode).toBe(201);
    const inv = res.json().invoice as { number: string; due_on: string };
    const bills = () => to('acme-admin@example.com', new RegExp(`Subject: Demo Reseller bill ${inv.number}`));
    await until(() => bills().length === 1);
    const raw = bills()[0].raw.replace(/=\r?\n/g, '');
    expect(raw).toContain(`Pay USD 3.25 by ${inv.due_on}: https://console.test/company-admin/billing/invoices`);
    expect(raw).toMatch(new RegExp(`Content-Type: application/pdf; name=invoice-${inv.number}\\.pdf`));
    const pdf = /Content-Transfer-Encoding: base64[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
      raw.slice(raw.indexOf('application/pdf')),
    );
    expect(Buffer.from(pdf![1].replace(/\s/g, ''), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // a direct company hears the system's wording
    await charge(globex, '1', lastWeek);
    const direct = await call('POST', '/invoice', h.admin, {
      company_uuid: globex,
      period_start: dayText(lastWeek),
      period_end: dayText(lastWeek),
    });
    expect(direct.statusCode).toBe(201);
    const n = direct.json().invoice.number as string;
    await until(
      () => to('globex-admin@example.com', new RegExp(`Subject: Invoice ${n} from SMSC Console`)).length === 1,
    );
  }, 90_000);
});
