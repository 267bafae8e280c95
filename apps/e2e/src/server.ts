import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');
/** First port of this run; worker n serves on E2E_PORT + n, its SMTP listener on that + 1000. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);

/** Everything one server owns: its web copy, PGlite files and the mails it sent. */
export function serverDir(name: string) {
  return path.join(ROOT, 'tmp/e2e/servers', name);
}

/** The database global-setup migrated and seeded once; every server of the run starts from a copy. */
export const TEMPLATE_DATA = path.join(serverDir('template'), 'data');

export interface E2eServer {
  url: string;
  dir: string;
  stop(): Promise<void>;
}

async function waitUntilServing(url: string, child: ChildProcess) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`e2e server for ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/remotes.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`e2e server for ${url} did not start in 180 s`);
}

/**
 * Starts tools/scripts/e2e-server.mjs (the real API on a fresh PGlite database, a copy of the
 * production build and an SMTP listener) in its own directory, and resolves once it serves.
 */
export async function startServer(name: string, port: number, opts: { dataFrom?: string } = {}): Promise<E2eServer> {
  const dir = serverDir(name);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'tools/scripts/e2e-server.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(port),
      E2E_DIR: dir,
      E2E_STOP_WITH_PARENT: '1',
      ...(opts.dataFrom ? { E2E_DATA_FROM: opts.dataFrom } : {}),
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitUntilServing(url, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, dir, stop };
}
