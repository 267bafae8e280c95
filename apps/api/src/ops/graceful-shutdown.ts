import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** the overall deadline: past it the process exits 1 whatever is still running */
  timeoutMs: number;
  exit: (code: number) => void;
  /** where the signals come from (the process; tests pass an emitter) */
  signals?: NodeJS.EventEmitter;
  names?: NodeJS.Signals[];
  /** a repeat within this long of the first signal is the same stop request (default 1000 ms) */
  repeatMs?: number;
}

/**
 * Stops the server on SIGTERM or SIGINT: /ready answers 503 at once (a proxy stops sending), app.close()
 * refuses new requests with 503, lets those in flight finish, stops the job workers (the job in hand
 * finishes or is released for another node) and closes the database, then the process exits 0. A second
 * signal, a failing close or the deadline exits 1.
 *
 * Ctrl-C in a terminal signals the whole foreground process group: under `npm start` the server gets SIGINT from
 * the terminal and again from start.mjs (and npm) forwarding theirs, within milliseconds. Repeats within
 * `repeatMs` of the first signal are that same request; only a later one (a second Ctrl-C) cuts the drain short.
 */
export function closeOnSignals(app: FastifyInstance, o: ShutdownOptions) {
  let closing: Promise<void> | null = null;
  let firstSignalAt = 0;
  const repeatMs = o.repeatMs ?? 1000;
  const shutdown = (reason: string): Promise<void> => {
    if (closing) {
      app.log.warn({ reason }, 'second stop request: exiting now');
      o.exit(1);
      return closing;
    }
    app.log.info({ reason, timeout_ms: o.timeoutMs }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error({ timeout_ms: o.timeoutMs }, 'shutdown deadline passed: exiting with work unfinished');
      o.exit(1);
    }, o.timeoutMs);
    // a keep-alive connection whose request finishes during the close turns idle after Node's one sweep at
    // close(); without more sweeps it would hold the close until the client's keep-alive timeout
    const sweep = setInterval(() => app.server.closeIdleConnections?.(), 100);
    closing = app.close().then(
      () => {
        clearInterval(sweep);
        clearTimeout(deadline);
        o.exit(0);
      },
      (err: Error) => {
        clearInterval(sweep);
        clearTimeout(deadline);
        app.log.error({ err: err.message }, 'shutdown failed');
        o.exit(1);
      },
    );
    return closing;
  };
  const source = o.signals ?? process;
  const handlers = (o.names ?? ['SIGTERM', 'SIGINT']).map((name) => {
    const h = () => {
      if (closing && Date.now() - firstSignalAt < repeatMs) {
        app.log.info({ reason: name }, 'stop request repeated: already shutting down');
        return;
      }
      if (!closing) firstSignalAt = Date.now();
      void shutdown(name);
    };
    source.on(name, h);
    return [name, h] as const;
  });
  return {
    shutdown,
    dispose: () => handlers.forEach(([name, h]) => source.off(name, h)),
  };
}
