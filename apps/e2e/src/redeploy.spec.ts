import { test, expect } from '@playwright/test';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { ROLES, expectHome, signInFresh } from './support';

const root = path.resolve(__dirname, '../../..');

test('one remote is rebuilt and redeployed; the running shell picks it up on reload', async ({ page }) => {
  test.setTimeout(240_000);
  await signInFresh(page, 'admin@example.com');
  await expectHome(page, ROLES[0]);
  await expect(page.getByTestId('build-label')).toHaveCount(0);
  const label = `build-${Date.now()}`;
  // only the system-admin remote is rebuilt, straight into the running server's web root
  execSync('node --import tsx node_modules/webpack-cli/bin/cli.js -c apps/system-admin/webpack.config.ts --mode production', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, REMOTE_LABEL: label, WEBPACK_OUTPUT_DIR: path.join(root, 'tmp/e2e/web/system-admin') },
  });
  await page.reload();
  await expectHome(page, ROLES[0]);
  await expect(page.getByTestId('build-label')).toHaveText(label);
});
