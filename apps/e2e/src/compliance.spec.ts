import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectTitle, expectToast, signInAs } from './accounts-support';
import { budget, menuTo } from './journey-steps';

// A company admin's registration journey (issue 52): with enforcement on, a send from a long code that is on no
// 10DLC campaign is refused with what to file; the admin files a brand and a campaign by clicks, sees them in
// review, gets the campaign rejected with the registry simulator's reason, edits and resubmits it, sees it approved,
// attaches the number and sends. The e2e server reviews in 2 s (COMPLIANCE_SIM_REVIEW_SECONDS, e2e-server.mjs).

const API = '/api_smsc/v1';
const SENDER = '+1 415 555 3303';

async function setEnforcement(page: Page, enforcement: boolean) {
  const auth = await page.request.post(`${API}/auth`, {
    data: { email: 'admin@example.com', password: process.env.DEMO_PASSWORD ?? 'demo-password-1' },
  });
  const headers = { authorization: `Bearer ${(await auth.json()).token}` };
  const res = await page.request.put(`${API}/compliance/settings`, { headers, data: { enforcement } });
  expect(res.status()).toBe(200);
}

const option = (page: Page, text: string) =>
  page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text });

async function compose(page: Page, to: string) {
  await menuTo(page, 'SMS center');
  await page.getByRole('combobox', { name: 'From' }).click();
  await option(page, SENDER).first().click();
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByLabel('Text', { exact: true }).fill('Acme: your order shipped. Reply STOP to opt out');
}

test('a company admin files a 10DLC brand and campaign, is rejected, resubmits, is approved, attaches its number and sends', async ({
  page,
}) => {
  budget(150_000);
  await setEnforcement(page, true);
  try {
    await signInAs(page, 'acme-admin@example.com', '/company-admin');
    const to = `+1312555${String(Date.now() % 10_000).padStart(4, '0')}`;

    // before any filing: the compose box says what is missing, Send stays off, and the next step links to Compliance
    // (the server's own refusal before any charge is compliance-api.spec's)
    await compose(page, to);
    await expect(page.getByTestId('sms-registration')).toContainText(
      'File a 10DLC brand and campaign under Compliance',
    );
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(page.getByRole('alert').filter({ hasText: 'Cannot be sent' })).toContainText('not registered');
    await expect(page.getByRole('alert').getByRole('link', { name: 'Compliance' })).toBeVisible();

    // the brand
    await menuTo(page, 'Compliance');
    await expectTitle(page, 'Compliance');
    await page.getByRole('link', { name: 'New filing' }).click();
    await expectTitle(page, 'New filing');
    const stamp = Date.now().toString(36);
    await page.getByLabel('Name', { exact: true }).fill(`Acme brand ${stamp}`);
    await page.getByLabel('Legal company name').fill('Acme Inc');
    await page.getByLabel('Tax ID (EIN)').fill('12-3456789');
    await page.getByLabel('Website').fill('https://acme.example');
    await page.getByLabel('Industry').fill('Retail');
    await page.getByLabel('Contact email').fill('legal@acme.example');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expectToast(page, 'Draft saved');
    await expectTitle(page, 'Filing');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByTestId('filing-status').first()).toHaveText('In review');
    await expect(page.getByTestId('filing-status').first()).toHaveText('Approved', { timeout: 20_000 });

    // the campaign, first without opt-out wording in its samples
    await menuTo(page, 'Compliance');
    await page.getByRole('link', { name: 'New filing' }).click();
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await option(page, 'US 10DLC campaign').click();
    await page.getByLabel('Name', { exact: true }).fill(`Order updates ${stamp}`);
    await page.getByRole('combobox', { name: 'Brand' }).click();
    await option(page, `Acme brand ${stamp}`).click();
    await page.getByLabel('Use case').fill('Account notifications');
    await page.getByLabel('Description').fill('Order and delivery updates to customers who bought online');
    await page.getByLabel('Sample messages').fill('Acme: your order 1042 has shipped.');
    await page.getByLabel('Opt-in flow').fill('Customers tick a box at checkout to get order texts');
    await page.getByLabel('Messages a month').fill('5000');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expectToast(page, 'Draft saved');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByTestId('filing-status').first()).toHaveText('In review');
    await expect(page.getByTestId('filing-rejection')).toContainText('Reply STOP to opt out', { timeout: 20_000 });
    await expect(page.getByTestId('filing-status').first()).toHaveText('Rejected');

    // edit as the reason says and resubmit
    await page.getByLabel('Sample messages').fill('Acme: your order 1042 has shipped. Reply STOP to opt out');
    await page.getByRole('button', { name: 'Resubmit' }).click();
    await expectToast(page, 'Submitted');
    await expect(page.getByTestId('filing-status').first()).toHaveText('Approved', { timeout: 20_000 });
    await expect(page.getByRole('table').last()).toContainText('Rejected');

    // the number goes on the campaign; the same send now leaves
    await page.getByRole('combobox', { name: 'Number to attach' }).click();
    await option(page, SENDER).click();
    await page.getByRole('button', { name: 'Attach number' }).click();
    await expectToast(page, 'Number attached');
    await compose(page, to);
    await expect(page.getByTestId('sms-registration')).not.toContainText('not on an approved');
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
    await page.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, `Message to ${to}`);
    await expect(page.getByTestId('sent-status')).toHaveText(/queued|sent|delivered/);
  } finally {
    await setEnforcement(page, false);
  }
});
