import { test, expect, waitForQuiet } from './fixtures';
import { violationsInBothThemes } from './axe-themes';
import { ROLES, expectHome, signInFresh } from './support';

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
      expect(await violationsInBothThemes(page)).toEqual([]);
    });
  }

  for (const role of ROLES) {
    test(`${role.home} home`, async ({ page }) => {
      await signInFresh(page, role.email);
      await expectHome(page, role);
      expect(await violationsInBothThemes(page)).toEqual([]);
    });
  }

  test('an open menu group, a report page and the hidden side bar', async ({ page }) => {
    await signInFresh(page, ROLES[0].email);
    await expectHome(page, ROLES[0]);
    await page.goto('/system-admin/reporting/number');
    await expect(page.getByTestId('page-title')).toHaveText('Number Report');
    await waitForQuiet(page);
    expect(await violationsInBothThemes(page)).toEqual([]);
    await page.getByRole('button', { name: 'Hide menu' }).click();
    await expect(page.getByRole('button', { name: 'Show menu' })).toBeVisible();
    expect(await violationsInBothThemes(page)).toEqual([]);
  });
});
