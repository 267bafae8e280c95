import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { renderEnvExample } from './env-docs';
import { ENV_ENTRIES } from './env';

const ROOT = path.resolve(__dirname, '../../../..');

describe('generated configuration docs', () => {
  // Prettier (which aligns the README table) loads as an ES module, which jest cannot: the check runs as a script.
  it('.env.example and the README table match the declarations (npm run env-docs regenerates them)', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'tools/scripts/env-docs.ts', '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 60_000);

  it('lists every declared variable once in .env.example', () => {
    const names = renderEnvExample()
      .split('\n')
      .map((l) => /^(?:# )?([A-Z][A-Z0-9_]+)=/.exec(l)?.[1])
      .filter(Boolean);
    expect(names).toEqual(ENV_ENTRIES.map((e) => e.name));
  });
});
