import { test, expect } from './fixtures';
import { expectHome, signIn, signInFresh, ROLES } from './support';
import { linkFromMail } from './mailbox';

test.describe.serial('registration and password reset', () => {
  const email = `new-${Date.now()}@example.com`;
  const firstPassword = 'Harbour-Lantern-42';
  const secondPassword = 'Quarry-Meadow-97';

  test('register, open the mailed link, confirm, sign in', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/registration$/);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Enter your name')).toBeVisible();
    await page.getByLabel('Full name').fill('Nina New');
    await page.getByLabel('Company name').fill('Newco');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByLabel('Confirm password').fill('something-else-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm password').fill(firstPassword);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Almost there')).toBeVisible();

    // not active before confirmation
    await page.goto('/login');
    await signIn(page, email, firstPassword);
    await expect(page.getByRole('alert')).toBeVisible();

    const link = await linkFromMail(email, '/api_smsc/v1/registration/confirm/');
    await page.goto(link);
    await expect(page.getByText('Your account is active')).toBeVisible();
    // a confirmation link works once
    await page.reload();
    await expect(page.getByText('This confirmation link cannot be used')).toBeVisible();

    await page.goto('/login');
    await signIn(page, email, firstPassword);
    // the company admin's home, which goes on to its daily usage at once (docs/spec.md §2)
    await expect(page).toHaveURL(/\/company-admin(\/daily-usage)?$/);
    await expect(page.getByRole('banner').getByText(email)).toBeVisible();
  });

  test('registering a taken email answers like a new sign-up; the owner gets a mail instead', async ({ page }) => {
    await page.goto('/registration');
    await page.getByLabel('Full name').fill('Nina Again');
    await page.getByLabel('Company name').fill('Newco 2');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByLabel('Confirm password').fill(firstPassword);
    await page.getByRole('button', { name: 'Create account' }).click();
    // the form must not tell whether the address has an account
    await expect(page.getByText('Almost there')).toBeVisible();
    expect(await linkFromMail(email, '/forgot-password')).toMatch(/\/forgot-password$/);
  });

  test('forgot password, mailed link, new password works and the old one does not', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('If an account uses that email')).toBeVisible();

    const link = await linkFromMail(email, '/forgot-password/');
    await page.goto(new URL(link).pathname);
    await page.getByLabel('New password', { exact: true }).fill(secondPassword);
    await page.getByLabel('Confirm new password').fill(secondPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed')).toBeVisible();

    await page.goto('/login');
    await signIn(page, email, firstPassword);
    await expect(page.getByRole('alert')).toBeVisible();
    await signIn(page, email, secondPassword);
    await expect(page).toHaveURL(/\/company-admin$/);
  });

  test('an unknown email gets the same answer as a known one', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('If an account uses that email')).toBeVisible();
  });
});

test.describe('session', () => {
  test('after logout the next user sees nothing of the previous one', async ({ page }) => {
    await signInFresh(page, 'globex-admin@example.com');
    await expect(page.getByRole('banner').getByText('globex-admin@example.com')).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    // the session is cleared once the server has ended it (a busy machine answers late)
    await expect(page).toHaveURL(/\/login/);
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('user'))))
      .toEqual([]);
    await signIn(page, 'acme-admin@example.com');
    await expectHome(page, ROLES[1]);
    await expect(page.getByText('globex-admin@example.com')).toHaveCount(0);
  });

  test('60 s before expiry the user is logged out and returns to the same page on sign-in', async ({ page }) => {
    await page.clock.install();
    await signInFresh(page, 'admin@example.com');
    await expectHome(page, ROLES[0]);
    await page.goto('/system-admin?view=expiry');
    await expect(page.getByTestId('role-home')).toBeVisible();
    const exp = Number(await page.evaluate(() => localStorage.getItem('token-exp')));
    const now = await page.evaluate(() => Date.now());
    // just short of the logout moment nothing happens
    await page.clock.runFor(exp * 1000 - 60_000 - now - 2_000);
    await expect(page).toHaveURL(/\/system-admin\?view=expiry$/);
    await page.clock.runFor(3_000);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();
    // back to the server's time, or the fresh token would look nearly expired to the page
    await page.clock.setSystemTime(Date.now());
    await signIn(page, 'admin@example.com');
    await expect(page).toHaveURL(/\/system-admin\?view=expiry$/);
  });
});
