// Forks target.ts under tsx and watches it: its ports, its memory, and how it ended (an exit while fuzzed is a
// finding; the last lines it wrote to stderr carry the stack).
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TargetReady } from './target';

export interface TargetProcess extends TargetReady {
  /** set when the process ended by itself: its code or signal */
  exited: string | null;
  /** the highest resident memory it reported, bytes */
  maxRss: number;
  rss: number;
  /** the listener's figures as /metrics shows them (connections, faults, timeouts, …), last reported */
  smpp: Record<string, number> | null;
  /** its stderr's last lines */
  stderrTail(): string;
  /** asks it to close (app.close()), kills it after `ms` */
  stop(ms?: number): Promise<void>;
}

const ROOT = path.resolve(__dirname, '../../../../..');

export function spawnTarget(env: NodeJS.ProcessEnv = {}, startMs = 180_000): Promise<TargetProcess> {
  const child: ChildProcess = fork(path.join(__dirname, 'target.ts'), [], {
    cwd: ROOT,
    execPath: process.execPath,
    // tsx resolves the workspace's path aliases from ./tsconfig.json; the parent's own flags (jest's) stay out
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let tail = '';
  child.stderr?.on('data', (d: Buffer) => {
    tail = (tail + d.toString()).slice(-6000);
  });
  return new Promise((resolve, reject) => {
    let handle: TargetProcess | null = null;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`fuzz target not ready after ${startMs} ms\n${tail}`));
    }, startMs);
    child.on('message', (m: Partial<TargetReady> & { rss?: number; smpp?: Record<string, number> | null }) => {
      if (m.ready && !handle) {
        clearTimeout(timer);
        handle = {
          ...(m as TargetReady),
          exited: null,
          maxRss: 0,
          rss: 0,
          smpp: null,
          stderrTail: () => tail,
          stop: (ms = 15_000) =>
            new Promise<void>((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done();
              const kill = setTimeout(() => child.kill('SIGKILL'), ms);
              child.once('exit', () => {
                clearTimeout(kill);
                done();
              });
              if (child.connected) child.send({ stop: true });
              else child.kill('SIGTERM');
            }),
        };
        resolve(handle);
      } else if (m.rss && handle) {
        handle.rss = m.rss;
        handle.maxRss = Math.max(handle.maxRss, m.rss);
        handle.smpp = m.smpp ?? null;
      }
    });
    child.on('exit', (code, signal) => {
      if (handle) handle.exited = signal ? `signal ${signal}` : `exit code ${code}`;
      else {
        clearTimeout(timer);
        reject(new Error(`fuzz target ended before it was ready (${signal ?? code})\n${tail}`));
      }
    });
  });
}
