// One customer connection: bind (credentials, address allowlist, max_binds, failed-bind limit), then
// submit_sm through the same pipeline as POST /sms, enquire_link, unbind. submit_sm are handled as they
// arrive, several at once (windowing); past WINDOW outstanding the socket is read no further until answers go.
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
import type { Reassembler } from './reassembly';
import { statusName, statusOfBlock } from './status-map';
import type { BindFailures } from './limits';
import type { SharedBinds, SharedThrottle } from './shared-limits';
import type { SubmitBatcher } from './submit-batch';

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

export interface SessionContext {
  db: Kysely<Database>;
  submits: SubmitBatcher;
  binds: BindRegistry;
  deliveries: Deliveries;
  reassembler: Reassembler;
  throttle: SharedThrottle;
  shared: SharedBinds;
  failures: BindFailures;
  accounts: Map<string, BoundAccount>;
  log: FastifyBaseLogger;
  hashCost: PasswordHashCost;
}

/** "14155550111" with TON 1 (international) is "+14155550111" to the pipeline. */
const number = (addr: unknown, ton: unknown) => {
  const a = String(addr ?? '').trim();
  return Number(ton) === 1 && /^\d+$/.test(a) ? `+${a}` : a;
};

/**
 * The PDUs a session sends in one turn of the event loop leave in one write: a batch of submits answered
 * together, or a poll's receipts, cost one system call instead of one each (a seventh of the listener's CPU).
 */
function coalesceWrites(session: smpp.Session): void {
  const socket = session.socket;
  const send = session.send.bind(session);
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  session.send = (...args: Parameters<smpp.Session['send']>) => {
    if (!corked) {
      corked = true;
      socket.cork();
      process.nextTick(uncork);
    }
    return send(...args);
  };
}

export class CustomerSession {
  private bind: Bind | null = null;
  private binding = false;
  private outstanding = 0;
  private readonly remote: string;

  constructor(
    private readonly session: smpp.Session,
    private readonly ctx: SessionContext,
  ) {
    this.remote = plainAddress(session.socket.remoteAddress);
    coalesceWrites(session);
    session.on('pdu', (pdu: smpp.Pdu) => this.onPdu(pdu));
    session.on('error', (e: Error) => {
      ctx.log.warn({ remote: this.remote, err: e.message }, 'SMPP session error');
      session.destroy();
    });
    session.on('close', () => void this.closed());
  }

  get bound(): Bind | null {
    return this.bind;
  }

  private answer(pdu: smpp.Pdu, options: Record<string, unknown> = {}) {
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
    if (BIND_TYPES[cmd]) return void this.onBind(pdu, BIND_TYPES[cmd]);
    if (cmd === 'submit_sm') return void this.onSubmit(pdu);
    this.answer(pdu, { command_status: E.ESME_RINVBNDSTS });
  }

  private async onBind(pdu: smpp.Pdu, type: BindType): Promise<void> {
    if (this.bind || this.binding) return this.answer(pdu, { command_status: E.ESME_RALYBND });
    this.binding = true;
    const system_id = String(pdu.system_id ?? '');
    const refuse = (status: number, why: string) => {
      this.ctx.failures.note(this.remote);
      this.ctx.log.warn({ system_id, remote: this.remote, status: statusName(status), why }, 'SMPP bind refused');
      this.answer(pdu, { command_status: status });
      this.binding = false;
    };
    try {
      if (this.ctx.failures.blocked(this.remote))
        return refuse(E.ESME_RBINDFAIL, 'too many failed binds from this address; wait a minute');
      const account = await authenticate(this.ctx.db, system_id, String(pdu.password ?? ''), this.ctx.hashCost);
      // one answer for an unknown system_id and a wrong password: a bind does not reveal which accounts exist
      if (!account) return refuse(E.ESME_RINVPASWD, 'unknown system_id or wrong password');
      if (!ipAllowed(account.allowed_ips, this.remote)) return refuse(E.ESME_RBINDFAIL, 'address not allowed');
      const bind_id = randomUUID();
      const placed = await this.ctx.shared.claim({
        bind_id,
        smpp_account_uuid: account.smpp_account_uuid,
        max_binds: account.max_binds,
        bind_type: type,
        remote_address: this.remote,
      });
      if (!placed) return refuse(E.ESME_RBINDFAIL, `max_binds (${account.max_binds}) reached`);
      if (this.session.socket.destroyed) {
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
      this.answer(pdu, { system_id: 'SMSCCONSOLE' });
      this.ctx.log.info({ system_id: account.system_id, remote: this.remote, bind_type: type }, 'SMPP bound');
      if (type !== 'transmitter') this.ctx.deliveries.kick();
    } catch (e) {
      this.binding = false;
      this.ctx.log.error({ err: (e as Error).message, system_id }, 'SMPP bind failed');
      this.answer(pdu, { command_status: E.ESME_RSYSERR });
    }
  }

  private async onSubmit(pdu: smpp.Pdu): Promise<void> {
    const bind = this.bind;
    if (!bind || bind.bind_type === 'receiver') return this.answer(pdu, { command_status: E.ESME_RINVBNDSTS });
    if (++this.outstanding >= WINDOW) this.session.pause();
    try {
      this.answer(pdu, await this.submit(bind, pdu));
    } finally {
      if (--this.outstanding < WINDOW) this.session.resume();
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
      const key = `${account.smpp_account_uuid}|${ani}|${dnis}`;
      const added = this.ctx.reassembler.add(key, decoded.part, decoded.text, wantsReceipt);
      if (!added) return { command_status: E.ESME_RMSGQFUL };
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
