import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectTitle, expectToast, searchText, signInAs, tableRows } from './accounts-support';
import { mailMatching } from './mailbox';

// The spend guards' journey (docs/guards.md): a reseller guards one of its companies (a daily spend limit, allowed countries); the
// company's admin sees them, sets its low-balance alert, and its sends are held to them.
const API = '/api_smsc/v1';
// Acme's sender as the From picker shows it (phone numbers are shown grouped, +1 212 555 2301)
const ACME_NUMBER = '+1 212 555 2301';
const US_HANDSET = '+14155550111';
// a mainland UK mobile (+447911… is Guernsey's)
const GB_HANDSET = '+447400123456';

const menu = (page: Page) => page.getByRole('navigation', { name: /menu$/ });
const micros = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 1e6);
const amount = (m: number) => (m / 1e6).toFixed(6);
const visibleOption = (page: Page) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');

async function pickCountry(page: Page, name: string, iso2: string): Promise<string> {
  const select = page.getByRole('combobox', { name: /^Allowed countries/ });
  await select.click();
  await select.fill(name);
  const option = visibleOption(page).filter({ hasText: `${name} (${iso2})` });
  const label = (await option.textContent()) ?? '';
  await option.click();
  return label;
}

/** Compose in the SMS center; the send button's answer is left to the caller. */
async function compose(page: Page, to: string, text: string, quote?: string | RegExp, send = true) {
  await page.getByRole('combobox', { name: 'From' }).click();
  await visibleOption(page).filter({ hasText: ACME_NUMBER }).first().click();
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByLabel('Text', { exact: true }).fill(text);
  if (quote) await expect(page.getByTestId('sms-price')).toHaveText(quote);
  if (send) await page.getByRole('button', { name: 'Send' }).click();
}

test.describe('spend and destination guards', () => {
  // a step that waits for something the screen never shows fails there, not at the end of the test's time
  test.use({ actionTimeout: 30_000 });

  // the worker's database is shared with the specs after this one: Acme goes back to no guards. An after hook
  // gets its own time, so this runs even when the test ran out of its own.
  test.afterEach(async ({ request }) => {
    const auth = await request.post(`${API}/auth`, {
      data: { email: 'reseller@example.com', password: 'demo-password-1' },
    });
    const headers = { authorization: `Bearer ${(await auth.json()).token}` };
    const list = await request.get(`${API}/company/list`, { headers, params: { company_name: '*Acme*' } });
    const acme = ((await list.json()) as { items: { company_uuid: string; company_name: string }[] }).items.find(
      (c) => c.company_name === 'Acme',
    );
    if (acme)
      await request.put(`${API}/company/${acme.company_uuid}/guards`, {
        headers,
        data: { daily_limit: null, allowed_countries: null, low_balance_threshold: null },
      });
  });

  test('a reseller limits its company; the company admin sees the limits, its sends are held to them, and a low-balance mail arrives', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const stamp = Date.now().toString(36);
    // the reseller: Companies → Acme's row → Guards
    await signInAs(page, 'reseller@example.com', '/reseller');
    await menu(page).getByRole('link', { name: 'Companies', exact: true }).click();
    await expectTitle(page, 'Company list');
    await searchText(page, 'Name', 'Acme');
    const row = tableRows(page).filter({ hasText: 'Acme' });
    await expect(row).toHaveCount(1);
    await row.getByRole('link', { name: 'Guards' }).click();
    await expectTitle(page, 'Spend and destination guards');
    const spentToday = (await page.getByTestId('usage-today').textContent())?.match(/^([\d.,]+)/)?.[1] ?? '';
    expect(spentToday).not.toBe('');

    // allowed: the United States and Canada (each shown with Acme's price); the limit leaves room for one message
    const us = await pickCountry(page, 'United States', 'US');
    await pickCountry(page, 'Canada', 'CA');
    await page.keyboard.press('Escape');
    const usPrice = us.match(/\(US\)\s+([\d.]+)/)?.[1] ?? '';
    expect(Number(usPrice)).toBeGreaterThan(0);
    const limit = amount(micros(spentToday) + Math.round(micros(usPrice) * 1.5));
    await page.getByLabel(/^Daily spend limit/).fill(limit);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Guards saved');
    await expect(page.getByTestId('allowed-countries')).toHaveText('CA, US');
    await expect(page.getByTestId('usage-today')).toContainText(' of ');

    // the company admin: Profile → Spend and destinations shows them
    await signInAs(page, 'acme-admin@example.com', '/company-admin');
    await menu(page).getByRole('menuitem', { name: 'Profile' }).click();
    await menu(page).getByRole('link', { name: 'Spend and destinations' }).click();
    await expectTitle(page, 'Spend and destinations');
    await expect(page.getByTestId('allowed-countries')).toHaveText('CA, US');
    const set = page.locator('.ant-descriptions-item').filter({ hasText: 'Limits set by your provider' });
    const shown = (await set.textContent())?.match(/([\d.]+) a day, none a month/)?.[1] ?? '';
    expect(micros(shown)).toBe(micros(limit));
    const today = (await page.getByTestId('usage-today').textContent()) ?? '';
    expect(micros(today.match(/ of ([\d.]+)/)?.[1] ?? '')).toBe(micros(limit));
    await expect(page.getByRole('table').first()).toBeVisible();

    // its low-balance alert at the balance itself: the next charge crosses it
    const title = (await page.getByTestId('header-balance').getAttribute('title')) ?? '';
    const balance = title.match(/^Balance\s+USD\s+([\d,]+\.\d+)/)?.[1]?.replace(/,/g, '') ?? '';
    expect(Number(balance)).toBeGreaterThan(0);
    await page.getByLabel(/^Low-balance alert below/).fill(balance);
    // the auto-recharge card beside the panel has Save buttons of its own
    await page.getByTestId('company-guards').getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Guards saved');

    // SMS center: one message fits the limit and goes out
    await menu(page).getByRole('link', { name: 'SMS center', exact: true }).click();
    await expectTitle(page, 'SMS center');
    await compose(page, US_HANDSET, `Within the limit ${stamp}`, /^Price USD \d+\.\d+$/);
    await expectToast(page, `Message to ${US_HANDSET}`);
    await expect(page.getByTestId('sent-status')).toHaveText('delivered', { timeout: 30_000 });

    // its charge took the balance under the alert: one mail to the company admin
    const mail = await mailMatching('acme-admin@example.com', /Low balance for Acme/);
    expect(mail).toMatch(/The balance of Acme is USD [\d.,]+, below its alert threshold of USD [\d.,]+/);

    // a country not on the list: said before Send, which stays disabled, with the next step and where to take it
    await compose(page, GB_HANDSET, `Abroad ${stamp}`, 'Cannot be sent', false);
    await expect(page.getByTestId('sms-cannot-send')).toContainText(
      'Cannot be sent: Sending to this country is not allowed for your company.',
    );
    await expect(
      page.getByTestId('sms-cannot-send').getByRole('link', { name: 'Spend and destinations' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();

    // a second message to an allowed country would pass the daily limit
    await compose(page, US_HANDSET, `Over the limit ${stamp}`);
    await expectToast(page, /spend limit would be passed/, 'error');
  });

  test('the system admin changes a pumping threshold by clicks and sees it saved', async ({ page, request }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'admin@example.com', '/system-admin');
    await menu(page).getByRole('menuitem', { name: 'Fraud guards' }).click();
    await menu(page).getByRole('link', { name: 'Pumping thresholds' }).click();
    await expectTitle(page, 'Pumping thresholds');
    const field = page.getByLabel('Messages to one range', { exact: true });
    const before = Number(await field.inputValue());
    expect(before).toBeGreaterThanOrEqual(3);
    const next = String(before + 5);
    try {
      await field.fill(next);
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Pumping thresholds saved');
      // saved on the server: the page read again shows it
      await page.reload();
      await expectTitle(page, 'Pumping thresholds');
      await expect(page.getByLabel('Messages to one range', { exact: true })).toHaveValue(next);
    } finally {
      // the worker's database is shared with later specs: the threshold goes back
      const auth = await request.post(`${API}/auth`, {
        data: { email: 'admin@example.com', password: 'demo-password-1' },
      });
      await request.put(`${API}/guards/settings`, {
        headers: { authorization: `Bearer ${(await auth.json()).token}` },
        data: { pumping_min_messages: before },
      });
    }
  });
});
