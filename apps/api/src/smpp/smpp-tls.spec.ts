// The listener over TLS (SMPPS_PORT with SMPP_TLS_CERT / SMPP_TLS_KEY): a certificate made for this run with
// openssl, a client that trusts only that certificate, a bind and a submit whose receipt comes back on the
// encrypted bind.
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { loadEnv } from '../config';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { smppOf } from '.';
import { connect, type Client } from './test-client';

/** A self-signed certificate for 127.0.0.1 (its own CA), valid one day. */
function selfSigned(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=smpp-test',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

describe('SMPP listener over TLS', () => {
  let t: TestApp;
  let dir: string;
  let pem: { cert: string; key: string };
  let systemId = '';
  const clients: Client[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'smpp-tls-'));
    pem = selfSigned(dir);
    t = await createTestApp({
      env: { ...loadEnv(), SMPP_TLS_CERT: pem.cert, SMPP_TLS_KEY: pem.key },
      smpp: { port: 0, tlsPort: 0 },
      // the demo company's balance pays for the message
      demoTraffic: true,
      messaging: { simLatencyMs: 20, simFailureRate: 0, simAutoDeliver: true },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: api('/smpp_account'),
      headers: bearer(await login(t.app, 'acme-admin@example.com')),
      payload: { system_id: 'acme-tls', password: 'secret1', max_binds: 2, tps: 100 },
    });
    expect(res.statusCode).toBe(201);
    systemId = res.json().smpp_account.system_id;
  }, 300_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens SMPPS_PORT beside the plain port', () => {
    const l = smppOf(t.app);
    expect(l.tlsPort).toBeGreaterThan(0);
    expect(l.port).toBeGreaterThan(0);
    expect(l.tlsPort).not.toBe(l.port);
  });

  it('binds over TLS with the configured certificate, submits and gets the receipt on the encrypted bind', async () => {
    const ca = readFileSync(pem.cert);
    const c = await connect(smppOf(t.app).tlsPort as number, '127.0.0.1', { ca });
    clients.push(c);
    const socket = c.session.socket as TLSSocket;
    expect(socket.encrypted).toBe(true);
    expect(socket.authorized).toBe(true);
    expect(socket.getPeerCertificate().fingerprint256).toBe(new X509Certificate(ca).fingerprint256);
    expect(await c.bind('bind_transceiver', systemId, 'secret1')).toBe(0);
    const resp = await c.submit({
      source_addr_ton: 1,
      source_addr: '12125552301',
      dest_addr_ton: 1,
      destination_addr: '14155550111',
      short_message: 'Hello over TLS',
      registered_delivery: 1,
    });
    expect(resp.command_status).toBe(0);
    const [receipt] = await c.waitDelivered(1);
    expect(receipt.receipted_message_id).toBe(String(resp.message_id));
    expect(receipt.message_state).toBe(2);
  });

  it('a client that does not trust the certificate (the system roots only) gets no session', async () => {
    await expect(connect(smppOf(t.app).tlsPort as number, '127.0.0.1', {})).rejects.toThrow(/self[- ]signed/);
  });
});
