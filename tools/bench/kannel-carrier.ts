// bench:kannel's carrier (the SMPP simulator Kannel binds to) in a process of its own, so the API process's CPU
// is the API's alone. The bench asks over IPC: `sessions` (bound links), `submitted` (what reached it with a
// tag, to count lost and twice), `close`; the first message out is the port it listens on.
import { SmppCarrier } from '../../apps/api/src/kannel/smpp-carrier';

export type CarrierAsk = { ask: 'sessions' } | { ask: 'submitted'; tag: string } | { ask: 'close' };
export type CarrierAnswer =
  { port: number } | { sessions: number } | { submitted: { to: string; text: string }[] } | { closed: true };

const send = (m: CarrierAnswer) => process.send?.(m);
const carrier = new SmppCarrier({
  port: 0,
  systemId: 'console',
  password: 'secret42',
  receiptDelayMs: Number(process.env.KANNEL_RECEIPT_DELAY_MS ?? 20),
});

process.on('message', (m: CarrierAsk) => {
  if (m.ask === 'sessions') send({ sessions: carrier.sessions });
  else if (m.ask === 'submitted')
    send({
      submitted: carrier.submitted.filter((s) => s.text.startsWith(m.tag)).map((s) => ({ to: s.to, text: s.text })),
    });
  else
    void carrier.close().then(() => {
      send({ closed: true });
      process.exit(0);
    });
});

carrier.start().then(
  (port) => send({ port }),
  (e: Error) => {
    console.error(e);
    process.exit(1);
  },
);
