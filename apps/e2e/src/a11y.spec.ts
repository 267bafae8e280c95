import type { Page } from '@playwright/test';
import { test, expect, waitForQuiet } from './fixtures';
import AxeBuilder from '@axe-core/playwright';
import { ROLES, expectHome, signInFresh } from './support';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * The page as it is, then the same page in the dark theme: the system setting is switched in place (the console
 * follows prefers-color-scheme live), with no new navigation, so the dark pass costs one axe run. Its time is
 * added to the test's annotations. Answers the violations of both, each prefixed with its theme.
 */
async function violations(page: Page) {
  const light = await axe(page);
  const started = Date.now();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // antd's tokens are applied once React has drawn the dark tree
  await expect(page.locator('html')).toHaveAttribute('data-theme-ready', '');
  const dark = await axe(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  test.info().annotations.push({ type: 'dark-pass-ms', description: String(Date.now() - started) });
  return [...light.map((v) => `light ${v}`), ...dark.map((v) => `dark ${v}`)];
}

test.describe('accessibility (axe-core, WCAG 2.2 AA tags)', () => {
  for (const path of [
    '/login',
    '/registration',
    '/forgot-password',
    '/forgot-password/some-token',
    '/api_smsc/v1/registration/confirm/some-token',
  ]) {
    test(`public screen ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await waitForQuiet(page);
      expect(await violations(page)).toEqual([]);
    });
  }

  for (const role of ROLES) {
    test(`${role.home} home`, async ({ page }) => {
      await signInFresh(page, role.email);
      await expectHome(page, role);
      expect(await violations(page)).toEqual([]);
    });
  }

  test('an open menu group, a report page and the hidden side bar', async ({ page }) => {
    await signInFresh(page, ROLES[0].email);
    await expectHome(page, ROLES[0]);
    await page.goto('/system-admin/reporting/number');
    await expect(page.getByTestId('page-title')).toHaveText('Number Report');
    await waitForQuiet(page);
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Hide menu' }).click();
    await expect(page.getByRole('button', { name: 'Show menu' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});
