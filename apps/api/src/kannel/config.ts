import type { GatewayConnection } from '../catalog';
import { moUrlTemplate } from '../lib/sms-gateway';

/** Where the boxes listen and what they share with the API; one value set per installation. */
export interface KannelLayout {
  adminPort: number;
  adminPassword: string;
  statusPassword: string;
  smsboxPort: number;
  sendsmsPort: number;
  sendsmsUser: string;
  sendsmsPassword: string;
  /** the API prefix as Kannel reaches it, e.g. http://127.0.0.1:3000/api_smsc/v1 */
  callbackBase: string;
  gatewaySecret: string;
  /** directory for the message store, the DLR spool and the logs */
  dataDir: string;
  /** parts a sendsms call may carry (sendsms-user max-messages); the adapter refuses longer texts */
  maxMessages: number;
  /** SMPP window (max-pending-submits) when a connection names none (its window_size): 10 caps a link near 600 msg/s */
  window: number;
  /** both boxes' log-level (0 debug … 4 panic); 1 (info) writes a line per receipt to smsbox.log */
  logLevel?: number;
  /** the boxes' access logs: a line per message and per receipt, what the message log already holds */
  accessLog?: boolean;
}

export interface RenderedConfig {
  text: string;
  /** smsc-id → that group's text, to apply a change link by link */
  links: Map<string, string>;
  /** everything but the smsc groups (a change there needs a restart of the boxes) */
  base: string;
  /** connections Kannel cannot carry, with why */
  skipped: { smsc_id: string; reason: string }[];
}

/**
 * bearerbox exits when it has no smsc group at all, so an idle loopback link is always there (nothing
 * is routed to it: it allows only its own id, which no connection can take: ids start alphanumeric).
 */
export const IDLE_LINK = '_idle';
const IDLE_GROUP = `group = smsc\nsmsc = "loopback"\nsmsc-id = "${IDLE_LINK}"\nallowed-smsc-id = "${IDLE_LINK}"`;

/** A kannel.conf value: quoted, with the two characters that end a quoted string escaped. */
export function quote(value: string | number | boolean): string {
  if (typeof value !== 'string') return String(value);
  if (/[\r\n\0]/.test(value)) throw new Error('a kannel.conf value cannot hold a line break');
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

const group = (name: string, entries: [string, string | number | boolean | null | undefined][]) =>
  [
    `group = ${name}`,
    ...entries
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => `${k} = ${quote(v as string | number | boolean)}`),
  ].join('\n');

/**
 * One `smsc` group for a connection, or the reason it has none. SMPP binds as a transceiver (receipts
 * and MO on the same bind) unless the connection turns it off: then a transmitter and a receiver bind to
 * the same port (receive-port; without it Kannel opens no receiver and no receipt comes back). The
 * window is the connection's own or the installation's. The console's "simulator" adapter becomes Kannel's fake driver (bearerbox
 * listens on the port, a fakesmsc connects). `allowed-smsc-id` makes the link take only messages routed
 * to it by `smsc=`, so a route's vendor picks the link.
 */
export function smscGroup(
  c: GatewayConnection,
  layout: Pick<KannelLayout, 'window'>,
): { text: string } | { reason: string } {
  const common: [string, string | number | null][] = [
    ['smsc-id', c.smsc_id],
    ['allowed-smsc-id', c.smsc_id],
    ['throughput', c.throughput && c.throughput > 0 ? c.throughput : null],
  ];
  if (c.api_adapter_id === 'smpp') {
    if (!c.host || !c.port || !c.system_id) return { reason: 'SMPP needs a host, a port and a system id' };
    const transceiver = c.transceiver_mode !== false;
    return {
      text: group('smsc', [
        ['smsc', 'smpp'],
        ...common,
        ['host', c.host],
        ['port', c.port],
        ['transceiver-mode', transceiver],
        ['receive-port', transceiver ? null : c.port],
        ['smsc-username', c.system_id],
        ['smsc-password', c.password ?? ''],
        ['system-type', c.system_type ?? ''],
        ['max-pending-submits', c.window_size && c.window_size > 0 ? c.window_size : layout.window],
        ['reconnect-delay', 2],
        ['enquire-link-interval', 30],
        ['wait-ack-expire', 0x02],
      ]),
    };
  }
  if (c.api_adapter_id === 'simulator') {
    if (!c.port) return { reason: 'the fake link needs a port for the fakesmsc to connect to' };
    return { text: group('smsc', [['smsc', 'fake'], ...common, ['port', c.port], ['connect-allow-ip', '127.0.0.1']]) };
  }
  return { reason: `Kannel does not carry the ${c.api_adapter_id} adapter` };
}

/**
 * kannel.conf for the active SMSC connections: core (admin on 127.0.0.1, file store, spool DLR store
 * so receipts survive a restart, dumped every second; warnings only and no access logs unless asked), one smsc group per connection, smsbox, the sendsms user the API
 * sends with, and a catch-all sms-service that hands every MO to the API (max-messages = 0: the
 * answer is not texted back). Pure: the same input gives the same text.
 */
export function renderKannelConfig(connections: GatewayConnection[], l: KannelLayout): RenderedConfig {
  const sorted = [...connections].sort((a, b) => a.smsc_id.localeCompare(b.smsc_id));
  const links = new Map<string, string>();
  const skipped: RenderedConfig['skipped'] = [];
  for (const c of sorted) {
    const g = smscGroup(c, l);
    if ('text' in g) links.set(c.smsc_id, g.text);
    else skipped.push({ smsc_id: c.smsc_id, reason: g.reason });
  }
  const dir = l.dataDir.replace(/\/+$/, '');
  const core = group('core', [
    ['admin-port', l.adminPort],
    ['admin-interface', '127.0.0.1'],
    ['admin-password', l.adminPassword],
    ['status-password', l.statusPassword],
    ['smsbox-port', l.smsboxPort],
    ['smsbox-interface', '127.0.0.1'],
    ['box-allow-ip', '127.0.0.1'],
    ['box-deny-ip', '*.*.*.*'],
    ['log-file', `${dir}/bearerbox.log`],
    ['log-level', l.logLevel ?? 2],
    ['access-log', l.accessLog ? `${dir}/access.log` : null],
    ['store-type', 'file'],
    ['store-location', `${dir}/kannel.store`],
    // every second: what the store took in since its last dump is lost to a crash (bench:kannel --faults with
    // Kannel's default of 10 s: 35 of 600 messages sent twice and 5 never receipted; with 1 s, none)
    ['store-dump-freq', 1],
    ['dlr-storage', 'spool'],
    ['dlr-spool', `${dir}/dlr-spool`],
    ['sms-resend-freq', 5],
    ['sms-resend-retry', -1],
  ]);
  const smsbox = group('smsbox', [
    ['bearerbox-host', '127.0.0.1'],
    ['bearerbox-port', l.smsboxPort],
    ['sendsms-port', l.sendsmsPort],
    ['sendsms-interface', '127.0.0.1'],
    ['mo-recode', true],
    ['log-file', `${dir}/smsbox.log`],
    ['log-level', l.logLevel ?? 2],
    ['access-log', l.accessLog ? `${dir}/smsbox-access.log` : null],
    ['http-request-retry', 5],
    ['http-queue-delay', 1],
  ]);
  const user = group('sendsms-user', [
    ['username', l.sendsmsUser],
    ['password', l.sendsmsPassword],
    ['concatenation', true],
    ['max-messages', l.maxMessages],
    ['user-allow-ip', '127.0.0.1'],
  ]);
  const service = group('sms-service', [
    ['keyword', 'default'],
    ['catch-all', true],
    ['max-messages', 0],
    ['concatenation', true],
    ['omit-empty', true],
    ['get-url', moUrlTemplate(l.callbackBase, l.gatewaySecret)],
  ]);
  const base = [core, IDLE_GROUP, smsbox, user, service].join('\n\n');
  const text = `# Written by the SMSC Console (POST /gateway restart): edit the SMSC connections, not this file.\n\n${[core, IDLE_GROUP, ...links.values(), smsbox, user, service].join('\n\n')}\n`;
  return { text, links, base, skipped };
}

/** The groups of a kannel.conf this renderer wrote (the file on disk is what Kannel runs now). */
export function parseRendered(text: string): RenderedConfig {
  const links = new Map<string, string>();
  const rest: string[] = [];
  for (const block of text
    .split(/\n\s*\n/)
    .map((b) =>
      b
        .split('\n')
        .filter((l) => !l.startsWith('#'))
        .join('\n')
        .trim(),
    )
    .filter(Boolean)) {
    const id = /^smsc-id = "((?:[^"\\]|\\.)*)"$/m.exec(block);
    if (/^group = smsc$/m.test(block) && id && id[1] !== IDLE_LINK) links.set(id[1].replace(/\\(.)/g, '$1'), block);
    else rest.push(block);
  }
  return { text, links, base: rest.join('\n\n'), skipped: [] };
}

export type ConfigChange =
  | { kind: 'none' }
  | { kind: 'links'; added: string[]; removed: string[]; changed: string[] }
  | { kind: 'restart'; reason: string };

/** What applying `next` over `prev` takes: nothing, link-by-link admin calls, or a restart of the boxes. */
export function diffConfig(prev: RenderedConfig | null, next: RenderedConfig): ConfigChange {
  if (!prev) return { kind: 'restart', reason: 'no configuration was applied before' };
  if (prev.base !== next.base) return { kind: 'restart', reason: 'the core, smsbox or sendsms settings changed' };
  const added = [...next.links.keys()].filter((id) => !prev.links.has(id));
  const removed = [...prev.links.keys()].filter((id) => !next.links.has(id));
  const changed = [...next.links.keys()].filter(
    (id) => prev.links.has(id) && prev.links.get(id) !== next.links.get(id),
  );
  if (!added.length && !removed.length && !changed.length) return { kind: 'none' };
  return { kind: 'links', added, removed, changed };
}
