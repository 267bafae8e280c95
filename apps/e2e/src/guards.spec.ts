import { test, expect } from './fixtures';
import { ROLES, expectHome, signIn, signInFresh } from './support';

test.describe('navigation guards', () => {
  test('a signed-out user is sent to /login carrying the wanted address, and returns there', async ({ page }) => {
    await page.goto('/reseller?tab=1');
    await expect(page).toHaveURL(/\/login\?redirect=%2Freseller%3Ftab%3D1$/);
    await signIn(page, 'reseller@example.com');
    await expect(page).toHaveURL(/\/reseller\?tab=1$/);
  });

  test("another type's area, '/' and unknown paths lead to the user's own home", async ({ page }) => {
    await signInFresh(page, 'acme-user@example.com');
    await expectHome(page, ROLES[2]);
    for (const path of ['/system-admin', '/', '/no/such/page', '/reseller/users']) {
      await page.goto(path);
      await expectHome(page, ROLES[2]);
    }
  });

  test('a wrong password shows the server message and no session', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'admin@example.com', 'wrong-password-1');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();
  });

  test('a stored session survives a reload; logout clears it', async ({ page }) => {
    await signInFresh(page, 'reseller@example.com');
    await expectHome(page, ROLES[3]);
    await page.reload();
    await expectHome(page, ROLES[3]);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();
    await page.goto('/reseller');
    await expect(page).toHaveURL(/\/login\?redirect=%2Freseller$/);
  });
});
