import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { expectAccessible, expectTitle, expectToast, signInAs, tableRows } from './accounts-support';
import { budget, menuTo } from './journey-steps';

// A person asks Acme what it holds about their number, then to be erased (issue 52 item 5): the company admin
// exports it as JSON and erases it by clicks, typing the number again; the record shows below without the number,
// and a later send to it is refused.

const API = '/api_smsc/v1';
const ACME_ANI = '+12125552301';

test('a company admin exports and erases what is held about one phone number, and it is not messaged again', async ({
  page,
}) => {
  budget(120_000);
  const person = `+1415555${String(Date.now() % 10_000).padStart(4, '0')}`;
  const auth = await page.request.post(`${API}/auth`, {
    data: { email: 'acme-admin@example.com', password: process.env.DEMO_PASSWORD ?? 'demo-password-1' },
  });
  const headers = { authorization: `Bearer ${(await auth.json()).token}` };
  // what Acme said to the person (set up through the API: the journey under test is the request)
  const sent = await page.request.post(`${API}/sms`, {
    headers,
    data: { ani: ACME_ANI, dnis: person, text: 'Hi Maria, your table for two is booked' },
  });
  expect(sent.status()).toBe(201);

  await signInAs(page, 'acme-admin@example.com', '/company-admin');
  await menuTo(page, 'Privacy requests');
  await expectTitle(page, 'Privacy requests');
  await page.getByLabel('Phone number').fill(person);
  await page.getByLabel('Reason').fill('Asked by mail on 6 Dec');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export as JSON' }).click(),
  ]);
  const doc = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(doc.number).toBe(person);
  expect(doc.sections.messages.map((m: { text: string }) => m.text)).toContain(
    'Hi Maria, your table for two is booked',
  );
  await expectToast(page, /Exported: 1 messages/);

  // erasing asks for the number again
  await page.getByRole('button', { name: 'Erase…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase this number?' });
  const erase = dialog.getByRole('button', { name: 'Erase' });
  await expect(erase).toBeDisabled();
  await dialog.getByLabel('Type the number again').fill(person.replace('+1', '1 '));
  await expect(dialog.getByRole('checkbox', { name: 'Send nothing to this number again' })).toBeChecked();
  await erase.click();
  await expectToast(page, /Erased: 1 messages/);
  await expect(page.getByTestId('privacy-result')).toContainText(`Erased for •••${person.slice(-3)}`);
  const row = tableRows(page).filter({ hasText: 'Erasure' }).first();
  await expect(row).toContainText('Asked by mail on 6 Dec');
  await expect(row).not.toContainText(person.slice(1));
  await expectAccessible(page);

  // the number is blocked from now on
  const again = await page.request.post(`${API}/sms`, {
    headers,
    data: { ani: ACME_ANI, dnis: person, text: 'Hello?' },
  });
  expect(again.status()).toBe(422);
  expect((await again.json()).code).toBe('suppressed');
});
