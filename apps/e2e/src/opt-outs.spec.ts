import { test, expect } from './fixtures';
import { expectAccessible, expectTitle, expectToast, signInAs } from './accounts-support';
import { budget, menuTo } from './journey-steps';

// Opt-outs by language (issue 52 item 4): Acme's admin words its Spanish STOP reply by clicks; a number texts
// "BAJA" (a Spanish word: the reply is Spanish whatever the number's country; a +34 number's own case is
// opt-outs.spec.ts on the server, Acme's demo product prices US numbers only); the consent history shows the
// opt-out with where it came from; the reply goes out in Acme's words; the Spanish set is restored at the end.

const API = '/api_smsc/v1';
const ACME_ANI = '+12125552301';

test('a company admin words the Spanish STOP reply; a BAJA is answered in those words and shows in the consent history', async ({
  page,
}) => {
  budget(120_000);
  const person = `+1415556${String(Date.now() % 10_000).padStart(4, '0')}`;
  await signInAs(page, 'acme-admin@example.com', '/company-admin');
  await menuTo(page, 'Campaigns', 'Opt-outs');
  await expectTitle(page, 'Opt-outs');

  await page.getByRole('button', { name: 'Edit Spanish' }).click();
  const words = page.getByRole('dialog', { name: 'Spanish words and replies' });
  await words.getByLabel('Reply to STOP').fill('Acme: ya no recibirás mensajes. Responde ALTA para volver.');
  await words.getByRole('button', { name: 'Save words' }).click();
  await expectToast(page, 'Spanish words saved');

  // the number texts BAJA to Acme (the simulator's carrier side, as the system admin)
  const auth = await page.request.post(`${API}/auth`, {
    data: { email: 'admin@example.com', password: process.env.DEMO_PASSWORD ?? 'demo-password-1' },
  });
  const headers = { authorization: `Bearer ${(await auth.json()).token}` };
  const mo = await page.request.post(`${API}/gateway/simulator/mo`, {
    headers,
    data: { from: person, to: ACME_ANI, text: 'BAJA' },
  });
  expect(mo.status()).toBe(200);

  // the Consent history card at the foot of the page
  const history = page.locator('.ant-card').filter({ has: page.getByText('Consent history', { exact: true }) });
  await history.getByLabel('Phone number').fill(person);
  await history.getByRole('button', { name: 'Show history' }).click();
  const row = history.getByRole('row').filter({ hasText: 'Opted out' });
  await expect(row).toContainText('Texted keyword');
  await expect(row).toContainText('BAJA');
  await expectAccessible(page);

  // the reply went out in Spanish, in Acme's words
  await menuTo(page, 'SMS log', 'Outgoing SMS');
  await expect(page.getByText('Acme: ya no recibirás mensajes', { exact: false }).first()).toBeVisible();

  // back to the defaults
  await menuTo(page, 'Campaigns', 'Opt-outs');
  await page.getByRole('button', { name: 'Edit Spanish' }).click();
  await page
    .getByRole('dialog', { name: 'Spanish words and replies' })
    .getByRole('button', { name: 'Restore defaults' })
    .click();
  await expectToast(page, 'Spanish restored to the defaults');
});
