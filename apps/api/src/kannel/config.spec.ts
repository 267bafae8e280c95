import type { GatewayConnection } from '../catalog/smsc/gateway-control';
import { diffConfig, parseRendered, quote, renderKannelConfig, type KannelLayout } from './config';

const layout: KannelLayout = {
  adminPort: 14000,
  adminPassword: 'adm-pw',
  statusPassword: 'st-pw',
  smsboxPort: 14001,
  sendsmsPort: 14013,
  sendsmsUser: 'console',
  sendsmsPassword: 'send-pw',
  callbackBase: 'http://127.0.0.1:3000/api_smsc/v1',
  gatewaySecret: 's3cret',
  dataDir: '/var/tmp/k/',
  maxMessages: 6,
  window: 500,
};
const conn = (over: Partial<GatewayConnection>): GatewayConnection => ({
  smsc_connection_uuid: 'u',
  smsc_id: 'x',
  vendor_uuid: null,
  api_adapter_id: 'smpp',
  host: '10.1.2.3',
  port: 2775,
  system_id: 'acct',
  password: 'pw',
  system_type: null,
  url: null,
  throughput: null,
  ...over,
});
const groups = (text: string) => text.split(/\n\s*\n/).filter((b) => b.startsWith('group'));
const keys = (block: string) =>
  Object.fromEntries(
    block
      .split('\n')
      .map((l) => /^([a-z-]+) = (.*)$/.exec(l))
      .filter(Boolean)
      .map((m) => [m![1], m![2]]),
  );

describe('kannel.conf from the SMSC connections', () => {
  it('renders core, one smsc group per connection, smsbox, the sendsms user and the catch-all MO service', () => {
    const r = renderKannelConfig(
      [
        conn({ smsc_id: 'zeta-smpp', password: 'p"w\\1', throughput: 40, system_type: 'VMA' }),
        conn({ smsc_id: 'alpha-fake', api_adapter_id: 'simulator', port: 14100, host: null }),
        conn({ smsc_id: 'web', api_adapter_id: 'http', url: 'https://x.example/send' }),
      ],
      layout,
    );
    const g = groups(r.text).map(keys);
    expect(g.map((k) => k.group)).toEqual(['core', 'smsc', 'smsc', 'smsc', 'smsbox', 'sendsms-user', 'sms-service']);
    const [core, idle, fake, smpp, smsbox, user, service] = g;
    // bearerbox quits with no link at all: an idle loopback keeps it up with no connection configured
    expect(idle).toMatchObject({ smsc: '"loopback"', 'smsc-id': '"_idle"', 'allowed-smsc-id': '"_idle"' });
    expect(core).toMatchObject({
      'admin-port': '14000',
      'admin-interface': '"127.0.0.1"',
      'admin-password': '"adm-pw"',
      'status-password': '"st-pw"',
      'smsbox-port': '14001',
      'store-type': '"file"',
      'store-location': '"/var/tmp/k/kannel.store"',
      'dlr-storage': '"spool"',
      'dlr-spool': '"/var/tmp/k/dlr-spool"',
    });
    // sorted by smsc-id; each link takes only messages routed to it
    expect(fake).toMatchObject({
      smsc: '"fake"',
      'smsc-id': '"alpha-fake"',
      'allowed-smsc-id': '"alpha-fake"',
      port: '14100',
    });
    expect(smpp).toMatchObject({
      smsc: '"smpp"',
      'smsc-id': '"zeta-smpp"',
      host: '"10.1.2.3"',
      port: '2775',
      'transceiver-mode': 'true',
      'smsc-username': '"acct"',
      'smsc-password': '"p\\"w\\\\1"',
      'system-type': '"VMA"',
      'max-pending-submits': '500',
      throughput: '40',
    });
    expect(smsbox).toMatchObject({
      'bearerbox-port': '14001',
      'sendsms-port': '14013',
      'sendsms-interface': '"127.0.0.1"',
      'mo-recode': 'true',
    });
    expect(smsbox['global-sender']).toBeUndefined();
    expect(user).toMatchObject({
      username: '"console"',
      password: '"send-pw"',
      'max-messages': '6',
      concatenation: 'true',
    });
    expect(service).toMatchObject({ keyword: '"default"', 'catch-all': 'true', 'max-messages': '0' });
    expect(service['get-url']).toBe(
      '"http://127.0.0.1:3000/api_smsc/v1/gateway/mo?secret=s3cret&from=%p&to=%P&text=%a&smsc=%i&id=%I&time=%T"',
    );
    expect(r.skipped).toEqual([{ smsc_id: 'web', reason: 'Kannel does not carry the http adapter' }]);
    expect([...r.links.keys()]).toEqual(['alpha-fake', 'zeta-smpp']);
  });

  it('leaves out what a connection lacks and refuses a value that would break the file', () => {
    const r = renderKannelConfig(
      [
        conn({ smsc_id: 'nohost', host: null }),
        conn({ smsc_id: 'fake-noport', api_adapter_id: 'simulator', port: null }),
      ],
      layout,
    );
    expect(r.links.size).toBe(0);
    expect(r.skipped.map((s) => s.smsc_id)).toEqual(['fake-noport', 'nohost']);
    // an unset throughput is no throughput line (Kannel's default: unlimited)
    expect(renderKannelConfig([conn({ smsc_id: 'a' })], layout).links.get('a')).not.toContain('throughput');
    expect(() => quote('a\nb')).toThrow('line break');
    expect(() => renderKannelConfig([conn({ password: 'x\ngroup = core' })], layout)).toThrow('line break');
  });

  it('tells a link change from a change that needs the boxes restarted, reading back its own file', () => {
    const a = renderKannelConfig([conn({ smsc_id: 'a' }), conn({ smsc_id: 'b' })], layout);
    const back = parseRendered(a.text);
    expect(back.base).toBe(a.base);
    expect([...back.links.entries()]).toEqual([...a.links.entries()]);
    expect(diffConfig(back, a)).toEqual({ kind: 'none' });
    const b = renderKannelConfig([conn({ smsc_id: 'a', password: 'new' }), conn({ smsc_id: 'c' })], layout);
    expect(diffConfig(a, b)).toEqual({ kind: 'links', added: ['c'], removed: ['b'], changed: ['a'] });
    expect(
      diffConfig(a, renderKannelConfig([conn({ smsc_id: 'a' })], { ...layout, sendsmsPassword: 'other' })),
    ).toMatchObject({ kind: 'restart' });
    expect(diffConfig(null, a)).toMatchObject({ kind: 'restart' });
  });

  it("takes the window and the bind mode from each connection, the installation's window when a connection names none", () => {
    const r = renderKannelConfig(
      [
        conn({ smsc_id: 'wide', window_size: 800 }),
        conn({ smsc_id: 'default' }),
        conn({ smsc_id: 'unset', window_size: null, transceiver_mode: true }),
        conn({ smsc_id: 'split', window_size: 20, transceiver_mode: false, port: 2776 }),
      ],
      layout,
    );
    const link = (id: string) => keys(r.links.get(id) as string);
    expect(link('wide')).toMatchObject({ 'max-pending-submits': '800', 'transceiver-mode': 'true' });
    expect(link('wide')['receive-port']).toBeUndefined();
    expect(link('default')['max-pending-submits']).toBe(String(layout.window));
    expect(link('unset')['max-pending-submits']).toBe(String(layout.window));
    // a transmitter plus a receiver: the receiver binds to the same port, or no receipt would come back
    expect(link('split')).toMatchObject({
      'max-pending-submits': '20',
      'transceiver-mode': 'false',
      port: '2776',
      'receive-port': '2776',
    });
    // the simulator's fake link has no SMPP settings
    const fake = keys(
      renderKannelConfig(
        [conn({ smsc_id: 'f', api_adapter_id: 'simulator', window_size: 50, transceiver_mode: false })],
        layout,
      ).links.get('f') as string,
    );
    expect(fake['max-pending-submits']).toBeUndefined();
    expect(fake['transceiver-mode']).toBeUndefined();
  });

  it('re-binds only the link whose window or bind mode changed', () => {
    const a = renderKannelConfig([conn({ smsc_id: 'a' }), conn({ smsc_id: 'b' })], layout);
    expect(
      diffConfig(a, renderKannelConfig([conn({ smsc_id: 'a', window_size: 100 }), conn({ smsc_id: 'b' })], layout)),
    ).toEqual({ kind: 'links', added: [], removed: [], changed: ['a'] });
    expect(
      diffConfig(
        a,
        renderKannelConfig([conn({ smsc_id: 'a' }), conn({ smsc_id: 'b', transceiver_mode: false })], layout),
      ),
    ).toEqual({ kind: 'links', added: [], removed: [], changed: ['b'] });
  });
});
