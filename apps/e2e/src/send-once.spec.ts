import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { menuTo } from './journey-steps';
import { expectTitle, expectToast, signInAs } from './accounts-support';
import { PASSWORD } from './support';

// Issue 45 item 5: after Send the form is empty again, and a double click sends once (the console sends one
// Idempotency-Key per filled form; the server answers a repeated key with the first message or bulk).
const API = '/api_smsc/v1';
const SENDER = '+1 212 555 2301';

const pickSender = async (page: Page) => {
  await page.getByRole('combobox', { name: 'From' }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: SENDER })
    .first()
    .click();
};
async function asAcme(request: APIRequestContext) {
  const auth = await request.post(`${API}/auth`, { data: { email: 'acme-admin@example.com', password: PASSWORD } });
  expect(auth.status()).toBe(200);
  return { authorization: `Bearer ${(await auth.json()).token}` };
}

test.describe('forms that reset, and a double click that sends once', () => {
  test('SMS center and Bulk send: a double click sends one message and one bulk, and the form empties', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const to = `+1415555${String(Date.now() % 10_000).padStart(4, '0')}`;
    await signInAs(page, 'acme-admin@example.com', '/company-admin');

    await menuTo(page, 'SMS center');
    await expectTitle(page, 'SMS center');
    await pickSender(page);
    await page.getByLabel('To', { exact: true }).fill(to);
    await page.getByLabel('Text', { exact: true }).fill(`Once only ${stamp}`);
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await expect(send).toBeEnabled({ timeout: 30_000 });
    await send.dblclick();
    await expectToast(page, new RegExp(`Message to \\${to}`));
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Text', { exact: true })).toHaveValue('');
    await expect(send).toBeDisabled();

    await menuTo(page, 'Bulk', 'Send a bulk');
    await expectTitle(page, 'Bulk send');
    await pickSender(page);
    await page.getByLabel('Text', { exact: true }).fill(`Bulk once ${stamp}`);
    await page.getByLabel('Numbers', { exact: true }).fill('+14155550171\n+14155550172');
    await expect(page.getByTestId('bulk-estimate').getByTestId('estimate-messages')).toHaveText('2', {
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Send bulk' }).dblclick();
    await expectToast(page, /Bulk accepted: 2 numbers/);
    await expect(page.getByLabel('Numbers', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Text', { exact: true })).toHaveValue('');

    // what the server holds: one message, one bulk
    const headers = await asAcme(request);
    const sms = await (
      await request.get(`${API}/sms/list?is_received=false&dnis=${encodeURIComponent(to)}`, { headers })
    ).json();
    expect(sms.items.filter((s: { text: string }) => s.text === `Once only ${stamp}`)).toHaveLength(1);
    const bulks = await (await request.get(`${API}/bulk/list?per_page=50`, { headers })).json();
    expect(bulks.items.filter((b: { text: string }) => b.text === `Bulk once ${stamp}`)).toHaveLength(1);

    // the one bulk in the one list, by the menu
    await menuTo(page, 'Bulk', 'Bulk report');
    await expectTitle(page, 'Bulk report');
    await expect(page.locator('.ant-table-row').filter({ hasText: `Bulk once ${stamp}` })).toHaveCount(1);
  });
});
