// A reader of GET /events for server specs, as the console reads it: fetch with the bearer header, frames parsed
// off the body as they come.
import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '@smsc/shared-contract';
import { api } from './test-app';

export interface StreamReader {
  status: number;
  /** events received so far (data frames; the ready frame and comments are not events) */
  events: LiveEvent[];
  /** resolves true once the server ended the stream */
  ended: Promise<true>;
  /** the first event matching `pred` (also one already received), or a rejection after `ms` */
  next(pred: (e: LiveEvent) => boolean, ms?: number): Promise<LiveEvent>;
  close(): void;
}

/** The base URL of an app listening on a free port (listens on first use). */
export async function baseUrl(app: FastifyInstance): Promise<string> {
  const addr = app.server.address();
  if (addr && typeof addr === 'object') return `http://127.0.0.1:${addr.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  return baseUrl(app);
}

/** Opens a stream with `headers` and waits for its ready frame (or a refusal, returned with its status). */
export async function openStream(app: FastifyInstance, headers: Record<string, string>): Promise<StreamReader> {
  const abort = new AbortController();
  const res = await fetch(`${await baseUrl(app)}${api('/events')}`, { headers, signal: abort.signal });
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((r) => (ready = r));
  let endIt: (v: true) => void = () => undefined;
  const ended = new Promise<true>((r) => (endIt = r));
  const reader = { status: res.status, events, ended } as StreamReader;
  if (res.status !== 200 || !res.body) {
    await res.body?.cancel();
    endIt(true);
    return { ...reader, next: () => Promise.reject(new Error('no stream')), close: () => undefined };
  }
  const body = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await body.read();
        if (done) break;
        buf += value;
        let at: number;
        while ((at = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, at);
          buf = buf.slice(at + 2);
          if (/^event: ready$/m.test(block)) ready();
          else {
            const data = /^data: (.*)$/m.exec(block);
            if (data) events.push(JSON.parse(data[1]) as LiveEvent);
          }
          for (const w of waiters) w();
        }
      }
    } catch {
      // aborted by close()
    }
    endIt(true);
  })();
  await isReady;
  return {
    ...reader,
    next(pred, ms = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.find(pred);
          if (!hit) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
