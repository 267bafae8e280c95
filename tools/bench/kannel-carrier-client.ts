// bench:kannel's side of the carrier's process (kannel-carrier.ts): starts it and asks it questions over IPC.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { CarrierAnswer, CarrierAsk } from './kannel-carrier';

/** The carrier's process, and a question to it answered by its next message. */
export async function startCarrier() {
  const child: ChildProcess = fork(path.join(__dirname, 'kannel-carrier.ts'), {
    execArgv: process.execArgv.filter((a) => !a.startsWith('--cpu-prof')),
  });
  const next = () =>
    new Promise<CarrierAnswer>((resolve, reject) => {
      const gone = (code: number | null) => reject(new Error(`the carrier exited with ${code}`));
      child.once('exit', gone);
      child.once('message', (m) => {
        child.off('exit', gone);
        resolve(m as CarrierAnswer);
      });
    });
  const { port } = (await next()) as { port: number };
  const ask = async (q: CarrierAsk) => {
    const answer = next();
    child.send(q);
    return answer;
  };
  return {
    port,
    pid: child.pid ?? null,
    sessions: async () => ((await ask({ ask: 'sessions' })) as { sessions: number }).sessions,
    submitted: async (tag: string) =>
      ((await ask({ ask: 'submitted', tag })) as { submitted: { to: string; text: string }[] }).submitted,
    close: () => ask({ ask: 'close' }).catch(() => undefined),
  };
}
export type Carrier = Awaited<ReturnType<typeof startCarrier>>;
