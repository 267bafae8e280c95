import { test, expect } from './fixtures';
import { expectTitle, expectToast, signInAs } from './accounts-support';

// The upload starts held; the journey checks that a held bulk sends nothing, then resumes it to the end.
// Holding a job part-way is covered by the server tests: a 10,000-number job stalls on this PGlite server
// (nothing sent, the hold unanswered for 15 s), so the browser journey
// keeps to a size that runs.
const ROWS = 300;
/** Distinct valid NANP numbers with a name column for {name}. */
const csv =
  ['number,name', ...Array.from({ length: ROWS }, (_, i) => `+1415${String(3_000_000 + i)},Person ${i}`)].join('\n') +
  '\n';

test.describe('bulk', () => {
  test('a company admin uploads a CSV of recipients as a held bulk, sees it send nothing, resumes it and sees the report reach 100%', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signInAs(page, 'acme-admin@example.com', '/company-admin');
    await page.goto('/company-admin/bulk');
    // bulk redirects to bulk-report
    await expect(page).toHaveURL(/\/company-admin\/bulk\/bulk-report$/);
    await page.goto('/company-admin/bulk/bulk-sms');
    await expectTitle(page, 'Bulk SMS');

    await page.getByRole('combobox', { name: 'From' }).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: '+1 212 555 2301' })
      .first()
      .click();
    await page.getByLabel('Text', { exact: true }).fill('Hello {name}, this is the e2e bulk');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'recipients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expectToast(page, `recipients.csv: ${ROWS} numbers uploaded, waiting for Run`);

    const row = page.locator('.ant-table-row').filter({ hasText: 'Hello {name}, this is the e2e bulk' }).first();
    await expect(row).toContainText('on hold');
    // a held bulk offers what it can do: resume (no Hold, no Stop)
    await expect(row.getByRole('button', { name: /Hold|Stop/ })).toHaveCount(0);
    // held: nothing goes out
    await expect(row.getByTestId('bulk-left')).toHaveText(String(ROWS));
    await page.waitForTimeout(2000);
    await expect(row.getByTestId('bulk-left')).toHaveText(String(ROWS));

    await row.getByRole('button', { name: 'Resume' }).click();
    await expectToast(page, 'The bulk is running');
    await row.getByRole('link', { name: 'Report' }).click();
    await expect(page).toHaveURL(/[?&]bulk=/);
    // live progress without a reload, up to every number handed over
    const progress = page.getByTestId('bulk-report-progress');
    await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', { timeout: 180_000 });
    await expect(progress.getByTestId('bulk-left')).toHaveText('0');
    await expect(page.getByTestId('bulk-status')).toContainText('finished');
    // the first number got its own name
    await expect(page.locator('.ant-table-row').first()).toContainText('Hello Person 0, this is the e2e bulk');
    // the report's delivered count follows the delivery reports
    await expect(progress.getByTestId('bulk-delivered')).not.toHaveText('0');
  });
});
