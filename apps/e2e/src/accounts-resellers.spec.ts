import { test, expect } from './fixtures';
import {
  confirmDelete,
  expectAccessible,
  expectTitle,
  expectToast,
  query,
  searchText,
  signInAs,
  tableRows,
} from './accounts-support';

const stamp = Date.now().toString(36);

test.describe.serial('system admin: resellers and payment terms', () => {
  test('resellers: list, page, sort, create, details, edit failure on the screen, edit, delete', async ({ page }) => {
    await signInAs(page, 'admin@example.com', '/system-admin');
    await page.goto('/system-admin/resellers');
    await expect(page).toHaveURL(/\/system-admin\/resellers\/resellers-list$/);
    await expectTitle(page, 'Resellers list');
    await expect(tableRows(page)).toHaveCount(10);
    await expectAccessible(page);

    await page.getByRole('columnheader', { name: 'Name' }).click();
    await expect.poll(() => query(page).get('order_dir')).toBe('desc');
    await page.getByRole('listitem', { name: '3' }).click();
    await expect.poll(() => query(page).get('page')).toBe('2');
    // 26 resellers by name descending: the third page starts at Reseller 05
    await expect(tableRows(page).first()).toContainText('Reseller 05');
    const third = await tableRows(page).allTextContents();
    await page.reload();
    await expect(tableRows(page).first()).toHaveText(third[0]);

    await page.goto('/system-admin/resellers/resellers-list');
    await page.getByRole('button', { name: /New reseller/ }).click();
    await expectTitle(page, 'Add reseller');
    await expectAccessible(page);
    await page.getByLabel('Name').fill(`E2E Reseller ${stamp}`);
    await page.getByRole('button', { name: /Create reseller/ }).click();
    await expectToast(page, 'Reseller created');

    await searchText(page, 'Name', stamp);
    await expect(tableRows(page)).toHaveCount(1);
    await tableRows(page).first().getByRole('link', { name: /View/ }).click();
    await expect(page).toHaveURL(/\/system-admin\/resellers\/reseller\/[0-9a-f-]{36}$/);
    await expectTitle(page, 'Reseller details');
    await expect(page.getByText(`E2E Reseller ${stamp}`)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: /Edit/ }).click();
    await expect(page).toHaveURL(/\/system-admin\/resellers\/edit-reseller\/[0-9a-f-]{36}$/);
    await expectTitle(page, 'Edit reseller');
    // a name that exists already: the server's error body is shown on the screen (docs/spec.md §8)
    await page.getByLabel('Name').fill('Demo Reseller');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('form').getByRole('alert')).toContainText(/exists|already|unique/i);
    await expectAccessible(page);
    await page.getByLabel('Name').fill(`E2E Reseller ${stamp} renamed`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Reseller saved');
    await searchText(page, 'Name', `${stamp} renamed`);
    await expect(tableRows(page)).toHaveCount(1);
    await tableRows(page)
      .first()
      .getByRole('button', { name: /Delete/ })
      .click();
    await confirmDelete(page);
    await expectToast(page, 'Reseller deleted');
    await expect(page.getByText('No Data Found')).toBeVisible();
  });

  test('resellers: CSV import with progress and a per-row report', async ({ page }) => {
    await signInAs(page, 'admin@example.com', '/system-admin');
    await page.goto('/system-admin/resellers/resellers-list');
    const csv = `reseller_name\nImported ${stamp} A\nImported ${stamp} B\n`;
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'resellers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByRole('status').filter({ hasText: 'imported' })).toHaveText('2 imported, 0 failed');
    await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    await searchText(page, 'Name', `Imported ${stamp}`);
    await expect(tableRows(page)).toHaveCount(2);
    // the same file again: the server refuses it whole, every line reports the reason
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'resellers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByRole('status').filter({ hasText: 'imported' })).toHaveText('0 imported, 2 failed');
    await expectAccessible(page);
  });

  test('payment terms: create, search, edit, the companies on a term, delete', async ({ page }) => {
    await signInAs(page, 'admin@example.com', '/system-admin');
    await page.goto('/system-admin/payment-term');
    await expect(page).toHaveURL(/\/system-admin\/payment-term\/list$/);
    await expectTitle(page, 'Payment terms');
    await expect(tableRows(page)).toHaveCount(10);
    await expectAccessible(page);
    await page.getByRole('button', { name: /New payment term/ }).click();
    await expect(page).toHaveURL(/\/payment-term\/add$/);
    await expectTitle(page, 'Add payment term');
    await page.getByLabel('Name').fill(`Net E2E ${stamp}`);
    await page.getByLabel('Days').fill('99999');
    await page.getByRole('button', { name: /Create payment term/ }).click();
    await expect(page.getByText('Days must be between 0 and 3650')).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Days').fill('77');
    await page.getByRole('button', { name: /Create payment term/ }).click();
    await expectToast(page, 'Payment term created');
    await searchText(page, 'Name', stamp);
    await expect(tableRows(page)).toHaveCount(1);
    await tableRows(page).first().getByRole('link', { name: /Edit/ }).click();
    await expect(page).toHaveURL(/\/payment-term\/edit\/[0-9a-f-]{36}$/);
    await expectTitle(page, 'Edit payment term');
    await expect(page.getByLabel('Days')).toHaveValue('77');
    await page.getByRole('switch', { name: 'Active' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Payment term saved');
    await searchText(page, 'Name', stamp);
    await expect(tableRows(page).first()).toContainText('No');
    await tableRows(page)
      .first()
      .getByRole('button', { name: /Delete/ })
      .click();
    await confirmDelete(page);
    await expectToast(page, 'Payment term deleted');

    // Net 30 carries Acme in the demo data
    await page.goto('/system-admin/payment-term/list?name=Net%2030');
    await tableRows(page)
      .first()
      .getByRole('link', { name: /Companies of/ })
      .click();
    await expect(page).toHaveURL(/\/payment-term\/[0-9a-f-]{36}\/companies$/);
    await expectTitle(page, 'Payment term companies');
    await expect(page.getByTestId('payment-term-name')).toContainText('Net 30');
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first()).toContainText('Acme');
    await expectAccessible(page);
    await tableRows(page).first().getByRole('link', { name: /Edit/ }).click();
    await expect(page).toHaveURL(/\/system-admin\/companies\/edit-company\/[0-9a-f-]{36}$/);
  });
});
