import { test, expect } from './fixtures';
import { seedSession } from './support';
import { expectToast } from './users-support';

const API = '/api_smsc/v1';

test.describe('API keys and the audit log', () => {
  test('a company admin creates a key, a program sends with it, the admin revokes it; the system admin reads both moves in the audit log', async ({
    page,
  }) => {
    const name = `Billing robot ${Date.now()}`;
    await seedSession(page, 'acme-admin@example.com');
    await page.goto('/company-admin');
    // a menu entry of its own, not under Profile
    await page.getByRole('navigation', { name: /menu$/ }).getByRole('link', { name: 'API keys', exact: true }).click();
    await expect(page.getByTestId('page-title')).toHaveText('API keys');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const ask = page.getByRole('dialog', { name: 'Create API key' });
    await ask.getByLabel('Name').fill(name);
    // send and read: the program sends and reads its balance
    await ask.getByRole('checkbox', { name: /^Read:/ }).check();
    await ask.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, `API key "${name}" created`);
    const key = ((await page.getByTestId('api-key-value').textContent()) ?? '').trim();
    expect(key.length).toBeGreaterThan(20);
    await page
      .getByRole('dialog', { name: `API key "${name}"` })
      .getByRole('button', { name: 'Done' })
      .click();
    // shown once: once the dialog is closed the key is nowhere on the page
    await expect(page.getByTestId('api-key-value')).toHaveCount(0);
    expect(await page.content()).not.toContain(key);

    // a program, with no session: the key alone sends as the company
    const sent = await page.request.post(`${API}/sms`, {
      headers: { 'x-api-key': key },
      data: { ani: '+12125552301', dnis: '+14155550123', text: 'Sent by key' },
    });
    expect(sent.status()).toBe(201);
    const balance = await page.request.get(`${API}/balance`, { headers: { 'x-api-key': key } });
    expect(balance.status()).toBe(200);
    expect(await balance.json()).toHaveProperty('available');
    await page.reload();
    const row = page.locator('.ant-table-row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('Never');

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, `API key "${name}" revoked`);
    await expect(row).toHaveCount(0);
    const refused = await page.request.post(`${API}/sms`, {
      headers: { 'x-api-key': key },
      data: { ani: '+12125552301', dnis: '+14155550123', text: 'After revoke' },
    });
    expect(refused.status()).toBe(401);

    await seedSession(page, 'admin@example.com');
    await page.goto('/system-admin/audit-log?entity=api_key&actor_email=acme-admin%40example.com');
    await expect(page.getByTestId('page-title')).toHaveText('Audit log');
    const entries = page.locator('.ant-table-row').filter({ hasText: name });
    await expect(entries).toHaveCount(2);
    await expect(entries.filter({ hasText: 'Created' })).toContainText('acme-admin@example.com');
    await expect(entries.filter({ hasText: 'Deleted' })).toHaveCount(1);
    await expect(page.locator('body')).not.toContainText(key);
  });
});
