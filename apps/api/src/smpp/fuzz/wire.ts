// The fuzzer's raw side: a seeded random source (a failure replays from its seed) and a TCP connection that
// writes bytes as given and reads back whatever whole PDUs the listener answers.
import net from 'node:net';
import { splitPdus } from './frames';

export interface Rng {
  /** [0, 1) */
  next(): number;
  /** an integer in [0, n) */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  bytes(n: number): Buffer;
}

/** mulberry32: tiny, fast and the same sequence on every machine for one seed. */
export function rng(seed: number): Rng {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: (items) => items[int(items.length)],
    chance: (p) => next() < p,
    bytes: (n) => Buffer.from(Array.from({ length: n }, () => int(256))),
  };
}

/** A sub-seed for case `i` of a run: each case replays on its own from (seed, i). */
export const caseSeed = (seed: number, i: number) => (Math.imul(seed ^ 0x9e3779b9, 2654435761) + i * 0x85ebca6b) >>> 0;

export interface Answer {
  id: number;
  status: number;
  seq: number;
  body: Buffer;
}

export interface Target {
  host: string;
  port: number;
  /** the source address of hostile connections (127.0.0.x: the listener's per-address caps count them apart) */
  localAddress?: string;
}

/** One raw connection: `sent` keeps the last frames that went out (hex, for the report), `answers` what came back. */
export class RawConn {
  readonly socket: net.Socket;
  readonly answers: Answer[] = [];
  readonly sent: string[] = [];
  closed = false;
  private buf = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  readonly opened: Promise<boolean>;

  constructor(t: Target, opts: { read?: boolean } = {}) {
    this.socket = net.connect({ host: t.host, port: t.port, localAddress: t.localAddress });
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    this.opened = new Promise((resolve) => {
      this.socket.once('connect', () => resolve(true));
      this.socket.once('close', () => resolve(false));
    });
    // a slow reader never reads: the listener's answers pile up in the kernel's buffers, then in its own
    if (opts.read === false) this.socket.pause();
    else
      this.socket.on('data', (d: Buffer) => {
        const { pdus, rest } = splitPdus(this.buf.length ? Buffer.concat([this.buf, d]) : d);
        this.buf = Buffer.from(rest);
        if (pdus.length) {
          this.answers.push(...pdus);
          this.wake();
        }
      });
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /** From now on reads nothing more (a client that stops reading once bound). */
  stopReading() {
    this.socket.pause();
  }

  /** Writes `data`; false when the connection is gone or the kernel's buffer is full. */
  write(data: Buffer): boolean {
    if (this.closed || this.socket.destroyed) return false;
    // the last frames before a crash are the ones to replay
    this.sent.push(data.subarray(0, 96).toString('hex') + (data.length > 96 ? `…(${data.length} bytes)` : ''));
    if (this.sent.length > 4) this.sent.shift();
    return this.socket.write(data);
  }

  /** The first answer matching `match`, or null once the connection closes or `ms` pass. */
  waitFor(match: (a: Answer) => boolean, ms: number): Promise<Answer | null> {
    return new Promise((resolve) => {
      let timedOut = false;
      const finish = () => {
        const found = this.answers.find(match);
        if (found || this.closed || timedOut) {
          clearTimeout(timer);
          resolve(found ?? null);
        } else this.waiters.push(finish);
      };
      const timer = setTimeout(() => {
        timedOut = true;
        finish();
      }, ms);
      finish();
    });
  }

  /** Resolves when the listener closes the connection, true, or after `ms`, false. */
  waitClosed(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.closed) return resolve(true);
      const timer = setTimeout(() => resolve(false), ms);
      this.socket.once('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  destroy() {
    this.socket.destroy();
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
