// Runs a real Kannel for the round-trip test, the benchmark and `npm run start:kannel`: installs
// Debian's package when missing, writes the project's kannel.conf and starts bearerbox + smsbox.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';

export const BEARERBOX = '/usr/sbin/bearerbox';
export const SMSBOX = '/usr/sbin/smsbox';

const run = (cmd: string, args: string[], env?: NodeJS.ProcessEnv) =>
  execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } }).toString();

/**
 * apt-get installs `kannel` when bearerbox is missing (an `apt-get update` first when the package
 * lists know nothing of it), then stops and disables Debian's own service, which would hold admin
 * port 13000 with /etc/kannel/kannel.conf. Needs root or a password-less sudo.
 */
export function ensureKannel(log: (s: string) => void = () => undefined): void {
  if (existsSync(BEARERBOX) && existsSync(SMSBOX)) return;
  // root runs apt-get itself; otherwise a password-less sudo (a CI runner's user) does
  const root = process.getuid?.() === 0;
  if (!root) {
    try {
      run('sudo', ['-n', 'true']);
    } catch {
      throw new Error('Kannel is not installed and installing it needs root: sudo apt-get install -y kannel');
    }
  }
  const apt = (args: string[]) =>
    root
      ? run('apt-get', args, { DEBIAN_FRONTEND: 'noninteractive' })
      : run('sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]);
  const known = () => {
    try {
      return /Candidate: \d/.test(run('apt-cache', ['policy', 'kannel']));
    } catch {
      return false;
    }
  };
  if (!known()) {
    log('apt-get update');
    apt(['update', '-qq']);
  }
  log('apt-get install kannel');
  apt(['install', '-y', '-qq', 'kannel']);
  for (const [cmd, args] of [
    ['/etc/init.d/kannel', ['stop']],
    ['update-rc.d', ['kannel', 'disable']],
  ] as const) {
    try {
      run(root ? cmd : 'sudo', root ? [...args] : ['-n', cmd, ...args]);
    } catch {
      /* no init system in a container: nothing was started */
    }
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const bindable = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/**
 * A port nothing listens on now, for a process that binds it seconds later. Drawn below the kernel's
 * ephemeral range (32768+ here): a port the OS hands out (an outbound connection's local port, another
 * worker's listen on 0) could be taken between the pick and the bind, and once was (EADDRINUSE in CI).
 */
export async function freePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await bindable(port)) return port;
  }
  throw new Error('no free port between 20000 and 32000 after 50 draws');
}

export async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs = 20_000,
  everyMs = 100,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await probe()) return;
    } catch (e) {
      if (/exited/.test((e as Error).message)) throw e;
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export interface KannelBoxes {
  dir: string;
  conf: string;
  startBearerbox(): Promise<void>;
  startSmsbox(): Promise<void>;
  /** SIGKILL: a crash, for fault checks */
  killBearerbox(): void;
  pid(box: 'bearerbox' | 'smsbox'): number | null;
  /** the box this object started is still running */
  running(box: 'bearerbox' | 'smsbox'): boolean;
  stop(): Promise<void>;
}

/**
 * Starts bearerbox then smsbox on `conf` (written already), each with a pid file in `dir`; the admin
 * port answering means bearerbox is up, the sendsms port answering means smsbox is connected.
 */
/** Something accepts TCP connections on the port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ port, host: '127.0.0.1' });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

export async function startBoxes(opts: {
  dir: string;
  conf: string;
  adminPort: number;
  smsboxPort: number;
  sendsmsPort: number;
  log?: (s: string) => void;
}): Promise<KannelBoxes> {
  mkdirSync(opts.dir, { recursive: true });
  const children = new Map<'bearerbox' | 'smsbox', ChildProcess>();
  const spawnBox = (box: 'bearerbox' | 'smsbox') => {
    const pidFile = path.join(opts.dir, `${box}.pid`);
    // a box that was killed leaves its pid file, and the next one refuses to start over it
    if (existsSync(pidFile)) {
      const old = Number(readFileSync(pidFile, 'utf8').trim());
      if (old && isAlive(old)) throw new Error(`${box} already runs as pid ${old} (${pidFile})`);
      rmSync(pidFile, { force: true });
    }
    const err = openSync(path.join(opts.dir, `${box}.stderr`), 'a');
    const child = spawn(box === 'bearerbox' ? BEARERBOX : SMSBOX, ['-v', '4', '-p', pidFile, opts.conf], {
      stdio: ['ignore', 'ignore', err],
      detached: false,
    });
    closeSync(err);
    child.on('exit', (code, sig) => opts.log?.(`${box} exited (${code ?? sig})`));
    children.set(box, child);
  };
  const alive = (box: 'bearerbox' | 'smsbox') => {
    const c = children.get(box);
    if (c && (c.exitCode !== null || c.signalCode))
      throw new Error(`${box} exited (${c.exitCode ?? c.signalCode}): see ${opts.dir}/${box}.log`);
    return true;
  };
  const answers = async (port: number, p: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${p}`, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return true;
  };
  const boxes: KannelBoxes = {
    dir: opts.dir,
    conf: opts.conf,
    async startBearerbox() {
      spawnBox('bearerbox');
      await waitFor(
        'bearerbox admin port',
        async () => alive('bearerbox') && (await answers(opts.adminPort, '/status.txt')),
      );
      // smsbox gives up at once when the box port is not open yet
      await waitFor('bearerbox smsbox port', async () => alive('bearerbox') && listening(opts.smsboxPort));
    },
    async startSmsbox() {
      spawnBox('smsbox');
      await waitFor('smsbox sendsms port', async () => alive('smsbox') && (await answers(opts.sendsmsPort, '/')));
    },
    killBearerbox() {
      children.get('bearerbox')?.kill('SIGKILL');
    },
    running(box) {
      const c = children.get(box);
      return !!c && c.exitCode === null && !c.signalCode;
    },
    pid(box) {
      const file = path.join(opts.dir, `${box}.pid`);
      return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) || null : null;
    },
    async stop() {
      // smsbox first so nothing new enters; then bearerbox, which writes its store on the way out
      for (const box of ['smsbox', 'bearerbox'] as const) {
        const child = children.get(box);
        if (!child || child.exitCode !== null || child.signalCode) continue;
        const gone = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 5000);
        await gone;
        clearTimeout(t);
      }
    },
  };
  try {
    await boxes.startBearerbox();
    await boxes.startSmsbox();
  } catch (e) {
    await boxes.stop();
    throw e;
  }
  return boxes;
}

export function writeConf(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text, { mode: 0o600 });
}
