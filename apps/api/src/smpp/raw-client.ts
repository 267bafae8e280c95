// A client that writes raw bytes to the SMPP port, for the specs that play a hostile or broken client: PDUs
// the `smpp` package would never build (bad lengths, commands a server never receives) and clients that do not read.
import { connect, type Socket } from 'node:net';
import { frame } from './fuzz/frames';

/** One PDU's bytes (the fuzzer's encoder, with a true command_length). */
export const rawPdu = (command_id: number, sequence_number: number, body?: Buffer, command_status = 0): Buffer =>
  frame({ command_id, sequence_number, command_status }, body);

export { bindBody, cstr } from './fuzz/frames';

export interface RawClient {
  socket: Socket;
  /** every complete PDU header read so far: command_id, command_status, sequence_number */
  received: { id: number; status: number; sequence: number }[];
  /** resolves when the server has closed the connection (or rejects after ms) */
  closed(ms?: number): Promise<void>;
  /** resolves with the first PDU whose sequence_number matches (or rejects after ms) */
  answerTo(sequence: number, ms?: number): Promise<{ id: number; status: number; sequence: number }>;
  end(): void;
}

export function rawConnect(port: number, opts: { read?: boolean } = {}): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buffered = Buffer.alloc(0);
    let isClosed = false;
    const received: RawClient['received'] = [];
    const waiters = new Set<() => void>();
    const notify = () => {
      for (const w of [...waiters]) w();
    };
    if (opts.read !== false)
      socket.on('data', (chunk) => {
        buffered = Buffer.concat([buffered, chunk]);
        while (buffered.length >= 16) {
          const length = buffered.readUInt32BE(0);
          if (buffered.length < length) break;
          received.push({
            id: buffered.readUInt32BE(4),
            status: buffered.readUInt32BE(8),
            sequence: buffered.readUInt32BE(12),
          });
          buffered = buffered.subarray(Math.max(length, 16));
        }
        notify();
      });
    else socket.pause();
    socket.on('error', () => undefined);
    socket.on('close', () => {
      isClosed = true;
      notify();
    });
    const wait = <T>(test: () => T | undefined, ms: number, what: string) =>
      new Promise<T>((res, rej) => {
        const check = () => {
          const got = test();
          if (got === undefined) return;
          waiters.delete(check);
          clearTimeout(timer);
          res(got);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          rej(new Error(`${what} not seen within ${ms} ms`));
        }, ms);
        waiters.add(check);
        check();
      });
    socket.once('connect', () =>
      resolve({
        socket,
        received,
        closed: (ms = 5000) => wait(() => (isClosed ? true : undefined), ms, 'close').then(() => undefined),
        answerTo: (sequence, ms = 5000) =>
          wait(() => received.find((r) => r.sequence === sequence), ms, `answer to ${sequence}`),
        end: () => socket.destroy(),
      }),
    );
    socket.once('error', reject);
  });
}
