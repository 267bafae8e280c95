import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { expectAccessible, expectTitle, expectToast, searchText, signInAs, tableRows } from './accounts-support';

test.describe('invoices', () => {
  test('the system admin invoices a company for last month and opens its PDF; the company admin sees it', async ({
    page,
  }) => {
    // two roles, five screens and a PDF on 2 shared cores
    test.setTimeout(180_000);
    // The demo seed leaves Globex's last month of usage uninvoiced for this step.
    await signInAs(page, 'admin@example.com', '/system-admin');
    await page.goto('/system-admin/billing');
    // the billing area's chunk loads on its first visit: slow when the shared cores are busy
    await expect(page.getByTestId('page-title')).toHaveText('Invoices', { timeout: 60_000 });
    await expect(page).toHaveURL(/\/system-admin\/billing\/invoices$/);
    await page.getByRole('button', { name: /New invoice/ }).click();
    await expectTitle(page, 'Add invoice');
    // the picker lists every direct company (Globex is below the fold): type to narrow it, as a user would
    const picker = page.locator('form').last().getByRole('combobox', { name: 'Company' });
    await picker.click();
    await picker.pressSequentially('Globex');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: /^Globex$/ })
      .click();
    // the period defaults to the last whole month
    await expect(page.getByLabel('Period from', { exact: true })).toHaveValue(/^\d{4}-\d{2}-01$/);
    await expectAccessible(page);
    await page.getByRole('button', { name: /Create invoice/ }).click();
    await expectToast(page, 'Invoice created');
    await expect(page).toHaveURL(/\/system-admin\/billing\/invoices/);

    await searchText(page, 'Company', 'Globex');
    await expect(tableRows(page).first()).toContainText('Globex');
    // newest first: the invoice just issued, not yet due
    const row = tableRows(page).first();
    await expect(row).toContainText('Issued');
    await expect(row).toContainText(/USD \d+\.\d{2}/);
    const number = /INV-\d{6}/.exec((await row.textContent()) ?? '')?.[0] as string;
    expect(number).toMatch(/^INV-\d{6}$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `PDF of invoice ${number}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await expectToast(page, `Invoice ${number} downloaded`);
    await expectAccessible(page);

    // The company admin sees its new invoice among its own.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await signInAs(page, 'globex-admin@example.com', '/company-admin');
    await page.goto('/company-admin/billing/invoices');
    await expect(page.getByTestId('page-title')).toHaveText('Invoices', { timeout: 60_000 });
    await expect(tableRows(page).filter({ hasText: number })).toHaveCount(1);
    await expect(tableRows(page).filter({ hasText: 'Acme' })).toHaveCount(0);
  });
});
