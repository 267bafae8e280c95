import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { PASSWORD } from './support';
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
const API = '/api_smsc/v1';

/** A direct company of this spec's own, with a company admin, made through the API as the system admin. */
async function directCompany(request: APIRequestContext) {
  const auth = await request.post(`${API}/auth`, { data: { email: 'admin@example.com', password: PASSWORD } });
  const headers = { authorization: `Bearer ${(await auth.json()).token}` };
  const company = await (
    await request.post(`${API}/company`, { headers, data: { company_name: `Billing Co ${stamp}`, prepay: true } })
  ).json();
  const email = `billing-${stamp}@example.com`;
  const user = await request.post(`${API}/user`, {
    headers,
    data: {
      email,
      password: PASSWORD,
      full_name: `Billing Admin ${stamp}`,
      is_admin: true,
      company_uuid: company.company_uuid,
    },
  });
  expect(user.status()).toBe(201);
  // on a plan, as a paying company is: a company without one may not top up (no_plan)
  const products = await (await request.get(`${API}/product/list?per_page=100`, { headers })).json();
  const standard = products.items.find((p: { product_name: string }) => p.product_name === 'Standard');
  const plan = await request.post(`${API}/product/${standard.product_uuid}/company`, {
    headers,
    data: { company_uuid: company.company_uuid },
  });
  expect(plan.status()).toBe(200);
  return { company_uuid: company.company_uuid as string, name: company.company_name as string, email };
}

test.describe('billing', () => {
  test('system admin adds a manual payment; the company pays by the offline card checkout', async ({
    page,
    request,
  }) => {
    // two roles, six screens and five axe scans in one journey: more than the default minute on 2 shared cores
    test.setTimeout(240_000);
    const co = await directCompany(request);

    // The system admin enters a manual payment for the company...
    await signInAs(page, 'admin@example.com', '/system-admin');
    await page.goto('/system-admin/companies/add-manual-payment');
    await expectTitle(page, 'Add manual payment');
    await pickOption(page, 'form', 'Company', co.name);
    await page.getByLabel('Amount (USD)').fill('0');
    await page.getByRole('button', { name: /Create payment/ }).click();
    await expect(page.getByText('The amount must be greater than zero')).toBeVisible();
    await page.getByLabel('Amount (USD)').fill('250.75');
    await expect(page.getByText('The amount must be greater than zero')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: /Create payment/ }).click();
    await expectToast(page, 'Payment created');
    await expect(page).toHaveURL(/\/system-admin\/companies\/company-list/);

    // ...and the company's transaction history shows it with the new balance.
    await searchText(page, 'Name', co.name);
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first()).toContainText(co.name);
    await tableRows(page)
      .first()
      .getByRole('link', { name: /^Transactions/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/system-admin/companies/transaction-history/${co.company_uuid}$`));
    await expectTitle(page, 'Transaction history');
    await expect(page.getByTestId('balance')).toHaveText('USD 250.75');
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first()).toContainText('Payment');
    await expect(tableRows(page).first()).toContainText('USD 250.75');
    await expectAccessible(page);
    await page.goto('/system-admin/balance-log/list');
    await expectTitle(page, 'Balance log');
    await searchText(page, 'Company', co.name);
    await expect(tableRows(page)).toHaveCount(1);

    // The company admin tops up by card through the built-in test checkout.
    // a fresh session: the stored token goes, the next load starts signed out
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await signInAs(page, co.email, '/company-admin');
    await page.goto('/company-admin/payment-gateway');
    await expectTitle(page, 'Payment gateway');
    await expect(page.getByTestId('balance')).toHaveText('USD 250.75');
    await expectAccessible(page);
    await page.getByLabel('Amount (USD)').fill('40');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay USD 40.00' }).click();
    await expect(page).toHaveURL(/\/company-admin\/payment-success\?payment_uuid=/);
    await expectTitle(page, 'Payment successful');
    await expect(page.getByTestId('payment-result')).toHaveText('Payment received');
    await expect(page.getByTestId('balance')).toHaveText('USD 290.75');
    await expectAccessible(page);

    // Its own payment list holds both payments; a cancelled checkout changes nothing.
    await page.goto('/company-admin/billing/payment');
    // a full page load on a busy machine can outlast the 15 s default while the remote loads
    await expect(tableRows(page)).toHaveCount(2, { timeout: 60_000 });
    await expectTitle(page, 'Payments');
    await page.goto('/company-admin/payment-gateway');
    await expect(page.getByLabel('Amount (USD)')).toBeVisible({ timeout: 60_000 });
    await page.getByLabel('Amount (USD)').fill('15.00');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/company-admin\/payment-cancel/);
    await expect(page.getByTestId('payment-result')).toHaveText('Payment cancelled');
    await expect(page.getByTestId('balance')).toHaveText('USD 290.75');
  });
});
