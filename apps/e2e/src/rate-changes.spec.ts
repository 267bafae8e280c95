import dayjs from 'dayjs';
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { expectTitle, expectToast, pickOption, searchText, signInAs, tableRows } from './accounts-support';
import { menuTo, openRowLink } from './journey-steps';

// Issue 49's journey: the system admin imports a partial deck for a rate table as a change waiting for approval,
// reads what it adds and raises and its margin impact, approves it from a day, and the increase waits for the
// customers' notice; the company admin on that table reads the notice. By clicks from each home.
const TABLE = 'Reseller retail'; // the demo reseller's table: Acme's product prices by it
const stamp = Date.now().toString().slice(-6);
// a code the table has never had (new), and +1, which it prices at 0.012 (raised)
const NEW_CODE = `1999${stamp}`.slice(0, 10);

/** A moment's calendar day (YYYY-MM-DD) in a time zone. */
const dayIn = (at: number, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

test.describe('rate changes with notices', () => {
  test('an admin imports a partial deck for approval, reads the diff and impact, approves; the company admin sees the notice', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await signInAs(page, 'admin@example.com', '/system-admin');
    await menuTo(page, 'Products', 'Rate changes');
    await expectTitle(page, 'Rate changes');
    await page.getByRole('button', { name: 'New rate change' }).click();
    await expect(page.getByTestId('new-change-set')).toBeVisible();

    await page.getByRole('radio', { name: 'A rate table (sell prices)' }).check();
    await page.getByRole('combobox', { name: 'Rate table' }).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: TABLE })
      .click();
    await expect(page.getByRole('radio', { name: /^Partial/ })).toBeChecked();
    const csv = `code,price\n1,0.015\n${NEW_CODE},0.02\n`;
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'deck.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // the import's question: the columns it guessed, confirmed
    const mapping = page.getByTestId('csv-mapping');
    await expect(mapping).toContainText('code → code');
    await expect(mapping).toContainText('price → price');
    await mapping.getByRole('button', { name: 'Import with these columns' }).click();
    await expectToast(page, 'The deck is waiting for approval');

    // the review: what the file changes (a partial deck leaves the table's other codes alone) and what it does
    await expect(page.getByTestId('change-counts')).toHaveText(
      '1 new, 1 increased, 0 decreased, 0 closed, 0 unchanged',
    );
    const impact = page.getByTestId('change-impact');
    await expect(impact).toContainText('Margin change:');
    await expect(page.getByTestId('change-rows')).toContainText(NEW_CODE);
    await expect(page.getByTestId('change-countries')).toContainText('United States');

    // approved from today: the increase waits for the customers' notice (7 days by default)
    const noticeEnd = dayjs().add(7, 'day').format('YYYY-MM-DD');
    // Acme's console shows its times in the company's zone (New York by default), which is a day behind the
    // runner's between midnight and five UTC: the notice's date is read there
    const noticeEndAcme = dayIn(Date.now() + 7 * 86_400_000, 'America/New_York');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, new RegExp(`^Approved the rate change of ${TABLE} from .*; increases from ${noticeEnd}`));
    await expect(page.getByText('Approved', { exact: true })).toBeVisible();

    // Acme's admin, on a product priced by that table, reads the notice in its own console
    const company = await (await browser.newContext({ baseURL })).newPage();
    await signInAs(company, 'acme-admin@example.com', '/company-admin');
    await menuTo(company, 'Price notices');
    await expectTitle(company, 'Price notices');
    const notice = tableRows(company).filter({ hasText: TABLE }).first();
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(noticeEndAcme);
    await company.context().close();
  });

  // Issue 45 item 2: the demo reseller prices its companies as a markup over what the platform charges it.
  test('a reseller given a wholesale product prices its rate table from its cost, sees each margin, and approves', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await signInAs(page, 'admin@example.com', '/system-admin');
    await setWholesaleProduct(page, 'Wholesale');

    const reseller = await (await browser.newContext({ baseURL })).newPage();
    await signInAs(reseller, 'reseller@example.com', '/reseller');
    await menuTo(reseller, 'Products', 'Rate tables');
    await expectTitle(reseller, 'Rate tables');
    await openRowLink(reseller, TABLE, 'Price from my cost');
    await expectTitle(reseller, 'Price from my cost');
    await reseller.getByLabel('Markup %').fill('50');
    await reseller.getByRole('button', { name: 'Preview' }).click();
    // the platform's Wholesale prices 7 codes; the table already sells 1, 44 and 49 (the rest are new)
    await expect(reseller.getByTestId('markup-summary')).toHaveText(
      /^7 destinations priced from Wholesale: 4 new, \d up, \d down, 0 unchanged\.$/,
    );
    const uk = reseller.getByRole('row').filter({ hasText: /^United Kingdom440\./ });
    // cost 0.035, + 50 % = 0.0525 against 0.055 today: margin 0.0175
    await expect(uk).toContainText('0.035000');
    await expect(uk).toContainText('0.055000');
    await expect(uk).toContainText('0.052500');
    await expect(uk).toContainText('0.017500');
    await reseller.getByRole('button', { name: 'Propose for approval' }).click();
    await expectToast(reseller, 'The new prices are waiting for your approval');
    await expect(reseller.getByTestId('change-counts')).toContainText('4 new');
    await reseller.getByRole('button', { name: 'Approve' }).click();
    await expectToast(reseller, new RegExp(`^Approved the rate change of ${TABLE}`));
    // the table sells the UK at the new price now (a decrease takes the day asked)
    await menuTo(reseller, 'Products', 'SMS pricing');
    await reseller.getByRole('combobox', { name: 'Rate table' }).click();
    await reseller
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: TABLE })
      .click();
    await expect(tableRows(reseller).filter({ hasText: '0.052500' }).first()).toBeVisible();
    await reseller.context().close();

    // the demo reseller pays nothing per message again, as the specs after this one expect
    await setWholesaleProduct(page, null);
  });
});

/** The system admin sets (or clears) the demo reseller's wholesale product on its edit form. */
async function setWholesaleProduct(page: Page, product: string | null) {
  await menuTo(page, 'Resellers');
  await searchText(page, 'Name', 'Demo Reseller');
  await tableRows(page).filter({ hasText: 'Demo Reseller' }).first().getByRole('link', { name: /View/ }).click();
  await page.getByRole('button', { name: /Edit/ }).click();
  await expectTitle(page, 'Edit reseller');
  if (product) await pickOption(page, 'form', 'Wholesale product', product);
  else {
    const select = page.locator('form').last().getByRole('combobox', { name: 'Wholesale product' });
    await select.locator('xpath=ancestor::*[contains(@class,"ant-select")][1]').hover();
    await page.locator('form').last().locator('.ant-select-clear').first().click();
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Reseller saved');
}
