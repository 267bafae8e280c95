// Ctrl-C on `npm start` (tools/scripts/start.mjs): the terminal signals the whole process group, so the server gets
// SIGINT from the terminal and again from start.mjs forwarding its own. It must drain once and exit 0; before the
// repeat was taken as the same request, the second copy cut the drain short (exit 1).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../config';
import { freePort } from '../kannel/stack';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('npm start and Ctrl-C', () => {
  it('drains the server once and exits 0 when SIGINT reaches the start script and the server together', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'start-ctrl-c-'));
    // start.mjs only checks that a console build is there
    mkdirSync(path.join(dir, 'web/shell'), { recursive: true });
    writeFileSync(path.join(dir, 'web/shell/index.html'), '<html></html>');
    const port = await freePort();
    // its own process group, as a terminal's foreground job: process.kill(-pid) signals every process in it
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'tools/scripts/start.mjs')], {
      cwd: REPO_ROOT,
      detached: true,
      env: {
        ...process.env,
        SKIP_BUILD: '1',
        PORT: String(port),
        HOST: '127.0.0.1',
        SMPP_PORT: '0',
        DATA_DIR: path.join(dir, 'data'),
        WEB_ROOT: path.join(dir, 'web'),
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        PASSWORD_HASH_COST: 'fast',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    try {
      let ready = false;
      for (let i = 0; i < 240 && !ready && child.exitCode === null; i++) {
        await sleep(500);
        ready = await fetch(`http://127.0.0.1:${port}/ready`).then(
          (r) => r.ok,
          () => false,
        );
      }
      expect(ready).toBe(true);
      process.kill(-(child.pid as number), 'SIGINT');
      expect(await exited).toBe(0);
      expect(out).toContain('The API stopped: exit code 0');
      expect(out.match(/"msg":"shutting down"/g)).toHaveLength(1);
      expect(out).not.toContain('second stop request');
    } finally {
      if (child.exitCode === null) process.kill(-(child.pid as number), 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
