// The binds open on this process: what the routes show (GET /smpp_account/{id}/binds), what receipts and
// incoming messages are delivered on. One registry per listener; max_binds counts the binds of every node
// (shared-limits.ts).
import { randomUUID } from 'node:crypto';
import type { Session } from 'smpp';

export type BindType = 'transmitter' | 'receiver' | 'transceiver';

export interface Bind {
  bind_id: string;
  smpp_account_uuid: string;
  company_uuid: string;
  system_id: string;
  bind_type: BindType;
  remote_address: string;
  since: Date;
  submits: number;
  receipts: number;
  incoming: number;
  session: Session;
  /** submits per second over the last few seconds: counts of the current and previous seconds */
  window: { second: number; counts: number[] };
}

const RATE_SECONDS = 5;

export const canReceive = (b: Bind) => b.bind_type !== 'transmitter';

export class BindRegistry {
  private readonly byAccount = new Map<string, Set<Bind>>();
  private turn = 0;

  add(
    b: Omit<Bind, 'bind_id' | 'since' | 'submits' | 'receipts' | 'incoming' | 'window'> & { bind_id?: string },
  ): Bind {
    const bind: Bind = {
      ...b,
      bind_id: b.bind_id ?? randomUUID(),
      since: new Date(),
      submits: 0,
      receipts: 0,
      incoming: 0,
      window: { second: 0, counts: Array(RATE_SECONDS).fill(0) },
    };
    const set = this.byAccount.get(b.smpp_account_uuid) ?? new Set<Bind>();
    set.add(bind);
    this.byAccount.set(b.smpp_account_uuid, set);
    return bind;
  }

  remove(b: Bind): void {
    const set = this.byAccount.get(b.smpp_account_uuid);
    set?.delete(b);
    if (set && !set.size) this.byAccount.delete(b.smpp_account_uuid);
  }

  count(account: string): number {
    return this.byAccount.get(account)?.size ?? 0;
  }

  of(account: string): Bind[] {
    return [...(this.byAccount.get(account) ?? [])];
  }

  all(): Bind[] {
    return [...this.byAccount.values()].flatMap((s) => [...s]);
  }

  /** One receiving bind of the account (or, with no account, of any of the company's), taken in turn. */
  receiver(account: string | null, company: string): Bind | null {
    const pool = account
      ? this.of(account).filter(canReceive)
      : this.all().filter((b) => b.company_uuid === company && canReceive(b));
    if (!pool.length) return null;
    this.turn = (this.turn + 1) % 1_000_000;
    return pool[this.turn % pool.length];
  }

  /** Accounts and companies with a receiving bind here: the deliveries this process can hand over. */
  receiving(): { accounts: string[]; companies: string[] } {
    const binds = this.all().filter(canReceive);
    return {
      accounts: [...new Set(binds.map((b) => b.smpp_account_uuid))],
      companies: [...new Set(binds.map((b) => b.company_uuid))],
    };
  }

  static countSubmit(b: Bind, now = Date.now()): void {
    b.submits++;
    const sec = Math.floor(now / 1000);
    roll(b, sec);
    b.window.counts[sec % RATE_SECONDS]++;
  }

  /** Submits per second over the last complete seconds. */
  static rate(b: Bind, now = Date.now()): number {
    const sec = Math.floor(now / 1000);
    roll(b, sec);
    let sum = 0;
    for (let s = sec - RATE_SECONDS + 1; s < sec; s++) sum += b.window.counts[s % RATE_SECONDS];
    return Math.round((sum / (RATE_SECONDS - 1)) * 10) / 10;
  }
}

/** Clears the slots of the seconds that passed since the bind last counted. */
function roll(b: Bind, sec: number): void {
  const w = b.window;
  if (w.second === sec) return;
  const gap = Math.min(RATE_SECONDS, sec - w.second);
  for (let i = 1; i <= gap; i++) w.counts[(w.second + i) % RATE_SECONDS] = 0;
  w.second = sec;
}
