import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectTitle, expectToast, searchText, signInAs } from './accounts-support';
import { menuTo } from './journey-steps';

// Issue 45 item 10: at 1280 px the lists that once cut their right-hand columns off (the SMS log's Price, User and
// Details, Bulk history's actions, the reseller's Template approval) either fit or scroll sideways with their
// actions still in view. Each screen is reached by clicks from its home, with a row of the person's own.
test.use({ viewport: { width: 1280, height: 800 } });

const stamp = Date.now().toString().slice(-6);
/** A list's rows: a resource table's or the bulk list's own table. */
const rowsOf = (page: Page) => page.locator('main .ant-table-row');

/** The row's last cell (its actions) wholly in view, without scrolling the page or the table. */
async function expectActionsInView(page: Page, row: Locator) {
  await expect(row).toBeVisible();
  const last = row.locator('td').last();
  await expect(last).toBeInViewport({ ratio: 1 });
  const box = await last.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
  // the page itself never scrolls sideways: a wide table scrolls inside its own frame
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
}

test('lists at 1280 px keep their actions in view: SMS log, bulk list, template approval', async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'acme-admin@example.com', '/company-admin');

  // the SMS log: the seed's traffic, every column named
  await menuTo(page, 'SMS log', 'Outgoing SMS');
  await expectTitle(page, 'Outgoing SMS');
  const table = page.locator('main table').first();
  for (const name of ['Price', 'Sent by', 'Details'])
    await expect(table.getByRole('columnheader', { name })).toHaveCount(1);
  await expectActionsInView(page, rowsOf(page).first());

  // a held bulk of two numbers: its row offers Resume, in view
  await menuTo(page, 'Bulk', 'Bulk SMS');
  await expectTitle(page, 'Bulk SMS');
  await page.getByRole('combobox', { name: 'From' }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: '+1 212 555 2301' })
    .first()
    .click();
  await page.getByLabel('Text', { exact: true }).fill(`Wide ${stamp}`);
  const csv = `number\n+1415555${stamp.slice(-3)}1\n+1415555${stamp.slice(-3)}2\n`;
  await page.getByLabel('CSV file').setInputFiles({ name: 'wide.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, 'wide.csv: 2 numbers uploaded, waiting for Run');
  const bulk = rowsOf(page)
    .filter({ hasText: `Wide ${stamp}` })
    .first();
  await expect(bulk.getByRole('button', { name: 'Resume' })).toBeInViewport({ ratio: 1 });
  await expectActionsInView(page, bulk);

  // a pending template: the reseller's approval list shows Approve in view
  const name = `Wide ${stamp}`;
  await menuTo(page, 'Templates');
  await page.getByRole('button', { name: /New template/ }).click();
  await expectTitle(page, 'Add template');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Text', { exact: true }).fill(`A wide list ${stamp}`);
  await page.getByRole('button', { name: /Create|Save/ }).click();
  await expect(page).toHaveURL(/\/company-admin\/templates\/list/);

  const reseller = await browser.newPage({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  await signInAs(reseller, 'reseller@example.com', '/reseller');
  await menuTo(reseller, 'Template approval');
  await expectTitle(reseller, 'Template approval');
  await searchText(reseller, 'Name', name);
  const pending = rowsOf(reseller).filter({ hasText: name }).first();
  await expect(pending.getByRole('button', { name: `Approve template ${name}` })).toBeInViewport({ ratio: 1 });
  await expectActionsInView(reseller, pending);
  await reseller.close();
});
