import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { PASSWORD } from './support';
import { expectTitle, expectToast, signInAs } from './accounts-support';

const API = '/api_smsc/v1';
const stamp = Date.now().toString(36);

async function token(request: APIRequestContext, email: string) {
  const res = await request.post(`${API}/auth`, { data: { email, password: PASSWORD } });
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** The value of a dashboard card by its title ("Messages", "Delivered"). */
const card = (page: Page, title: string) =>
  page
    .locator('.ant-statistic')
    .filter({ has: page.locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }) })
    .locator('.ant-statistic-content-value');

test.describe('reports', () => {
  test("messages sent by a company show in its daily usage and in the system admin's client/vendor report, which exports as CSV", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const acme = await token(request, 'acme-admin@example.com');
    const admin = await token(request, 'admin@example.com');
    const day = new Date().toISOString().slice(0, 10);
    const range = `start_time=${day}T00:00:00.000Z&end_time=${new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString()}`;
    const before = {
      acme: (await (await request.get(`${API}/dashboard`, { headers: acme })).json()).totals,
      admin: (
        await (
          await request.get(`${API}/stat/report?${range}&step=total&group=company,vendor`, { headers: admin })
        ).json()
      ).totals,
    };

    const sent: string[] = [];
    for (const i of [1, 2, 3]) {
      const res = await request.post(`${API}/sms`, {
        headers: acme,
        data: { ani: '+12125552301', dnis: '+14155550111', text: `Report e2e ${stamp} ${i}` },
      });
      expect(res.status()).toBe(201);
      sent.push((await res.json()).sms.sms_uuid);
    }
    // the simulator reports each delivered (or, now and then, undelivered)
    await expect
      .poll(
        async () => {
          const states = await Promise.all(
            sent.map(
              async (id) => (await (await request.get(`${API}/sms/${id}`, { headers: acme })).json()).sms.status,
            ),
          );
          return states.every((s) => s !== 'queued' && s !== 'sent');
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    // the company admin's root is its daily usage (docs/spec.md §2), which counts them
    await signInAs(page, 'acme-admin@example.com', '/company-admin');
    await expect(page).toHaveURL(/\/company-admin\/daily-usage$/);
    await expectTitle(page, 'Daily usage');
    await expect(card(page, 'Messages')).toHaveText(String(before.acme.messages + 3));
    // its hours in the company's zone (New York by default), named
    await expect(page.getByRole('table', { name: 'Messages by hour (America/New_York)' })).toBeVisible();
    await expect(page.getByTestId('report-chart').locator('svg').first()).toBeVisible();

    // the system admin's report by client and vendor counts them, with cost and margin
    await signInAs(page, 'admin@example.com', '/system-admin');
    await page.goto(`/system-admin/reporting/all-client-vendor?start=${day}&end=${day}`);
    await expectTitle(page, 'All clients and vendors');
    const table = page.getByRole('table', { name: `Company and Vendor from ${day} to ${day}` });
    await expect(table.locator('.ant-table-row').filter({ hasText: 'Acme' }).first()).toBeVisible();
    const total = table.locator('.ant-table-summary td');
    await expect(total.first()).toHaveText('Total');
    // Company, Vendor, then Messages
    await expect(total.nth(2)).toHaveText(String(before.admin.messages + 3));
    await expect(table.locator('thead')).toContainText('Margin (USD)');

    // and downloads as CSV from the server
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`all-client-vendor-${day}-${day}.csv`);
    const csv = readFileSync(await file.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe('Company,Vendor,Messages,Revenue,Cost,Lookup cost,Margin,Currency');
    expect(csv.some((line) => line.startsWith('Acme,'))).toBe(true);
    await expectToast(page, `Exported all-client-vendor-${day}-${day}.csv`);
  });

  test("the reseller's report shows its companies' month and exports it; the outgoing log exports from the server", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const acme = await token(request, 'acme-admin@example.com');
    const res = await request.post(`${API}/sms`, {
      headers: acme,
      data: { ani: '+12125552301', dnis: '+14155550111', text: `Reseller e2e ${stamp}` },
    });
    expect(res.status()).toBe(201);
    const month = new Date().toISOString().slice(0, 7);

    await signInAs(page, 'reseller@example.com', '/reseller');
    await page.getByRole('navigation', { name: /menu$/ }).getByRole('link', { name: 'Reports', exact: true }).click();
    await expectTitle(page, 'Reports');
    const table = page.getByRole('table', { name: /^Your companies, / });
    await expect(table.locator('.ant-table-row').filter({ hasText: 'Acme' }).first()).toBeVisible();
    // only its own companies: Globex is not the reseller's
    await expect(table.locator('.ant-table-row').filter({ hasText: 'Globex' })).toHaveCount(0);
    await expect(table.locator('thead')).toContainText('Your margin (USD)');
    await expect(page.getByTestId('report-chart').locator('svg').first()).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`reseller-report-company-${month}.csv`);
    const csv = readFileSync(await file.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe(
      'Company,Messages,Segments,Delivered,Undelivered,Failed,Pending,Blocked,Received,Revenue,Cost,Lookup cost,Margin,Platform cost,Reseller margin,Currency',
    );
    expect(csv.some((line) => line.startsWith('Acme,'))).toBe(true);
    // by day: the same month from GET /sms/report
    await page.getByRole('group', { name: 'View' }).getByText('By day', { exact: true }).click();
    await expect(page).toHaveURL(/view=day/);
    await expect(
      page
        .getByRole('table', { name: /^Your companies by day, / })
        .locator('.ant-table-row')
        .first(),
    ).toBeVisible();

    // the company admin's outgoing log exports every message of its filter, written by the server
    await signInAs(page, 'acme-admin@example.com', '/company-admin');
    await page.goto(`/company-admin/sms-log/outgoing?text=${encodeURIComponent(`Reseller e2e ${stamp}`)}`);
    await expect(page.getByRole('cell', { name: `Reseller e2e ${stamp}` })).toBeVisible();
    const logDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const log = readFileSync(await (await logDownload).path(), 'utf8')
      .split('\r\n')
      .filter(Boolean);
    expect(log[0]).toMatch(/^Created \(UTC\),SMS id,Direction,From,To,/);
    expect(log).toHaveLength(2);
    expect(log[1]).toContain(`,outgoing,+12125552301,+14155550111,`);
  });
});
