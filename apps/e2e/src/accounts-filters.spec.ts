import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import {
  confirmDelete,
  expectAccessible,
  pickOption,
  expectTitle,
  expectToast,
  query,
  searchText,
  signInAs,
  tableRows,
} from './accounts-support';

const stamp = Date.now().toString(36);

/** The filter screens are one definition mounted for two roles: the same round trip for each. */
async function filterRoundTrip(page: Page, base: string, text: string) {
  await page.goto(`${base}/filters`);
  await expect(page).toHaveURL(new RegExp(`${base}/filters/filter-list$`));
  await expectTitle(page, 'Filter list');
  await expectAccessible(page);
  await page.getByRole('button', { name: /New filter/ }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/filters/add-filter$`));
  await expectTitle(page, 'Add filter');
  await page.getByRole('button', { name: /Create filter/ }).click();
  await expect(page.getByText('Stop text is required')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Stop text').fill(text);
  await page.getByRole('button', { name: /Create filter/ }).click();
  await expectToast(page, 'Filter created');
  // newest first: the new filter heads the list
  await expect(tableRows(page).first()).toContainText(text);
  await searchText(page, 'Stop text', stamp);
  await expect.poll(() => query(page).get('text')).toBe(stamp);
  await page.reload();
  await expect(tableRows(page)).toHaveCount(1);
  await tableRows(page).first().getByRole('link', { name: /Edit/ }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/filters/edit-filter/[0-9a-f-]{36}$`));
  await expectTitle(page, 'Edit filter');
  await expect(page.getByLabel('Stop text')).toHaveValue(text);
  await expectAccessible(page);
  await page.getByLabel('Stop text').fill(`${text} edited`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Filter saved');
  await searchText(page, 'Stop text', `${stamp} edited`);
  await expect(tableRows(page)).toHaveCount(1);
  await tableRows(page)
    .first()
    .getByRole('button', { name: /Delete/ })
    .click();
  await confirmDelete(page);
  await expectToast(page, 'Filter deleted');
  await expect(page.getByText('No Data Found')).toBeVisible();
}

test.describe('filters (stop text)', () => {
  test('system admin: create, search, reload, edit, delete; pages through all filters', async ({ page }) => {
    await signInAs(page, 'admin@example.com', '/system-admin');
    await filterRoundTrip(page, '/system-admin', `ADMIN HALT ${stamp}`);
    await page.goto('/system-admin/filters/filter-list');
    await expect(page.getByRole('columnheader', { name: 'Owner' })).toBeVisible();
    await page.getByRole('listitem', { name: '4' }).click();
    await expect.poll(() => query(page).get('page')).toBe('3');
    await expect(tableRows(page)).toHaveCount(7); // 25 platform + 12 reseller filters
  });

  test('reseller: the same screens over its own filters only', async ({ page }) => {
    await signInAs(page, 'reseller@example.com', '/reseller');
    await page.goto('/reseller/filters/filter-list?per_page=50');
    await expect(tableRows(page)).toHaveCount(12);
    for (const text of await tableRows(page).allInnerTexts()) expect(text).toContain('OPT OUT');
    await expect(page.getByRole('columnheader', { name: 'Owner' })).toHaveCount(0);
    await filterRoundTrip(page, '/reseller', `RESELLER HALT ${stamp}`);
  });
});

test.describe('reseller: companies', () => {
  test('lists only its companies, creates one under itself without a reseller picker, edits and deletes it', async ({
    page,
  }) => {
    await signInAs(page, 'reseller@example.com', '/reseller');
    await page.goto('/reseller/companies');
    await expect(page).toHaveURL(/\/reseller\/companies\/company-list$/);
    await expectTitle(page, 'Company list');
    await expect(tableRows(page).filter({ hasText: 'Acme' })).toBeVisible();
    await expect(tableRows(page).filter({ hasText: 'Globex' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Reseller' })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: /New company/ }).click();
    await expect(page).toHaveURL(/\/reseller\/companies\/add-company$/);
    await expectTitle(page, 'Add company');
    await expect(page.locator('form').last().getByRole('combobox', { name: 'Reseller' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByLabel('Name').fill(`Reseller Co ${stamp}`);
    await page.getByRole('button', { name: /Create company/ }).click();
    await expectToast(page, 'Company created');
    await expect(page).toHaveURL(/\/reseller\/companies\/edit-company\/[0-9a-f-]{36}$/);
    await page.goto('/reseller/companies/company-list');
    await searchText(page, 'Name', stamp);
    await expect(tableRows(page)).toHaveCount(1);
    await page.reload();
    await expect(tableRows(page)).toHaveCount(1);

    await tableRows(page).first().getByRole('link', { name: /Edit/ }).click();
    await expect(page).toHaveURL(/\/reseller\/companies\/edit-company\/[0-9a-f-]{36}$/);
    await expectTitle(page, 'Edit company');
    await expectAccessible(page);
    await pickOption(page, 'form', 'Status', 'Inactive');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Company saved');
    await page.goto(`/reseller/companies/company-list?company_name=${stamp}&status=inactive`);
    await expect(tableRows(page)).toHaveCount(1);
    await tableRows(page)
      .first()
      .getByRole('button', { name: /Delete/ })
      .click();
    await confirmDelete(page);
    await expectToast(page, 'Company deleted');
    await expect(page.getByText('No Data Found')).toBeVisible();
  });

  test('a Globex company id answers not found to the reseller', async ({ page }) => {
    await signInAs(page, 'admin@example.com', '/system-admin');
    await page.goto('/system-admin/companies/company-list?company_name=Globex');
    const href = await tableRows(page).first().getByRole('link', { name: /Edit/ }).getAttribute('href');
    const id = href?.split('/').pop();
    await page.getByRole('button', { name: 'Log out' }).click();
    await signInAs(page, 'reseller@example.com', '/reseller');
    await page.goto(`/reseller/companies/edit-company/${id}`);
    await expect(page.locator('.ant-result-title')).toHaveText('Company not found');
  });
});
