// One customer connection: bind (credentials, address allowlist, max_binds, failed-bind limit), then
// submit_sm through the same pipeline as POST /sms, enquire_link, unbind. submit_sm are handled as they
// arrive, several at once (windowing); past WINDOW outstanding, or while the client leaves our answers unread,
// the socket is read no further. The port is public and its clients hostile: a fault in a PDU ends this session
// only, a connection must bind within the session-init timer and then keep talking, and nothing a client sends
// makes us hold more than a bounded amount for it (docs/security.md, SMPP).
import { randomUUID } from 'node:crypto';
import * as smpp from 'smpp';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import type { PasswordHashCost } from '../lib/passwords';
import { authenticate, type BoundAccount } from './accounts';
import { BindRegistry, type Bind, type BindType } from './binds';
import type { Deliveries } from './deliveries';
import { ipAllowed, plainAddress } from './ip-allow';
import { decodeSubmit } from './pdu-codec';
import { statusOfRefusal, type Reassembler } from './reassembly';
import { statusName, statusOfBlock } from './status-map';
import type { BindFailures, HashSlots } from './limits';
import type { SharedBinds, SharedThrottle } from './shared-limits';
import type { SubmitBatcher } from './submit-batch';
import type { CompanyBrandNames } from '../branding';
import { coalesceWrites, watchWriteBuffer, type SessionStats, type SmppLimits } from './session-io';

export type { SessionStats, SmppLimits } from './session-io';

const E = smpp.errors;
/** submit_sm a bind may have outstanding before we stop reading its socket */
export const WINDOW = 256;
const BIND_TYPES: Record<string, BindType> = {
  bind_transmitter: 'transmitter',
  bind_receiver: 'receiver',
  bind_transceiver: 'transceiver',
};
/** commands of SMPP 3.4 we do not offer: answered with ESME_RINVCMDID rather than left unanswered */
const UNSUPPORTED = new Set(['data_sm', 'query_sm', 'cancel_sm', 'replace_sm', 'submit_multi', 'broadcast_sm']);
const SESSION_INIT = 'session-init';

export interface SessionContext {
  db: Kysely<Database>;
  submits: SubmitBatcher;
  binds: BindRegistry;
  deliveries: Deliveries;
  reassembler: Reassembler;
  throttle: SharedThrottle;
  shared: SharedBinds;
  failures: BindFailures;
  hashing: HashSlots;
  accounts: Map<string, BoundAccount>;
  log: FastifyBaseLogger;
  hashCost: PasswordHashCost;
  limits: SmppLimits;
  stats: SessionStats;
  /** a company's system_id in our bind answers: its reseller's brand, or ours (brandSystemId) */
  systemIds: CompanyBrandNames<string>;
}

/** "14155550111" with TON 1 (international) is "+14155550111" to the pipeline. */
const number = (addr: unknown, ton: unknown) => {
  const a = String(addr ?? '').trim();
  return Number(ton) === 1 && /^\d+$/.test(a) ? `+${a}` : a;
};

export class CustomerSession {
  private bind: Bind | null = null;
  private binding = false;
  private outstanding = 0;
  /** our answers sit unread past SMPP_WRITE_BUFFER_BYTES: reading waits for 'drain' */
  private writeBlocked = false;
  private readonly remote: string;
  /** the session-init timer, then the inactivity timer (one timer, re-armed by every PDU) */
  private timer: NodeJS.Timeout;
  private timerKind: typeof SESSION_INIT | 'inactivity' = SESSION_INIT;
  private ended = false;

  constructor(
    private readonly session: smpp.Session,
    private readonly ctx: SessionContext,
  ) {
    this.remote = plainAddress(session.socket.remoteAddress);
    coalesceWrites(session);
    this.guardWrites();
    session.on('pdu', (pdu: smpp.Pdu) => {
      try {
        // only a bound session's PDUs keep it open: an unbound one has the session-init timer's time, however chatty
        if (this.timerKind === 'inactivity') this.timer.refresh();
        this.onPdu(pdu);
      } catch (e) {
        this.fault(e, pdu);
      }
    });
    session.on('error', (e: Error) => {
      // a socket's own errors (ECONNRESET …) carry a code; a PDU the package could not read does not
      if (!(e as NodeJS.ErrnoException).code) ctx.stats.faults++;
      ctx.log.warn({ remote: this.remote, err: e.message }, 'SMPP session error');
      session.destroy();
    });
    session.on('close', () => {
      this.ended = true;
      clearTimeout(this.timer);
      void this.closed();
    });
    this.timer = setTimeout(() => this.expired(), ctx.limits.bindTimeoutMs);
    this.timer.unref();
  }

  get bound(): Bind | null {
    return this.bind;
  }

  /** A PDU we could not handle ends this session, logged and counted; never the process. */
  private fault(e: unknown, pdu?: smpp.Pdu) {
    this.ctx.stats.faults++;
    this.ctx.log.warn(
      { remote: this.remote, command: pdu?.command, err: (e as Error)?.message ?? String(e) },
      'SMPP session ended on a fault',
    );
    this.session.destroy();
  }

  private expired() {
    if (this.ended) return;
    if (this.timerKind === SESSION_INIT) this.ctx.stats.timeouts.bind++;
    else this.ctx.stats.timeouts.inactivity++;
    this.ctx.log.info(
      { remote: this.remote, system_id: this.bind?.system_id, timer: this.timerKind },
      this.timerKind === SESSION_INIT ? 'SMPP connection closed: no bind in time' : 'SMPP session closed: inactive',
    );
    this.session.destroy();
  }

  /** Stops reading while our answers sit unread past the limit; closes the connection far past it. */
  private guardWrites() {
    watchWriteBuffer(this.session, this.ctx.limits.writeBufferBytes, {
      blocked: (on) => {
        this.writeBlocked = on;
        this.flow();
      },
      overflow: (queued) => {
        this.ctx.stats.slowReaders++;
        this.ctx.log.warn({ remote: this.remote, queued }, 'SMPP connection closed: it does not read our answers');
      },
    });
  }

  /** Reads while the window has room and the client reads what we write. */
  private flow() {
    if (this.outstanding >= WINDOW || this.writeBlocked) this.session.pause();
    else if (this.session.paused) this.session.resume();
  }

  private answer(pdu: smpp.Pdu, options: Record<string, unknown> = {}) {
    // outbind, alert_notification and generic_nack have no response of their own (the package throws for
    // them): a command we do not take from a client, so generic_nack says "invalid command"
    if (!smpp.commands[`${pdu.command}_resp`]) {
      this.session.send(
        new smpp.PDU('generic_nack', {
          sequence_number: pdu.sequence_number,
          command_status: E.ESME_RINVCMDID,
        }) as smpp.Pdu,
      );
      return;
    }
    this.session.send(pdu.response(options));
  }

  private onPdu(pdu: smpp.Pdu): void {
    if (pdu.isResponse()) return; // deliver_sm_resp and the like: the package calls the sender's callback
    const cmd = pdu.command;
    if (cmd === 'enquire_link') return this.answer(pdu);
    if (cmd === 'unbind') {
      this.answer(pdu);
      this.session.close();
      return;
    }
    if (cmd === 'generic_nack') return;
    if (cmd === 'unknown' || UNSUPPORTED.has(cmd)) return this.answer(pdu, { command_status: E.ESME_RINVCMDID });
    if (BIND_TYPES[cmd]) return void this.onBind(pdu, BIND_TYPES[cmd]).catch((e) => this.fault(e, pdu));
    if (cmd === 'submit_sm') return void this.onSubmit(pdu).catch((e) => this.fault(e, pdu));
    // outbind, alert_notification, deliver_sm … from a client: not ours to receive
    this.answer(pdu, { command_status: this.bind ? E.ESME_RINVCMDID : E.ESME_RINVBNDSTS });
  }

  private async onBind(pdu: smpp.Pdu, type: BindType): Promise<void> {
    if (this.bind || this.binding) return this.answer(pdu, { command_status: E.ESME_RALYBND });
    this.binding = true;
    const system_id = String(pdu.system_id ?? '');
    const refuse = (status: number, why: string) => {
      this.ctx.log.warn({ system_id, remote: this.remote, status: statusName(status), why }, 'SMPP bind refused');
      this.answer(pdu, { command_status: status });
      this.binding = false;
    };
    // counted before the hash: a burst of guesses from one address gets BIND_FAILURES_ALLOWED hashes in all
    if (!this.ctx.failures.begin(this.remote)) {
      this.ctx.stats.bindsThrottled++;
      return refuse(E.ESME_RBINDFAIL, 'too many failed binds from this address; wait a minute');
    }
    let failed = true;
    try {
      const checked = await this.ctx.hashing.run(async () => ({
        account: await authenticate(this.ctx.db, system_id, String(pdu.password ?? ''), this.ctx.hashCost, this.remote),
      }));
      if (checked === null) {
        // every hashing slot and queue place is taken: a refusal now costs nothing, queueing would
        this.ctx.stats.bindsThrottled++;
        failed = false;
        return refuse(E.ESME_RBINDFAIL, 'binds are being checked at capacity; try again');
      }
      const account = checked.account;
      // one answer for an unknown system_id and a wrong password: a bind does not reveal which accounts exist
      if (!account) return refuse(E.ESME_RINVPASWD, 'unknown system_id or wrong password');
      if (!ipAllowed(account.allowed_ips, this.remote)) return refuse(E.ESME_RBINDFAIL, 'address not allowed');
      failed = false;
      const bind_id = randomUUID();
      const placed = await this.ctx.shared.claim({
        bind_id,
        smpp_account_uuid: account.smpp_account_uuid,
        max_binds: account.max_binds,
        bind_type: type,
        remote_address: this.remote,
      });
      if (!placed) return refuse(E.ESME_RBINDFAIL, `max_binds (${account.max_binds}) reached`);
      // the SMSC's name in the answer: the account's brand (cached per company, not read per bind)
      const ours = await this.ctx.systemIds.of(account.company_uuid);
      if (this.ended) {
        await this.ctx.shared.release(bind_id);
        return;
      }
      this.ctx.accounts.set(account.smpp_account_uuid, account);
      this.bind = this.ctx.binds.add({
        bind_id,
        smpp_account_uuid: account.smpp_account_uuid,
        company_uuid: account.company_uuid,
        system_id: account.system_id,
        bind_type: type,
        remote_address: this.remote,
        session: this.session,
      });
      this.binding = false;
      this.timerKind = 'inactivity';
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.expired(), this.ctx.limits.inactivityMs);
      this.timer.unref();
      this.answer(pdu, { system_id: ours });
      this.ctx.log.info({ system_id: account.system_id, remote: this.remote, bind_type: type }, 'SMPP bound');
      if (type !== 'transmitter') this.ctx.deliveries.kick();
    } catch (e) {
      failed = false;
      this.binding = false;
      this.ctx.log.error({ err: (e as Error).message, system_id }, 'SMPP bind failed');
      this.answer(pdu, { command_status: E.ESME_RSYSERR });
    } finally {
      this.ctx.failures.end(this.remote, failed);
    }
  }

  private async onSubmit(pdu: smpp.Pdu): Promise<void> {
    const bind = this.bind;
    if (!bind || bind.bind_type === 'receiver') return this.answer(pdu, { command_status: E.ESME_RINVBNDSTS });
    this.outstanding++;
    this.flow();
    try {
      this.answer(pdu, await this.submit(bind, pdu));
    } finally {
      this.outstanding--;
      if (!this.ended) this.flow();
    }
  }

  /** The submit_sm_resp's fields: a message_id, or a command_status saying why not. */
  private async submit(bind: Bind, pdu: smpp.Pdu): Promise<Record<string, unknown>> {
    const account = this.ctx.accounts.get(bind.smpp_account_uuid);
    if (!account) return { command_status: E.ESME_RINVBNDSTS };
    BindRegistry.countSubmit(bind);
    if (!(await this.ctx.throttle.take(account.smpp_account_uuid, account.tps)))
      return { command_status: E.ESME_RTHROTTLED };
    const decoded = decodeSubmit(pdu);
    if (!decoded.ok) return { command_status: decoded.status };
    const dnis = number(pdu.destination_addr, pdu.dest_addr_ton);
    if (!dnis) return { command_status: E.ESME_RINVDSTADR };
    const ani = number(pdu.source_addr, pdu.source_addr_ton) || account.default_ani || '';
    if (!ani) return { command_status: E.ESME_RINVSRCADR };
    let wantsReceipt = (Number(pdu.registered_delivery ?? 0) & 0x03) !== 0;
    let text = decoded.text;
    let sms_uuid: string | undefined;
    if (decoded.part) {
      const key = `${ani}|${dnis}`;
      const added = this.ctx.reassembler.add(account.smpp_account_uuid, key, decoded.part, decoded.text, wantsReceipt);
      if ('refused' in added) return { command_status: statusOfRefusal(added) };
      if (added.complete === null) return { message_id: added.sms_uuid };
      text = added.complete;
      wantsReceipt = added.wantsReceipt;
      sms_uuid = added.sms_uuid;
    }
    try {
      const out = await this.ctx.submits.add({
        company_uuid: account.company_uuid,
        smpp_account_uuid: account.smpp_account_uuid,
        ani,
        dnis,
        text,
        sms_uuid,
        wantsReceipt,
      });
      return out.ok ? { message_id: out.sms_uuid } : { command_status: statusOfBlock(out.reason) };
    } catch (e) {
      this.ctx.log.error({ err: (e as Error).message, system_id: account.system_id }, 'SMPP submit failed');
      return { command_status: E.ESME_RSYSERR };
    }
  }

  private async closed(): Promise<void> {
    const bind = this.bind;
    if (!bind) return;
    this.bind = null;
    this.ctx.binds.remove(bind);
    this.ctx.log.info(
      { system_id: bind.system_id, remote: this.remote, submits: bind.submits, receipts: bind.receipts },
      'SMPP unbound',
    );
    await Promise.all([
      this.ctx.deliveries.unbound(bind).catch(() => undefined),
      this.ctx.shared
        .release(bind.bind_id)
        .catch((e) => this.ctx.log.warn({ err: (e as Error).message }, 'SMPP bind row not removed')),
    ]);
  }
}
