import { test, expect } from './fixtures';
import { expectTitle, expectToast, signInAs, tableRows } from './accounts-support';
import { sendFromCenter } from './journey-steps-company';
import { menuTo } from './journey-steps';

// Issue 49 item 4's journey: a company's message puts its route on the system admin's Route quality screen, where
// the admin gives the route a floor of its own and takes it back, holds it off (demoted at once) and lets it go
// again through Always on; each change answered by a toast and shown on the row. By clicks from each home.
const HANDSET = '+14155550144';

test.describe('route quality', () => {
  test('a sent message puts its route on the screen; the admin sets its floor and pin and undoes both', async ({
    page,
    browser,
    server,
  }) => {
    test.setTimeout(240_000);
    const company = await browser.newPage({ baseURL: server.url });
    await signInAs(company, 'acme-admin@example.com', '/company-admin');
    await menuTo(company, 'SMS center');
    await sendFromCenter(company, `Route quality ${Date.now()}`, HANDSET);
    await company.close();

    await signInAs(page, 'admin@example.com', '/system-admin');
    await menuTo(page, 'Products', 'Route quality');
    await expectTitle(page, 'Route quality');
    // the evaluation job (every 30 s) adds a route once it has carried a message
    const route = tableRows(page).filter({ hasText: 'United States of America (US)' }).first();
    await expect(async () => {
      await page.reload();
      await expect(route).toBeVisible({ timeout: 15_000 });
    }).toPass({ timeout: 120_000, intervals: [2_000, 5_000] });
    await expect(route).toContainText('Active');
    await expect(route).toContainText('(default)');

    // a floor of its own, then the default again
    await route.getByRole('button', { name: /^Set floor: / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Floor (%)').fill('95');
    await dialog.getByRole('button', { name: 'Save floor' }).click();
    await expectToast(page, /Floor of .+ → United States of America set to 95 %/);
    await expect(route).toContainText('95 %');
    await expect(route).not.toContainText('(default)');
    await route.getByRole('button', { name: /^Set floor: / }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Use the default/ })
      .click();
    await expectToast(page, /→ United States of America keeps the default floor/);
    await expect(route).toContainText('(default)');

    // held off: demoted at once
    const pin = route.getByRole('combobox', { name: /^Pin: / });
    await pin.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: 'Held off' })
      .click();
    await expectToast(page, /→ United States of America is held off: demoted to its fallbacks/);
    await expect(route).toContainText('Demoted');
    // back: pinned always on it is active at once, and automatic from there it stays so (too few judged to demote)
    for (const [word, said] of [
      ['Always on', /→ United States of America is pinned always on/],
      ['Automatic', /→ United States of America is automatic again: active/],
    ] as const) {
      await pin.click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: word })
        .click();
      await expectToast(page, said);
      await expect(route).toContainText('Active');
    }
  });
});
