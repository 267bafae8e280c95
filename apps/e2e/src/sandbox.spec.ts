import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { menuTo } from './journey-steps';
import { expectTitle, expectToast, signInAs, tableRows } from './accounts-support';
import { PASSWORD } from './support';

// Issue 47 item 5: a sandbox key's journey. The company admin creates a test key by clicks from its home, a program
// sends with it to two magic numbers (docs/sandbox.md), and the SMS log shows each outcome tagged Sandbox, with the
// company's balance where it was.
const API = '/api_smsc/v1';

async function balanceOf(request: APIRequestContext): Promise<string> {
  const auth = await request.post(`${API}/auth`, { data: { email: 'acme-admin@example.com', password: PASSWORD } });
  expect(auth.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await auth.json()).token}` };
  const res = await request.get(`${API}/balance`, { headers });
  expect(res.status()).toBe(200);
  return (await res.json()).balance;
}

test.describe('the sandbox', () => {
  test('a test key sends to magic numbers: each outcome in the SMS log, tagged Sandbox, the balance unchanged', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const name = `Sandbox try-out ${stamp}`;
    await signInAs(page, 'acme-admin@example.com', '/company-admin');

    await menuTo(page, 'API keys');
    await expectTitle(page, 'API keys');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const ask = page.getByRole('dialog', { name: 'Create API key' });
    await ask.getByLabel('Name').fill(name);
    await ask.getByRole('radio', { name: 'Test (sandbox)' }).check();
    await ask.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, `API key "${name}" created`);
    const key = ((await page.getByTestId('api-key-value').textContent()) ?? '').trim();
    // a test key says so in its first characters
    expect(key).toMatch(/^smsc_test_/);
    await page
      .getByRole('dialog', { name: `API key "${name}"` })
      .getByRole('button', { name: 'Done' })
      .click();
    // the keys' list is a plain table of the page, not a resource list
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Test (sandbox)');

    const before = await balanceOf(request);
    // a program with the key alone: one number delivers, the other comes back undeliverable
    const outcomes = [
      { dnis: '+15005550100', text: `Sandbox ${stamp} delivered`, status: 'delivered' },
      { dnis: '+15005550102', text: `Sandbox ${stamp} undeliverable`, status: 'undelivered' },
    ];
    for (const o of outcomes) {
      const sent = await request.post(`${API}/sms`, {
        headers: { 'x-api-key': key },
        data: { ani: '+12125552301', dnis: o.dnis, text: o.text },
      });
      expect(sent.status()).toBe(201);
      expect((await sent.json()).sms).toMatchObject({ sandbox: true });
    }

    await menuTo(page, 'SMS log', 'Outgoing SMS');
    await expectTitle(page, 'Outgoing SMS');
    for (const o of outcomes) {
      const row = tableRows(page).filter({ hasText: o.text });
      // the simulator's receipt comes after its latency: search again until the final state shows
      await expect(async () => {
        await page
          .getByRole('search')
          .getByRole('button', { name: /Search/ })
          .click();
        await expect(row).toContainText(o.status, { timeout: 2_000 });
      }).toPass({ timeout: 45_000 });
      await expect(row).toContainText('Sandbox');
    }
    // the undeliverable one is not shown as delivered (the word is in "undelivered" too: the status tag alone)
    await expect(
      tableRows(page)
        .filter({ hasText: outcomes[1].text })
        .locator('.ant-tag')
        .filter({ hasText: /^delivered$/ }),
    ).toHaveCount(0);

    // never charged: the balance is what it was
    expect(await balanceOf(request)).toBe(before);
  });
});
