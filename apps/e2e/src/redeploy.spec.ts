import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROLES, expectHome, signInFresh } from './support';
import { E2E_PORT, ROOT as root, TEMPLATE_DATA, startServer, type E2eServer } from './server';

// The rebuilt remote goes into the served copy: this spec gets a server (and copy) of its own, on
// the last port of the run's range, so no other spec ever sees the relabelled build.
const PORT = E2E_PORT + 9;
let server: E2eServer;
test.beforeAll(async () => {
  test.setTimeout(200_000);
  server = await startServer('redeploy', PORT, { dataFrom: TEMPLATE_DATA });
});
test.afterAll(async () => {
  await server?.stop();
});
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test('one remote is rebuilt and redeployed; the running shell picks it up on reload', async ({ page }) => {
  test.setTimeout(240_000);
  await signInFresh(page, 'admin@example.com');
  await expectHome(page, ROLES[0]);
  await expect(page.getByTestId('build-label')).toHaveCount(0);
  const label = `build-${Date.now()}`;
  // only the system-admin remote is rebuilt, straight into the running server's web root
  // on this test's own Node (the pinned one), not whichever `node` the PATH finds first
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'node_modules/webpack-cli/bin/cli.js',
      '-c',
      'apps/system-admin/webpack.config.ts',
      '--mode',
      'production',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, REMOTE_LABEL: label, WEBPACK_OUTPUT_DIR: path.join(server.dir, 'web/system-admin') },
    },
  );
  await page.reload();
  await expectHome(page, ROLES[0]);
  await expect(page.getByTestId('build-label')).toHaveText(label);
});
