import type { Browser } from '@playwright/test';
import { test, expect } from './fixtures';
import { PASSWORD } from './support';
import { expectTitle, expectToast, searchText, signInAs, tableRows } from './accounts-support';
import { sendFromCenter } from './journey-steps-company';
import { menuTo } from './journey-steps';

const stamp = Date.now().toString(36);
const API = '/api_smsc/v1';
const ACME_NUMBER = '+12125552301';
/** the number as screens show it (formatPhone) */
const ACME_SHOWN = '+1 212 555 2301';
const HANDSET = '+14155550111';

async function asUser(browser: Browser, baseURL: string, email: string, home: string) {
  const page = await browser.newPage({ baseURL });
  await signInAs(page, email, home);
  return page;
}

test.describe('messaging', () => {
  test('a company admin sends from the SMS center, sees it delivered and priced in the outgoing log, and a reply in the incoming log', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await signInAs(page, 'acme-admin@example.com', '/company-admin');
    await page.goto('/company-admin/sms-center');
    await expectTitle(page, 'SMS center');
    await sendFromCenter(page, `Hello from e2e ${stamp}`, HANDSET);

    await page.goto('/company-admin/sms-log/outgoing');
    await expectTitle(page, 'Outgoing SMS');
    await searchText(page, 'Text', stamp);
    await expect(page).toHaveURL(new RegExp(`text=${stamp}`));
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first()).toContainText('delivered');
    await expect(tableRows(page).first()).toContainText(/USD \d+\.\d+/);

    // the handset answers through the simulator (the system admin's injection call)
    const auth = await request.post(`${API}/auth`, { data: { email: 'admin@example.com', password: PASSWORD } });
    const headers = { authorization: `Bearer ${(await auth.json()).token}` };
    const mo = await request.post(`${API}/gateway/simulator/mo`, {
      headers,
      data: { from: HANDSET, to: ACME_NUMBER, text: `Reply ${stamp}` },
    });
    expect(mo.status()).toBe(200);
    await page.goto(`/company-admin/sms-log/incoming?text=${stamp}`);
    await expectTitle(page, 'Incoming SMS');
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first()).toContainText(`Reply ${stamp}`);

    // the handset texts STOP: the next send to it is refused with the reason; START lets it through again
    const moText = async (text: string) =>
      expect(
        (
          await request.post(`${API}/gateway/simulator/mo`, { headers, data: { from: HANDSET, to: ACME_NUMBER, text } })
        ).status(),
      ).toBe(200);
    await moText('STOP');
    await page.goto('/company-admin/sms-center');
    await expectTitle(page, 'SMS center');
    await page.getByRole('combobox', { name: 'From' }).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: ACME_SHOWN })
      .first()
      .click();
    await page.getByLabel('To', { exact: true }).fill(HANDSET);
    await page.getByLabel('Text', { exact: true }).fill(`After STOP ${stamp}`);
    // flagged before Send, which stays disabled: nothing is sent or refused afterwards
    await expect(page.getByTestId('sms-cannot-send')).toContainText('This number opted out (it texted STOP)');
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(page.getByTestId('sent-status')).toHaveCount(0);
    await moText('START');
  });

  test('after Send the SMS center is blank again from the same number, and a double click sends one message', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const to = '+14155550126';
    const text = `Once only ${stamp}`;
    await signInAs(page, 'acme-admin@example.com', '/company-admin');
    await menuTo(page, 'SMS center');
    await expectTitle(page, 'SMS center');
    const from = page.getByRole('combobox', { name: 'From' });
    await from.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: ACME_SHOWN })
      .first()
      .click();
    // a To that is not a number is said under the field once left, not as a toast
    await page.getByLabel('To', { exact: true }).fill('abc');
    await page.getByLabel('Text', { exact: true }).fill(text);
    await expect(page.locator('#sms-dnis_error')).toHaveText(/^Recipient number: use digits/);
    await expect(page.getByTestId('toast-error')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
    await page.getByLabel('To', { exact: true }).fill(to);
    await expect(page.locator('#sms-dnis_error')).toHaveCount(0);
    await expect(page.getByTestId('sms-price')).toHaveText(/^Price USD \d+\.\d+$/);

    await page.getByRole('button', { name: 'Send' }).dblclick();
    await expectToast(page, `Message to ${to}`);
    // blank for the next message, from the same number; nothing armed to send the same text again
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Text', { exact: true })).toHaveValue('');
    await expect(page.locator('.ant-select').filter({ has: from })).toContainText(ACME_SHOWN);
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(page.getByTestId('sent-status')).toBeVisible();

    // the log holds one message, not two
    await menuTo(page, 'SMS log', 'Outgoing SMS');
    await expectTitle(page, 'Outgoing SMS');
    await searchText(page, 'Text', text);
    await expect(tableRows(page).filter({ hasText: text })).toHaveCount(1);
    await expect(tableRows(page)).toHaveCount(1);
  });

  test('a reseller approves a company template, which the company then sends', async ({ page, browser, server }) => {
    test.setTimeout(180_000);
    const name = `Visit ${stamp}`;
    await signInAs(page, 'acme-admin@example.com', '/company-admin');
    await page.goto('/company-admin/templates/add');
    await expectTitle(page, 'Add template');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Text', { exact: true }).fill(`See you tomorrow ${stamp}`);
    await page.getByRole('button', { name: /Create|Save/ }).click();
    await expect(page).toHaveURL(/\/company-admin\/templates\/list/);
    await searchText(page, 'Name', name);
    await expect(tableRows(page).first()).toContainText('Pending');

    const reseller = await asUser(browser, server.url, 'reseller@example.com', '/reseller');
    await reseller.goto('/reseller/template-approval');
    await expectTitle(reseller, 'Template approval');
    await searchText(reseller, 'Name', name);
    await reseller.getByRole('button', { name: `Approve template ${name}` }).click();
    await expectToast(reseller, `Template "${name}" approved`);
    await expect(tableRows(reseller).first()).toContainText('Approved');
    await reseller.close();

    await page.goto('/company-admin/sms-center');
    await sendFromCenter(page, { template: name }, HANDSET);
    await page.goto(`/company-admin/sms-log/outgoing?text=${stamp}`);
    await expect(tableRows(page).filter({ hasText: `See you tomorrow ${stamp}` })).toHaveCount(1);
  });
});
