import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { api, createTestApp, login, type TestApp } from '../testing/test-app';

describe('registration when the mail server is down', () => {
  it('answers 503 and undoes the sign-up so it can be retried', async () => {
    const t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9?ignoreTLS=true&connectionTimeout=2000' });
    try {
      const payload = {
        email: 'down@example.com',
        password: 'mail-pass-123',
        full_name: 'Down',
        company_name: 'Downco',
      };
      const res = await t.app.inject({ method: 'POST', url: api('/registration'), payload });
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toMatch(/could not be sent/);
      expect(await t.app.users.findByEmail(payload.email)).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('registration mail over SMTP', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const mails: { to: string; raw: string }[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo[0].address, raw });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, publicUrl: 'https://console.test' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('mails a confirmation link that activates the account, and keeps nothing in the outbox', async () => {
    const email = 'smtp-owner@example.com';
    const res = await t.app.inject({
      method: 'POST',
      url: api('/registration'),
      payload: { email, password: 'mail-pass-123', full_name: 'Mail Owner', company_name: 'Mailco' },
    });
    expect(res.statusCode).toBe(201);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(email);
    const body = mails[0].raw.replace(/=\r?\n/g, '');
    const m = /https:\/\/console\.test\/api_smsc\/v1\/registration\/confirm\/([A-Za-z0-9_-]{43})/.exec(body);
    expect(m).not.toBeNull();
    const token = m![1];
    // Only the hash is stored.
    const stored = await t.app.db.selectFrom('action_tokens').select('token_hash').executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect((await t.app.inject({ method: 'POST', url: api(`/registration/confirm/${token}`) })).statusCode).toBe(200);
    await expect(login(t.app, email, 'mail-pass-123')).resolves.toEqual(expect.any(String));
    expect(await t.app.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });
});
