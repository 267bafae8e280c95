import { test, expect } from './fixtures';
import { expectAccessible, expectTitle, expectToast, signInAs } from './accounts-support';

test('a reseller words its password-reset mail, previews it, saves it and goes back to the default', async ({
  page,
}) => {
  await signInAs(page, 'reseller@example.com', '/reseller');
  const nav = page.getByRole('navigation', { name: /menu$/ });
  await nav.getByText('Mail templates', { exact: true }).click();
  await nav.getByRole('link', { name: 'Other mails', exact: true }).click();
  await expectTitle(page, 'Mail templates');
  // the picked mail lives in the address
  await page.locator('label.ant-radio-button-wrapper', { hasText: 'Low balance' }).click();
  await expect(page).toHaveURL(/kind=low_balance/);
  await expect(page.getByLabel('Subject')).toHaveValue('Low balance for {{company_name}}');
  await page.locator('label.ant-radio-button-wrapper', { hasText: 'Password reset' }).click();
  await expect(page).toHaveURL(/kind=password_reset/);
  await expect(page.getByText('Default template', { exact: true })).toBeVisible();
  await page.getByLabel('Subject').fill('{{reseller_name}}: your new password');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('Demo Reseller: your new password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Mail template saved');
  await page.reload();
  await expect(page.getByLabel('Subject')).toHaveValue('{{reseller_name}}: your new password');
  await expect(page.getByText(/Your wording, saved/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Use default template' }).click();
  await expectToast(page, 'Default template restored');
  await expect(page.getByLabel('Subject')).toHaveValue('Reset your {{reseller_name}} password');
});
