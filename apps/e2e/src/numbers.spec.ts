import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { confirmDelete, expectTitle, expectToast, searchText, signInAs, tableRows } from './accounts-support';

const HANDSET = '+14155550112';

/** Picks the first number the search offers, orders it, and answers it as shown. */
async function buyFirst(page: Page, shownAs?: RegExp) {
  const available = page.getByRole('table', { name: 'Available numbers' }).locator('.ant-table-row');
  await expect(available.first()).toBeVisible({ timeout: 20_000 });
  // the search runs as you type: wait for the typed filter's answer, or the row read and the row ticked may differ
  if (shownAs) await expect(available.first().locator('td').nth(1)).toHaveText(shownAs, { timeout: 20_000 });
  const shown = (await available.first().locator('td').nth(1).innerText()).trim();
  await available.first().getByRole('checkbox').check();
  await expect(page.getByTestId('order-total')).toHaveText(/^USD \d+\.\d\d per month$/);
  await page.getByRole('button', { name: 'Order 1 number' }).click();
  await expect(page.getByTestId('order-confirm')).toContainText('charged to your balance now');
  await page.getByRole('button', { name: 'Order and pay' }).click();
  await expectToast(page, /Ordered 1 number/);
  return shown;
}

test.describe('numbers', () => {
  test('a company admin buys a local and a toll-free number, assigns one to a user, sends from it and disconnects it', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signInAs(page, 'acme-admin@example.com', '/company-admin');
    await page.goto('/company-admin/dids/buy-did');
    await expectTitle(page, 'Buy DID');
    await page.getByLabel('Area code').fill('718');
    const local = await buyFirst(page, /^\+1 718 /);
    await expect(page).toHaveURL(/\/company-admin\/dids\/all-did\/local-did/);
    await page.goto('/company-admin/dids/buy-tf-did');
    await expectTitle(page, 'Buy toll-free DID');
    const tollFree = await buyFirst(page);
    await expect(page).toHaveURL(/\/company-admin\/dids\/all-did\/toll-free/);
    await searchText(page, 'Number', tollFree.replace(/\D/g, ''));
    await expect(tableRows(page)).toHaveCount(1);

    // assign the local number to Acme's user
    await page.goto('/company-admin/dids/all-did/local-did');
    await searchText(page, 'Number', local.replace(/\D/g, ''));
    await expect(tableRows(page)).toHaveCount(1);
    await tableRows(page).first().getByRole('link', { name: /^Edit/ }).click();
    await expectTitle(page, 'Edit DID');
    await page.getByRole('combobox', { name: 'Assigned user' }).click();
    // any of Acme's users (other journeys in this worker's database add and remove some)
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: '@example.com' })
      .first()
      .click();
    await page.getByRole('button', { name: 'Save assignment' }).click();
    await expectToast(page, 'Number assigned');
    const editUrl = page.url();

    // send from it
    await page.goto('/company-admin/sms-center');
    await expectTitle(page, 'SMS center');
    await page.getByRole('combobox', { name: 'From' }).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: local })
      .first()
      .click();
    await page.getByLabel('To', { exact: true }).fill(HANDSET);
    await page.getByLabel('Text', { exact: true }).fill('From our new number');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, `Message to ${HANDSET}`);
    await expect(page.getByTestId('sent-status')).toHaveText('delivered', { timeout: 20_000 });

    // and let it go
    await page.goto(editUrl);
    await expectTitle(page, 'Edit DID');
    await page.getByRole('button', { name: 'Disconnect number' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Disconnect' }).click();
    await expectToast(page, `${local} disconnected`);
    await page.goto(`/company-admin/dids/all-did/local-did?did=${local.replace(/\D/g, '')}`);
    await expect(page.getByText('No Data Found')).toBeVisible();
  });

  test('the system admin imports numbers from a CSV, sees the run in the import log, and deletes them in one call', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const block = `72055${String(Date.now() % 100000)
      .padStart(5, '0')
      .slice(0, 3)}`;
    const numbers = [`${block}71`, `${block}72`];
    await signInAs(page, 'admin@example.com', '/system-admin');
    await page.goto('/system-admin/dids/import-did');
    await expectTitle(page, 'Import DIDs');
    const csv = `did,description\n${numbers[0]},Import A\n${numbers[1]},Import B\n`;
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'dids.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByRole('status').filter({ hasText: 'imported' })).toHaveText('2 imported, 0 failed');

    await page.goto('/system-admin/dids/import-log');
    await expectTitle(page, 'Import log');
    await expect(tableRows(page).first()).toContainText('Imported 2 number(s)');

    await page.goto('/system-admin/dids/all-dids');
    await searchText(page, 'Number', block);
    await expect(tableRows(page)).toHaveCount(2);
    for (const row of await tableRows(page).all()) await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: /Delete selected/ }).click();
    await confirmDelete(page);
    await expectToast(page, '2 dids deleted');
    await expect(page.getByText('No Data Found')).toBeVisible();
  });
});
