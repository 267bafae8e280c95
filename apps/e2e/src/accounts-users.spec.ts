import { test, expect, expectPageErrors } from './fixtures';
import {
  axeViolations,
  cellOf,
  choose,
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

const sorted = (list: string[], dir: 'asc' | 'desc' = 'asc') => {
  const copy = [...list].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  return dir === 'asc' ? copy : copy.reverse();
};

test.describe('users of a company admin', () => {
  test('page, sort and search live in the URL and survive a reload; loading, empty and error states', async ({
    page,
  }) => {
    await openAs(page, 'acme-admin@example.com', '/company-admin/users');
    await expectTitle(page, 'Users');
    const firstPage = await columnTexts(page, 2);
    expect(firstPage).toHaveLength(10);
    expect(await axeViolations(page)).toEqual([]);

    await page.locator('.ant-pagination-item-2').click();
    await expect(page).toHaveURL(/[?&]page=1\b/);
    await expect.poll(() => columnTexts(page, 2)).not.toEqual(firstPage);
    const secondPage = await columnTexts(page, 2);
    await page.reload();
    await expect.poll(() => columnTexts(page, 2)).toEqual(secondPage);
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');

    // names sort the same under every collation (emails do not: '@' against digits)
    await page.getByRole('columnheader', { name: 'Name' }).click();
    await expect(page).toHaveURL(/order_by=full_name&order_dir=asc/);
    await expect
      .poll(async () => {
        const n = await columnTexts(page, 1);
        return n.join() === sorted(n).join();
      })
      .toBe(true);
    await page.getByRole('columnheader', { name: 'Name' }).click();
    await expect(page).toHaveURL(/order_dir=desc/);
    await expect
      .poll(async () => {
        const n = await columnTexts(page, 1);
        return n.join() === sorted(n, 'desc').join();
      })
      .toBe(true);
    const descending = await columnTexts(page, 2);

    await search(page, { Name: 'staff-1' });
    await expect(page).toHaveURL(/full_name=staff-1/);
    await expect.poll(async () => (await columnTexts(page, 2)).every((e) => e.includes('staff-1'))).toBe(true);
    await page.reload();
    await expect(page.getByRole('search').getByLabel('Name', { exact: true })).toHaveValue('staff-1');
    await expect.poll(async () => (await columnTexts(page, 2)).every((e) => e.includes('staff-1'))).toBe(true);
    expect(await columnTexts(page, 2)).not.toEqual(descending);

    await search(page, { Name: 'nobody-by-this-name' });
    await expect(page.getByText('No Data Found')).toBeVisible();

    // a slow then failing server: the table spins, then the error shows with a Retry that recovers
    expectPageErrors(page, /status of 500/);
    await page.route('**/api_smsc/v1/user/list**', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.fulfill({ status: 500, json: { code: 'error', detail: 'User store unavailable' } });
    });
    await search(page, { Name: 'acme' }); // a query not cached yet, so it goes to the server
    await expect(page.locator('.ant-spin-spinning')).toBeVisible();
    await expect(page.getByTestId('resource-table-users').getByRole('alert')).toContainText('User store unavailable');
    await page.unroute('**/api_smsc/v1/user/list**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(rows(page)).toHaveCount(10);
  });

  test('create, edit and delete a user, with a toast after each and axe-clean forms', async ({ page }) => {
    const email = `ca-made-${Date.now()}@example.com`;
    await openAs(page, 'acme-admin@example.com', '/company-admin/users');
    await page.getByRole('button', { name: 'New user' }).click();
    await expect(page).toHaveURL(/\/company-admin\/users\/add$/);
    await expectTitle(page, 'Add user');
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Full name').fill('Carla Created');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('carla-pass-2026');
    await page.getByRole('button', { name: 'Create user' }).click();
    await expectToast(page, 'User created');
    await expect(page).toHaveURL(/\/company-admin\/users$/);

    await search(page, { Name: email });
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Carla Created');
    await rows(page)
      .first()
      .getByRole('link', { name: /^Edit / })
      .click();
    await expect(page).toHaveURL(/\/company-admin\/users\/edit\/[0-9a-f-]{36}$/);
    await expectTitle(page, 'Edit user');
    await expect(page.getByLabel('Full name')).toHaveValue('Carla Created');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Full name').fill('Carla Edited');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'User saved');
    await search(page, { Name: email });
    await expect(rows(page).first()).toContainText('Carla Edited');

    await deleteRow(page, rows(page).first());
    await expectToast(page, 'User deleted');
    await expect(page.getByText('No Data Found')).toBeVisible();
  });

  test("another company's user id typed into the address shows 'not found', not the record", async ({
    page,
    request,
  }) => {
    const globexUser = await userByEmail(request, 'globex-user@example.com');
    await openAs(page, 'acme-admin@example.com', `/company-admin/users/edit/${globexUser.uuid}`);
    await expectNotFound(page, 'User not found');
    await expect(page.getByLabel('Full name')).toHaveCount(0);
    await expect(page.getByText('Globex User')).toHaveCount(0);
    await expect(page.getByText('globex-user@example.com')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('users of the system admin', () => {
  test('every company, filtered by company and type, sorted, edited and deleted', async ({ page }) => {
    await openAs(page, 'admin@example.com', '/system-admin/users');
    await expectTitle(page, 'Users');
    await expect(page.getByRole('button', { name: 'New user' })).toHaveCount(0); // no add page for this role (docs/spec.md §2)
    expect(await axeViolations(page)).toEqual([]);

    await search(page, { Company: 'Globex' });
    await expect.poll(async () => (await columnTexts(page, 3)).every((c) => c === 'Globex')).toBe(true);
    await page.getByRole('search').getByRole('button', { name: 'Reset' }).click();
    await choose(page, page.getByRole('search').getByLabel('Type'), 'System admin');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/user_type=admin/);
    await expect.poll(async () => (await columnTexts(page, 4)).every((t) => t === 'System admin')).toBe(true);
    await page.getByRole('columnheader', { name: 'Name' }).click();
    await expect
      .poll(async () => {
        const n = await columnTexts(page, 1);
        return n.join() === sorted(n).join();
      })
      .toBe(true);
    await page.reload();
    await expect(page).toHaveURL(/user_type=admin.*order_by=full_name|order_by=full_name.*user_type=admin/);
    await expect.poll(async () => (await columnTexts(page, 4)).every((t) => t === 'System admin')).toBe(true);

    await page.getByRole('search').getByRole('button', { name: 'Reset' }).click();
    await search(page, { Name: 'acme-staff-2@' });
    await expect(rows(page)).toHaveCount(1);
    await rows(page)
      .first()
      .getByRole('link', { name: /^Edit / })
      .click();
    await expectTitle(page, 'Edit user');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('switch', { name: 'Active' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'User saved');
    await search(page, { Name: 'acme-staff-2@' });
    await expect(rows(page).first()).toContainText('Inactive');
    await deleteRow(page, rows(page).first());
    await expectToast(page, 'User deleted');
    await expect(page.getByText('No Data Found')).toBeVisible();
  });

  test("a company's accounts list only that company's users", async ({ page, request }) => {
    const globexAdmin = await userByEmail(request, 'globex-admin@example.com');
    await openAs(page, 'admin@example.com', `/system-admin/companies/company-accounts/${globexAdmin.company_uuid}`);
    await expectTitle(page, 'Company accounts');
    await expect
      .poll(async () => (await columnTexts(page, 2)).sort())
      .toEqual(['globex-admin@example.com', 'globex-user@example.com']);
    expect(await axeViolations(page)).toEqual([]);
    await rows(page)
      .filter({ hasText: 'globex-user@' })
      .getByRole('link', { name: /^Edit / })
      .click();
    await expect(page).toHaveURL(/\/system-admin\/users\/edit\/[0-9a-f-]{36}$/);
    await expect(page.getByLabel('Full name')).toHaveValue('Globex User');
  });
});

test.describe('users of a reseller', () => {
  test('create in a picked company, search, sort, page, edit and delete', async ({ page }) => {
    const email = `rs-made-${Date.now()}@example.com`;
    await openAs(page, 'reseller@example.com', '/reseller/users');
    await expect(page).toHaveURL(/\/reseller\/users\/users-list$/);
    await expectTitle(page, 'Users');
    expect(await axeViolations(page)).toEqual([]);
    await expect.poll(async () => (await columnTexts(page, 3)).includes('Globex')).toBe(false);
    await page.locator('.ant-pagination-item-2').click();
    await expect(page).toHaveURL(/page=1/);
    await page.getByRole('columnheader', { name: 'Company' }).click();
    await expect(page).toHaveURL(/order_by=company_name/);
    await expect
      .poll(async () => {
        const c = await columnTexts(page, 3);
        return c.join() === sorted(c).join();
      })
      .toBe(true);

    await page.getByRole('button', { name: 'New user' }).click();
    await expectTitle(page, 'Add user');
    await page.getByLabel('Full name').fill('Rita Reseller-made');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('rita-pass-2026');
    await choose(page, page.getByLabel('Company', { exact: true }), 'Acme');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create user' }).click();
    await expectToast(page, 'User created');
    await expect(page).toHaveURL(/\/reseller\/users\/users-list$/);

    await search(page, { Name: email, Company: 'Acme' });
    await expect(rows(page)).toHaveCount(1);
    await rows(page)
      .first()
      .getByRole('link', { name: /^Edit / })
      .click();
    await expectTitle(page, 'Edit user');
    await page.getByRole('switch', { name: 'Company admin' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'User saved');
    await search(page, { Name: email });
    await expect(cellOf(rows(page).first(), 4)).toHaveText('Yes');
    await deleteRow(page, rows(page).first());
    await expectToast(page, 'User deleted');
    await expect(page.getByText('No Data Found')).toBeVisible();
  });

  test('user listing is read-only and links to the edit page; foreign ids are not found', async ({ page, request }) => {
    const globexUser = await userByEmail(request, 'globex-user@example.com');
    await openAs(page, 'reseller@example.com', '/reseller/user');
    await expect(page).toHaveURL(/\/reseller\/user\/user-listing$/);
    await expectTitle(page, 'User listing');
    await expect(page.getByRole('button', { name: 'New user' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await rows(page)
      .first()
      .getByRole('link', { name: /^Edit / })
      .click();
    await expect(page).toHaveURL(/\/reseller\/users\/edit\/[0-9a-f-]{36}$/);
    await expectTitle(page, 'Edit user');
    await page.goto(`/reseller/users/edit/${globexUser.uuid}`);
    await expectNotFound(page, 'User not found');
    await expect(page.getByLabel('Full name')).toHaveCount(0);
  });
});
