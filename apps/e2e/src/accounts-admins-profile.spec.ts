import { test, expect } from './fixtures';
import { PASSWORD, signIn } from './support';
import {
  axeViolations,
  columnTexts,
  deleteRow,
  expectNotFound,
  expectTitle,
  expectToast,
  openAs,
  rows,
  search,
  userByEmail,
} from './users-support';

test.describe('system admins', () => {
  test('admin user management opens the admin list; page, sort and search survive a reload', async ({ page }) => {
    await openAs(page, 'admin@example.com', '/system-admin/admin-user-management');
    await expect(page).toHaveURL(/\/system-admin\/admins$/);
    await expectTitle(page, 'Admins');
    expect(await axeViolations(page)).toEqual([]);
    const names = await columnTexts(page, 1);
    expect(names).toHaveLength(10);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    // the list starts sorted by name ascending, so one click turns it to descending
    await page.getByRole('columnheader', { name: 'Name' }).click();
    await expect(page).toHaveURL(/order_by=full_name&order_dir=desc/);
    await expect.poll(async () => (await columnTexts(page, 1))[0]).toBe('System Admin');
    // the first page in the new order: the second page must differ from it (not only from the first order's)
    const firstDesc = await columnTexts(page, 1);
    await page.locator('.ant-pagination-item-2').click();
    await expect(page).toHaveURL(/page=1/);
    await expect.poll(() => columnTexts(page, 1)).not.toEqual(firstDesc);
    const lastPage = await columnTexts(page, 1);
    expect(lastPage.length).toBeGreaterThan(0);
    expect(lastPage).toEqual([...lastPage].sort((a, b) => b.localeCompare(a)));
    await page.reload();
    await expect.poll(() => columnTexts(page, 1)).toEqual(lastPage);

    await search(page, { Name: 'ops-admin-1' });
    await expect(page).toHaveURL(/full_name=ops-admin-1/);
    await expect.poll(async () => (await columnTexts(page, 2)).every((e) => e.startsWith('ops-admin-1'))).toBe(true);
    await page.reload();
    await expect.poll(async () => (await columnTexts(page, 2)).every((e) => e.startsWith('ops-admin-1'))).toBe(true);
  });

  test('create, edit (deactivate) and delete an admin, with toasts', async ({ page }) => {
    const email = `ops-new-${Date.now()}@example.com`;
    await openAs(page, 'admin@example.com', '/system-admin/admins');
    await page.getByRole('button', { name: 'New admin' }).click();
    await expect(page).toHaveURL(/\/system-admin\/admins\/add-admin$/);
    await expectTitle(page, 'Add admin');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Full name').fill('Olga Operator');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('olga-pass-2026');
    await page.getByRole('button', { name: 'Create admin' }).click();
    await expectToast(page, 'Admin created');
    await expect(page).toHaveURL(/\/system-admin\/admins$/);

    await search(page, { Name: email });
    await expect(rows(page)).toHaveCount(1);
    await rows(page)
      .first()
      .getByRole('link', { name: /^Edit / })
      .click();
    await expect(page).toHaveURL(/\/system-admin\/admins\/edit\/[0-9a-f-]{36}$/);
    await expectTitle(page, 'Edit admin');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('switch', { name: 'Active' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Admin saved');
    await search(page, { Name: email });
    await expect(rows(page).first()).toContainText('Inactive');
    await deleteRow(page, rows(page).first());
    await expectToast(page, 'Admin deleted');
    await expect(page.getByText('No Data Found')).toBeVisible();
  });

  test("a company user's id in the admin edit address is not found", async ({ page, request }) => {
    const acmeUser = await userByEmail(request, 'acme-user@example.com');
    await openAs(page, 'admin@example.com', `/system-admin/admins/edit/${acmeUser.uuid}`);
    await expectNotFound(page, 'Admin not found');
    await expect(page.getByLabel('Full name')).toHaveCount(0);
  });
});

test.describe('profiles', () => {
  test('system admin: system info, then edit admin info', async ({ page }) => {
    await openAs(page, 'admin@example.com', '/system-admin/profile');
    await expect(page).toHaveURL(/\/system-admin\/profile\/system-info$/);
    await expectTitle(page, 'System info');
    await expect(page.getByTestId('profile-account')).toContainText('admin@example.com');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/system-admin\/profile\/edit-admin-info\/[0-9a-f-]{36}$/);
    await expectTitle(page, 'Edit admin info');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Full name').fill('System Admin Renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Profile saved');
    await expect(page).toHaveURL(/\/system-admin\/profile\/system-info$/);
    await expect(page.getByTestId('profile-account')).toContainText('System Admin Renamed');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Full name').fill('System Admin');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Profile saved');
    await page.goto('/system-admin/profile/edit-admin-info/00000000-0000-4000-8000-000000000000');
    await expectNotFound(page, 'Profile not found');
  });

  test('system admin: a new password needs the current one; afterwards only the new one signs in', async ({ page }) => {
    // a seeded admin no other test signs in as, so the changed password disturbs nobody
    const email = 'ops-admin-6@example.com';
    const fresh = 'ops-six-new-pass-2026';
    await openAs(page, email, '/system-admin/profile');
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/system-admin\/profile\/edit-admin-info\/[0-9a-f-]{36}$/);
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByLabel('Repeat new password').fill(fresh);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter your current password to set a new one')).toBeVisible();
    await page.getByLabel('Current password').fill('not-the-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The current password is wrong')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Profile saved');
    // the session that changed the password stays signed in, also after a reload
    await expect(page).toHaveURL(/\/system-admin\/profile\/system-info$/);
    await page.reload();
    await expect(page.getByTestId('profile-account')).toContainText(email);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email, PASSWORD);
    await expect(page.getByText('Wrong email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email, fresh);
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expect(page).toHaveURL(/\/system-admin/);
  });

  test('company admin: company info, rename the company, admin contact', async ({ page, request }) => {
    const globexAdmin = await userByEmail(request, 'globex-admin@example.com');
    await openAs(page, 'acme-admin@example.com', '/company-admin/profile');
    await expect(page).toHaveURL(/\/company-admin\/profile\/company-info$/);
    await expectTitle(page, 'Company info');
    await expect(page.getByTestId('profile-company')).toContainText('Acme');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/company-admin\/profile\/edit-company-info\/[0-9a-f-]{36}$/);
    await expectTitle(page, 'Edit company info');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Company name').fill('Acme Renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Company info saved');
    await expect(page.getByTestId('profile-company')).toContainText('Acme Renamed');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Company name').fill('Acme');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Company info saved');
    await expect(page.getByTestId('profile-company')).toContainText('Acme');

    await page.goto(`/company-admin/profile/edit-company-info/${globexAdmin.company_uuid}`);
    await expectNotFound(page, 'Company not found');
    await expect(page.getByLabel('Company name')).toHaveCount(0);

    await page.goto('/company-admin/profile/admin-contact');
    await expectTitle(page, 'Admin contact');
    await expect(page.getByTestId('profile-account')).toContainText('acme-admin@example.com');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Full name').fill('Acme Admin Contact');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Profile saved');
    await expect(page.getByTestId('profile-account')).toContainText('Acme Admin Contact');
    await page.getByLabel('Full name').fill('Acme Admin');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Profile saved');
  });

  test('company user: company shown read-only, own name changed', async ({ page, request }) => {
    const globexAdmin = await userByEmail(request, 'globex-admin@example.com');
    await openAs(page, 'acme-user@example.com', '/company-user/profile');
    await expect(page).toHaveURL(/\/company-user\/profile\/edit-company-info\/[0-9a-f-]{36}$/);
    await expectTitle(page, 'My profile');
    await expect(page.getByTestId('profile-company')).toContainText('Acme');
    await expect(page.getByLabel('Company name')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Full name').fill('Acme User Renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Profile saved');
    await expect(page.getByLabel('Full name')).toHaveValue('Acme User Renamed');
    await page.getByLabel('Full name').fill('Acme User');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Profile saved');
    await page.goto(`/company-user/profile/edit-company-info/${globexAdmin.company_uuid}`);
    await expectNotFound(page, 'Company not found');
    await expect(page.getByLabel('Full name')).toHaveCount(0);
  });

  test('company user: a password change needs the current one and ends the other sessions of that user', async ({
    page,
    browser,
  }) => {
    // a seeded company user no other test signs in as
    const email = 'acme-staff-23@example.com';
    const fresh = 'staff-23-new-pass-2026';
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await openAs(other, email, '/company-user/profile');
    await expect(other.getByLabel('Full name')).toBeVisible();

    await openAs(page, email, '/company-user/profile');
    await expect(page.getByLabel('Current password')).toHaveAttribute('autocomplete', 'current-password');
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByLabel('Repeat new password').fill(fresh);
    await page.getByLabel('Current password').fill('not-the-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The current password is wrong')).toBeVisible();
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Profile saved');
    // the session that made the change goes on, with a clean form
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Acme Staff 23');
    await expect(page.getByLabel('Current password')).toHaveValue('');

    // the other browser's session has ended: its next start-up check sends it to sign in
    await other.reload();
    await expect(other).toHaveURL(/\/login/);
    await signIn(other, email, PASSWORD);
    await expect(other.getByText('Wrong email or password')).toBeVisible();
    await signIn(other, email, fresh);
    await expect(other).toHaveURL(/\/company-user/);
    await elsewhere.close();
  });
});
