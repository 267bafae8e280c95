import { test, expect } from './fixtures';
import { expectTitle, expectToast, signInAs, tableRows } from './accounts-support';
import { linkFromMail } from './mailbox';
import { signIn } from './support';

const stamp = Date.now().toString(36);

test('a reseller admin invites a read-only user, who signs in and sees the companies but no way to change them', async ({
  page,
}) => {
  const email = `viewer-${stamp}@example.com`;
  const password = `viewer-pass-${stamp}`;
  await signInAs(page, 'reseller@example.com', '/reseller');
  await page.getByRole('navigation').getByRole('link', { name: 'Team', exact: true }).click();
  await expectTitle(page, 'Team');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Name').fill('Vera Viewer');
  await dialog.getByLabel('E-mail').fill(email);
  // the role starts at read-only; no password: the user is invited by mail
  await expect(dialog.locator('.ant-select')).toContainText('Read-only');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expectToast(page, `Invitation sent to ${email}`);
  const row = tableRows(page).filter({ hasText: email });
  await expect(row).toContainText('Read-only');
  await expect(row).toContainText('Invited');

  // the invitation's link chooses the password
  const link = await linkFromMail(email, '/forgot-password/');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto(new URL(link).pathname);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/reseller$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Companies', exact: true }).click();
  await expectTitle(page, 'Company list');
  await expect(tableRows(page).first()).toBeVisible();
  await expect(tableRows(page).filter({ hasText: 'Acme' })).toHaveCount(1);
  // every company is there to read; nothing offers a change
  await expect(page.getByRole('button', { name: /New company/ })).toHaveCount(0);
  await expect(page.locator('main').getByRole('button', { name: /Delete|Edit/ })).toHaveCount(0);
  await expect(page.locator('main').getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await page.getByRole('navigation').getByRole('link', { name: 'Team', exact: true }).click();
  await expect(tableRows(page).filter({ hasText: email })).not.toContainText('Invited');
  await expect(page.getByRole('button', { name: 'Invite user' })).toHaveCount(0);
});
