// The hostile clients: each attack opens raw connections from a hostile address and sends what a broken or
// malicious ESME would. An attack judges nothing itself; the run watches the process and the other tenant.
import {
  bind,
  bindBody,
  COMMAND_NAMES,
  COMMANDS,
  cstr,
  enquireLink,
  frame,
  KNOWN_TLVS,
  submit,
  submitBody,
  tlv,
  u16,
  u32,
  u8,
  type BindKind,
} from './frames';
import { RawConn, sleep, type Rng } from './wire';
import { ATTACKER_ACCOUNT, STORMED_ACCOUNT } from './tenants';

export interface AttackContext {
  /**
   * A connection from a hostile address; `read: false` never reads (a slow reader); `storm`: from the addresses
   * the bind storms use, so their failed-bind limit does not keep the other attacks from binding.
   */
  open(opts?: { read?: boolean; storm?: boolean }): RawConn;
  /** counts the attacker's binds that were accepted and refused */
  noteBind(ok: boolean): void;
  /** the longest an attack waits for one answer, ms */
  waitMs: number;
}

export type Attack = (c: AttackContext, r: Rng) => Promise<void>;

const BIND_KINDS: BindKind[] = ['bind_transmitter', 'bind_receiver', 'bind_transceiver'];

/**
 * Connects and binds with the attacker's own account; null when the connection was refused. A refused bind
 * still gives the connection: what follows is then tried unbound.
 */
async function boundConn(c: AttackContext, r: Rng): Promise<RawConn | null> {
  const conn = c.open();
  if (!(await conn.opened)) return null;
  conn.write(bind(r.pick(BIND_KINDS), ATTACKER_ACCOUNT.system_id, ATTACKER_ACCOUNT.password, 1));
  const resp = await conn.waitFor((a) => a.seq === 1, c.waitMs);
  c.noteBind(resp?.status === 0);
  return conn;
}

/** Sends `data`, then an enquire_link to see whether the session still answers, and waits a little. */
async function sendAndPoke(c: AttackContext, conn: RawConn, data: Buffer) {
  if (!(await conn.opened)) return;
  conn.write(data);
  conn.write(enquireLink(0x7ffffff0));
  await conn.waitFor((a) => a.seq === 0x7ffffff0, Math.min(c.waitMs, 1000));
}

/** A body of random bytes, random fields or nothing. */
const randomBody = (r: Rng) =>
  r.pick([
    () => Buffer.alloc(0),
    () => r.bytes(r.int(64)),
    () => bindBody(r.pick(['', ATTACKER_ACCOUNT.system_id, 'x'.repeat(r.int(300))]), r.pick(['', 'pw'])),
    () => submitBody({ source_addr: '1', destination_addr: '2', short_message: r.bytes(r.int(200)) }),
  ])();

export const ATTACKS: Record<string, Attack> = {
  /** command_length 0, 1–15, just past the maximum, 2^32-1, or random; with and without the rest of a header */
  async 'bad length'(c, r) {
    const length = r.pick([0, 1 + r.int(15), 16384 + 1 + r.int(100_000), 0xffffffff, r.int(0x7fffffff), 16]);
    const head = frame({ command_id: r.pick(Object.values(COMMANDS)), command_length: length }, r.bytes(r.int(40)));
    const cut = r.chance(0.5) ? head : head.subarray(0, 4 + r.int(head.length - 4));
    await sendAndPoke(c, c.open(), cut);
  },

  /** a well-formed bind or submit cut short, left hanging or followed by another PDU */
  async truncated(c, r) {
    const whole = r.chance(0.5)
      ? bind(r.pick(BIND_KINDS), ATTACKER_ACCOUNT.system_id, ATTACKER_ACCOUNT.password)
      : submit({ source_addr: '1', destination_addr: '2', short_message: 'cut' });
    const conn = c.open();
    if (!(await conn.opened)) return;
    conn.write(whole.subarray(0, r.int(whole.length)));
    if (r.chance(0.5)) await sleep(r.int(c.waitMs));
    conn.write(enquireLink(2));
    await conn.waitFor((a) => a.seq === 2, Math.min(c.waitMs, 1000));
  },

  /** command ids no version of SMPP has, requests and responses */
  async 'unknown id'(c, r) {
    const known = new Set(Object.values(COMMANDS));
    let id = r.int(0x100000000);
    while (known.has(id)) id = r.int(0x100000000);
    const conn = r.chance(0.5) ? await boundConn(c, r) : c.open();
    if (conn) await sendAndPoke(c, conn, frame({ command_id: id, sequence_number: 7 }, randomBody(r)));
  },

  /** every command of SMPP 3.4 (outbind and alert_notification too) before any bind */
  async 'every command unbound'(c, r) {
    const conn = c.open();
    const names = [...COMMAND_NAMES].sort(() => r.next() - 0.5);
    for (const [i, name] of names.entries())
      await sendAndPoke(c, conn, frame({ command_id: COMMANDS[name], sequence_number: 100 + i }, randomBody(r)));
  },

  /** every command of SMPP 3.4 after a bind of the attacker's own account */
  async 'every command bound'(c, r) {
    const conn = await boundConn(c, r);
    if (!conn) return;
    const names = [...COMMAND_NAMES].sort(() => r.next() - 0.5);
    for (const [i, name] of names.entries())
      await sendAndPoke(c, conn, frame({ command_id: COMMANDS[name], sequence_number: 100 + i }, randomBody(r)));
  },

  /** C-strings that never end: a bind's system_id, or a submit's addresses, running to the end of the PDU */
  async 'c-string without NUL'(c, r) {
    if (r.chance(0.5)) {
      const body = cstr('A'.repeat(1 + r.int(400)), false);
      return sendAndPoke(c, c.open(), frame({ command_id: COMMANDS[r.pick(BIND_KINDS)] }, body));
    }
    const conn = await boundConn(c, r);
    if (!conn) return;
    const body = Buffer.concat([cstr(''), u8(1), u8(1), cstr('1'.repeat(1 + r.int(300)), false)]);
    await sendAndPoke(c, conn, frame({ command_id: COMMANDS.submit_sm, sequence_number: 3 }, body));
  },

  /** TLVs whose length runs past the PDU, is 0 or 65535, of unknown tags, repeated, or a huge message_payload */
  async 'bad TLV'(c, r) {
    const conn = await boundConn(c, r);
    if (!conn) return;
    const tlvs = Array.from({ length: 1 + r.int(6) }, () => {
      const tag = r.chance(0.7) ? r.pick(KNOWN_TLVS) : r.int(0x10000);
      const value = r.bytes(r.pick([0, 1, 2, 4, r.int(300)]));
      return tlv(tag, value, r.pick([value.length, 0, 0xffff, value.length + 1 + r.int(20), r.int(0x10000)]));
    });
    if (r.chance(0.3)) tlvs.push(tlv(0x0424, r.bytes(8000 + r.int(8000)))); // message_payload, near the PDU maximum
    if (r.chance(0.3)) tlvs.push(Buffer.from([0x02])); // half a tag
    const body = submitBody({ source_addr: '1', destination_addr: '14155550122', short_message: '', tlvs });
    await sendAndPoke(c, conn, frame({ command_id: COMMANDS.submit_sm, sequence_number: 4 }, body));
  },

  /** submits whose fields are off: data_coding, UDH that lies, sm_length past the body, SAR out of range */
  async 'odd submit'(c, r) {
    const conn = await boundConn(c, r);
    if (!conn) return;
    for (let i = 0; i < 1 + r.int(20); i++) {
      const udhi = r.chance(0.4);
      const udh = Buffer.from([r.pick([0, 5, 6, 255]), r.pick([0, 8]), r.pick([3, 4, 0, 200]), ...r.bytes(r.int(6))]);
      const sm = Buffer.concat([udhi ? udh : Buffer.alloc(0), r.bytes(r.int(160))]);
      let body = submitBody({
        source_addr: r.pick(['', '1', '12125550000', '\u00ff'.repeat(30)]),
        destination_addr: r.pick(['', '14155550123', 'abc', '9'.repeat(40)]),
        short_message: sm,
        esm_class: udhi ? 0x40 : r.int(256),
        data_coding: r.pick([0, 1, 3, 8, 4, r.int(256)]),
        registered_delivery: r.int(256),
        tlvs: r.chance(0.3) ? [tlv(0x020c, u16(r.int(3))), tlv(0x020e, u8(r.int(3))), tlv(0x020f, u8(r.int(3)))] : [],
      });
      // sm_length saying more (or less) than what follows
      if (r.chance(0.2)) body = Buffer.concat([body.subarray(0, body.length - sm.length - 1), u8(r.int(256)), sm]);
      conn.write(frame({ command_id: COMMANDS.submit_sm, sequence_number: 10 + i }, body));
    }
    await conn.waitFor(() => false, Math.min(c.waitMs, 1500));
  },

  /** random bytes, no framing at all */
  async garbage(c, r) {
    await sendAndPoke(c, c.open(), r.bytes(1 + r.int(4000)));
  },

  /** thousands of enquire_link in one write */
  async 'enquire_link flood'(c, r) {
    const n = 1000 + r.int(5000);
    const conn = c.open();
    if (!(await conn.opened)) return;
    conn.write(Buffer.concat(Array.from({ length: n }, (_, i) => enquireLink(i + 1))));
    await conn.waitFor((a) => a.seq === n, c.waitMs);
  },

  /** writes enquire_links and never reads what comes back, unbound or once bound */
  async 'slow reader'(c, r) {
    const conn = r.chance(0.5) ? await boundConn(c, r) : c.open();
    if (!conn || !(await conn.opened)) return;
    conn.stopReading();
    const until = Date.now() + c.waitMs * 2;
    const batch = Buffer.concat(Array.from({ length: 500 }, (_, i) => enquireLink(i + 1)));
    while (Date.now() < until && !conn.closed) {
      // only as fast as the kernel takes it: this process must not be the one that grows
      if (conn.socket.writableLength < 1 << 20) conn.write(batch);
      await sleep(r.int(20));
    }
  },

  /** concurrent binds with wrong passwords, to an account of the attacker's company and to ids that do not exist */
  async 'bind storm'(c, r) {
    const n = 10 + r.int(40);
    await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const conn = c.open({ storm: true });
        if (!(await conn.opened)) return;
        const id = r.chance(0.5) ? STORMED_ACCOUNT.system_id : `nobody${r.int(1e6)}`;
        conn.write(bind(r.pick(BIND_KINDS), id, `guess${i}`, 1));
        await conn.waitFor((a) => a.seq === 1, c.waitMs);
      }),
    );
  },

  /** connections that send nothing, or half a header, and stay */
  async idle(c, r) {
    const conns = Array.from({ length: 20 + r.int(80) }, () => c.open());
    await Promise.all(conns.map((x) => x.opened));
    for (const x of conns) if (r.chance(0.3)) x.write(u32(16 + r.int(100)));
    await sleep(c.waitMs);
  },

  /** first parts of many multipart messages that never complete */
  async 'multipart flood'(c, r) {
    const conn = await boundConn(c, r);
    if (!conn) return;
    const pdus = Array.from({ length: 200 + r.int(800) }, (_, i) =>
      submit(
        {
          source_addr: '12125550000',
          destination_addr: `1415555${String(r.int(10000)).padStart(4, '0')}`,
          short_message: Buffer.concat([Buffer.from([5, 0, 3, i & 0xff, 2 + r.int(200), 1]), Buffer.from('part')]),
          esm_class: 0x40,
        },
        20 + i,
      ),
    );
    conn.write(Buffer.concat(pdus));
    await conn.waitFor((a) => a.seq === 20 + pdus.length - 1, c.waitMs);
  },
};

export const ATTACK_NAMES = Object.keys(ATTACKS);
