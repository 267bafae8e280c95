import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { duplicatePaths, rawRouteLiterals } from './route-table-checks';

const table = {
  basePath: '/role',
  rows: {
    home: { path: '' },
    logMenu: { path: 'log', menu: true as const },
    log: { path: 'log', under: 'logMenu' },
    logIn: { path: 'log/in/:id', spec: true as const },
  },
  menu: () => [],
  specRoutes: () => [],
};

describe('rawRouteLiterals', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'raw-routes-'));
    mkdirSync(join(dir, 'lib'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a table path or an address under the base path written in a source, in any quotes', () => {
    writeFileSync(
      join(dir, 'lib', 'a-routes.tsx'),
      `const a = { path: 'log' };\nconst b = <Link to="/role/log/in/7" />;\n`,
    );
    writeFileSync(join(dir, 'b.ts'), 'export const c = `log/in/:id`;\n');
    expect(rawRouteLiterals([dir], table)).toEqual([
      { file: join(dir, 'b.ts'), literal: 'log/in/:id' },
      { file: join(dir, 'lib', 'a-routes.tsx'), literal: 'log' },
      { file: join(dir, 'lib', 'a-routes.tsx'), literal: '/role/log/in/7' },
    ]);
  });

  it('passes specs, excepted files, the home and strings that are no path', () => {
    writeFileSync(join(dir, 'a.spec.ts'), `expect(url).toBe('/role/log');\n`);
    writeFileSync(join(dir, 'route-table.ts'), `path: 'log/in/:id'\n`);
    writeFileSync(
      join(dir, 'c.tsx'),
      `const t = ''; const label = 'Log in'; const other = '/role2/x'; const api = '/logs';\n`,
    );
    // keys handed to the table read a path, they do not write one
    writeFileSync(join(dir, 'd.tsx'), `t.path('log'); t.to('log'); t.below('log', 'log'); t.areaPaths('log');\n`);
    expect(rawRouteLiterals([dir], table, ['route-table.ts'])).toEqual([]);
  });
});

describe('duplicatePaths', () => {
  it('lets a group heading share its path with its own leaf only', () => {
    expect(duplicatePaths(table.rows)).toEqual([]);
    expect(duplicatePaths({ ...table.rows, again: { path: 'log/in/:id' } })).toEqual(['log/in/:id']);
  });
});
