import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

describe('main: the server process', () => {
  it('exits 1 naming a malformed variable, before it opens any database', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'smsc-main-'));
    const dataDir = path.join(dir, 'pglite');
    try {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
        env: { PATH: process.env.PATH, TOKEN_TTL_SECONDS: '1h', DATA_DIR: dataDir, PORT: '0' },
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('TOKEN_TTL_SECONDS="1h": expected a whole number ≥ 60');
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
