import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { readFile } from 'node:fs/promises';
import { parseCsv } from '@smsc/shared-util';
import { expectAccessible, expectToast, query, searchText, signInAs, tableRows } from './accounts-support';
import { apiAs } from './users-support';

/** Clicks Export CSV and reads the saved file back as records (header first). */
async function exportCsv(page: Page): Promise<string[][]> {
  // the button waits while the list is still loading (its rows may be the previous search's)
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: /Export CSV/ }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^[a-z-]+-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  // spreadsheet programs need the byte-order mark to read UTF-8
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return parseCsv(text);
}

/** The list's total as the pagination shows it, e.g. "27 users". */
async function shownTotal(page: Page): Promise<number> {
  const text = await page.locator('.ant-pagination-total-text').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: false });

test.describe('CSV export of the current filter', () => {
  test('system admin: every page of a search, in the chosen order, not only the page on screen', async ({ page }) => {
    await signInAs(page, 'admin@example.com', '/system-admin');
    await page.goto('/system-admin/users');
    await searchText(page, 'Name', 'Acme Staff');
    await expect(page).toHaveURL(/full_name=Acme(\+|%20)Staff/);
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    await nameHeader.click();
    // the next click must meet the rendered order, not only the new address
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await nameHeader.click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/order_by=full_name&order_dir=desc/);
    await expect(tableRows(page)).toHaveCount(10);
    const total = await shownTotal(page);
    expect(total).toBeGreaterThanOrEqual(25);

    const [header, ...records] = await exportCsv(page);
    await expectToast(page, `Exported ${total} users`);
    // a time column names the zone its times are in (the system admin's: the browser's)
    expect(header).toEqual([
      'Name',
      'Email',
      'Company',
      'Type',
      'Admin',
      'Active',
      expect.stringMatching(/^Created \(.+\)$/),
    ]);
    expect(records).toHaveLength(total);
    expect(new Set(records.map((r) => r[1])).size).toBe(total);
    const names = records.map((r) => r[0]);
    expect(names.every((n) => /acme staff/i.test(n))).toBe(true);
    expect(names).toEqual([...names].sort(byName).reverse());
    // the view on screen is untouched: still page 1 of the same search
    expect(query(page).get('page')).toBe('0');
    await expect(tableRows(page)).toHaveCount(10);
    // the pointer still rests on Export CSV: its hover colours must pass AA too
    await expectAccessible(page);
  });

  test('reseller: the export holds only what the reseller may see, the page on screen when it is all of it', async ({
    page,
    request,
  }) => {
    const reseller = await apiAs(request, 'reseller@example.com');
    const own = await reseller.get<{ items: { company_name: string }[] }>('/company/list?per_page=10000');
    await signInAs(page, 'reseller@example.com', '/reseller');
    await page.goto('/reseller/companies/company-list');
    await expect(tableRows(page).first()).toBeVisible();
    let listCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/company/list')) listCalls++;
    });
    const [header, ...records] = await exportCsv(page);
    expect(header[0]).toBe('Name');
    expect(header).not.toContain('Reseller');
    expect(records.map((r) => r[0]).sort(byName)).toEqual(own.items.map((c) => c.company_name).sort(byName));
    expect(listCalls).toBe(0);
  });
});
