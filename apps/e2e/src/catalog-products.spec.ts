import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import {
  expectAccessible,
  expectTitle,
  expectToast,
  pickOption,
  searchText,
  signInAs,
  tableRows,
} from './accounts-support';

const stamp = Date.now().toString(36);

/** The quote box on the edit-product page: type a number, read the answer. */
async function quoteNumber(page: Page, dnis: string) {
  const box = page.getByTestId('quote-box');
  await box.getByLabel('Number').fill(dnis);
  await box.getByRole('button', { name: 'Quote' }).click();
  return box.getByTestId('quote-result');
}

test.describe('catalog: products and vendors', () => {
  // each test is a whole journey over several screens, with axe checks
  test.describe.configure({ timeout: 180_000 });

  test('system admin builds a product from a rate table and a routing, gives it to a company and quotes numbers', async ({
    page,
  }) => {
    await signInAs(page, 'admin@example.com', '/system-admin');
    // a company of this spec's own, so demo companies keep their products
    const companyName = `Catalog Co ${stamp}`;
    const token = await page.evaluate(() => localStorage.getItem('user-token'));
    const created = await page.request.post('/api_smsc/v1/company', {
      headers: { authorization: `Bearer ${token}` },
      data: { company_name: companyName },
    });
    expect(created.status()).toBe(201);

    await page.goto('/system-admin/product');
    await expect(page).toHaveURL(/\/system-admin\/product\/sms-routes$/);
    await expectTitle(page, 'SMS routes');
    await expect(tableRows(page).filter({ hasText: 'Standard' }).first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: /New product/ }).click();
    await expect(page).toHaveURL(/\/system-admin\/product\/sms-routes\/add-product$/);
    await expectTitle(page, 'Add product');
    const productName = `E2E product ${stamp}`;
    await page.getByLabel('Product name').fill(productName);
    await pickOption(page, 'form', 'Rate table', 'Standard retail \\(mobile network\\)');
    await pickOption(page, 'form', 'Routing', 'Least cost');
    await page.getByRole('button', { name: /Create product/ }).click();
    await expectToast(page, 'Product created');

    await searchText(page, 'Product', stamp);
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first()).toContainText('Standard retail');
    await tableRows(page).first().getByRole('link', { name: 'Companies' }).click();
    await expect(page).toHaveURL(/\/system-admin\/product\/sms-routes\/add-company\/[0-9a-f-]{36}$/);
    await expectTitle(page, 'Add company');
    await page.getByRole('combobox', { name: 'Company' }).fill(companyName);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: companyName })
      .click();
    await page.getByRole('button', { name: 'Add company' }).click();
    await expect(page.getByTestId('product-companies')).toContainText(companyName);

    await page.goto(`/system-admin/product/sms-routes?product_name=${stamp}`);
    await expect(tableRows(page).first()).toContainText('1');
    await tableRows(page).first().getByRole('link', { name: 'Edit' }).click();
    await expectTitle(page, 'Edit product');
    await expect(page.getByLabel('Product name')).toHaveValue(productName);
    // a Telekom number: priced by its mobile network, carried by the cheapest vendor for it
    let result = await quoteNumber(page, '+49 151 23456789');
    await expect(result).toContainText('Telekom (DEU)');
    await expect(result).toContainText('0.090000');
    await expect(result).toContainText('Northwind Direct');
    await expect(result).toContainText('0.055000');
    await expect(result).toContainText('0.035000');
    result = await quoteNumber(page, '+1 212 555 0199');
    await expect(result).toContainText('0.009000');
    result = await quoteNumber(page, '+33 6 12 34 56 78');
    await expect(result).toContainText('No price');
    await expectAccessible(page);
  });

  test('reseller: its own vendors and products only, a new vendor, and the quote of its product', async ({ page }) => {
    await signInAs(page, 'reseller@example.com', '/reseller');
    await page.goto('/reseller/vendor');
    await expect(page).toHaveURL(/\/reseller\/vendor\/vendors-list$/);
    await expect(tableRows(page).filter({ hasText: 'Northwind' })).toHaveCount(0);
    await expect(tableRows(page).filter({ hasText: 'Reseller Route Co' })).toHaveCount(1);
    await page.getByRole('button', { name: /New vendor/ }).click();
    await expect(page).toHaveURL(/\/reseller\/vendor\/add-vendor$/);
    await page.getByLabel('Vendor name').fill(`E2E vendor ${stamp}`);
    await page.getByRole('button', { name: /Create vendor/ }).click();
    await expectToast(page, 'Vendor created');
    await searchText(page, 'Vendor', stamp);
    await expect(tableRows(page)).toHaveCount(1);

    await page.goto('/reseller/product/sms-routes');
    await expect(tableRows(page).filter({ hasText: 'Reseller Standard' })).toHaveCount(1);
    await expect(tableRows(page).filter({ hasText: 'Wholesale' })).toHaveCount(0);
    await tableRows(page).filter({ hasText: 'Reseller Standard' }).getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/reseller\/product\/sms-routes\/edit-product\/[0-9a-f-]{36}$/);
    const result = await quoteNumber(page, '+44 20 7946 0018');
    await expect(result).toContainText('0.055000');
    await expect(result).toContainText('Route Co Standard');
    await expectAccessible(page);
  });

  test('system admin adds an SMSC connection, never sees its password again, and restarts the gateway', async ({
    page,
  }) => {
    await signInAs(page, 'admin@example.com', '/system-admin');
    await page.goto('/system-admin/smsc-connection');
    await expect(page).toHaveURL(/\/system-admin\/smsc-connection\/smsc-connection\/list$/);
    await expectTitle(page, 'SMSC connections');
    await page.getByRole('button', { name: /New smsc connection/i }).click();
    await expect(page).toHaveURL(/\/system-admin\/smsc-connection\/add-smsc-connection$/);
    await expectTitle(page, 'Add SMSC connection');
    const secret = `e2e-secret-${stamp}`;
    const form = page.locator('form').last();
    await form.getByRole('textbox', { name: 'SMSC id' }).fill(`e2e-${stamp}`);
    await pickOption(page, 'form', 'Vendor', 'Northwind Telecom');
    await form.getByRole('textbox', { name: 'Host' }).fill('smsc.northwind.example');
    await form.getByRole('spinbutton', { name: 'Port' }).fill('2775');
    await form.getByRole('textbox', { name: 'System id (user name)' }).fill('acct42');
    await form.locator('input[type="password"]').fill(secret);
    await page.getByRole('button', { name: /Create smsc connection/i }).click();
    await expectToast(page, 'SMSC connection created');
    await searchText(page, 'SMSC id', stamp);
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first()).toContainText('smsc.northwind.example:2775');
    await expect(tableRows(page).first()).toContainText('Northwind Telecom');
    await expect(tableRows(page).first()).toContainText('Set');
    await tableRows(page).first().getByRole('link', { name: /Edit/ }).click();
    await expectTitle(page, 'Edit SMSC connection');
    await expect(page.getByRole('textbox', { name: 'Host' })).toHaveValue('smsc.northwind.example');
    await expect(page.locator('form input[type="password"]')).toHaveValue('');
    await expect(page.locator('body')).not.toContainText(secret);
    await page.goBack();
    await page.getByRole('button', { name: /Restart gateway/ }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Restart' }).click();
    // the built-in simulator takes the connections and reloads
    await expect(page.getByTestId('toast-success').filter({ hasText: 'simulator reloaded' })).toBeVisible();
    await expectAccessible(page);
  });
});
