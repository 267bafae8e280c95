// A customer's side of a bind for the specs and the benchmark: the `smpp` package's client with promises,
// answering every deliver_sm and keeping what came.
import * as smpp from 'smpp';

export interface Client {
  session: smpp.Session;
  /** deliver_sm received (receipts and incoming messages), in order */
  delivered: smpp.Pdu[];
  /** the command_status deliver_sm are answered with (0: accepted; a customer refusing them otherwise) */
  deliverStatus: number;
  bind(
    kind: 'bind_transceiver' | 'bind_transmitter' | 'bind_receiver',
    system_id: string,
    password: string,
  ): Promise<number>;
  submit(options: Record<string, unknown>): Promise<smpp.Pdu>;
  /** resolves when `n` deliver_sm have arrived, or rejects after `ms` */
  waitDelivered(n: number, ms?: number): Promise<smpp.Pdu[]>;
  close(): Promise<void>;
}

/** `tls`: over TLS (SMPPS_PORT), with the options node:tls takes (a test's own CA, servername). */
export function connect(port: number, host = '127.0.0.1', tls?: { ca?: string | Buffer }): Promise<Client> {
  return new Promise((resolve, reject) => {
    const session = smpp.connect({ host, port, ...(tls ? { tls: true, ...tls } : {}) }, () => resolve(client));
    session.on('error', reject);
    const delivered: smpp.Pdu[] = [];
    const waiters: (() => void)[] = [];
    session.on('deliver_sm', (pdu: smpp.Pdu) => {
      session.send(pdu.response({ command_status: client.deliverStatus }));
      delivered.push(pdu);
      for (const w of waiters.splice(0)) w();
    });
    const client: Client = {
      session,
      delivered,
      deliverStatus: 0,
      bind: (kind, system_id, password) =>
        new Promise((res) => session[kind]({ system_id, password }, (pdu: smpp.Pdu) => res(pdu.command_status))),
      submit: (options) => new Promise((res) => session.submit_sm(options, (pdu: smpp.Pdu) => res(pdu))),
      waitDelivered(n, ms = 10_000) {
        return new Promise((res, rej) => {
          const timer = setTimeout(() => rej(new Error(`${delivered.length} of ${n} deliver_sm after ${ms} ms`)), ms);
          const check = () => {
            if (delivered.length >= n) {
              clearTimeout(timer);
              res(delivered.slice(0, n));
            } else waiters.push(check);
          };
          check();
        });
      },
      close: () =>
        new Promise((res) => {
          if (session.socket.destroyed) return res();
          session.socket.once('close', () => res());
          session.destroy();
        }),
    };
  });
}
