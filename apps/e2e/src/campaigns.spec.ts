import { test, expect } from './fixtures';
import { PASSWORD } from './support';
import { expectTitle, expectToast, searchText, signInAs, tableRows } from './accounts-support';

const stamp = Date.now().toString(36);
const API = '/api_smsc/v1';
const ACME_NUMBER = '+12125552301';
/** the number as screens show it (formatPhone) */
const ACME_SHOWN = '+1 212 555 2301';
const HANDSET = '+14155550707';

test.describe('campaigns', () => {
  test('a company admin adds a keyword that answers an incoming message, then creates and runs a campaign to the end', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const word = `HRS${stamp}`.toUpperCase();
    await signInAs(page, 'acme-admin@example.com', '/company-admin');

    // the keyword: a reply on every number of the company
    await page.goto('/company-admin/campaings/add-keyword');
    await expectTitle(page, 'Add keyword');
    await page.getByLabel('Keyword (one word)').fill(word.toLowerCase());
    await page.getByLabel(/^Reply text/).fill(`We are open 9-5 ${stamp}`);
    await page.getByRole('button', { name: /Create|Save/ }).click();
    await expect(page).toHaveURL(/\/company-admin\/campaings\/keyword-manager/);
    await searchText(page, 'Keyword', word);
    await expect(tableRows(page).first()).toContainText(word);

    // a handset texts the keyword (the system admin's simulator call): the reply goes out from the number it texted
    const auth = await request.post(`${API}/auth`, { data: { email: 'admin@example.com', password: PASSWORD } });
    const headers = { authorization: `Bearer ${(await auth.json()).token}` };
    const mo = await request.post(`${API}/gateway/simulator/mo`, {
      headers,
      data: { from: HANDSET, to: ACME_NUMBER, text: `${word.toLowerCase()} please` },
    });
    expect(mo.status()).toBe(200);
    await page.goto(`/company-admin/sms-log/outgoing?text=${stamp}`);
    await expectTitle(page, 'Outgoing SMS');
    await expect(tableRows(page).filter({ hasText: `We are open 9-5 ${stamp}` })).toHaveCount(1);

    // a campaign to one number, run from the list; its progress and state move on screen without a reload
    const name = `Spring ${stamp}`;
    await page.goto('/company-admin/campaings');
    await expect(page).toHaveURL(/\/company-admin\/campaings\/all-campaings/);
    await page.goto('/company-admin/campaings/add-campaing');
    await expectTitle(page, 'Add campaign');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel(/^Text/).fill(`Spring sale ${stamp}`);
    await page.locator('form').last().getByRole('combobox', { name: 'Sender number' }).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: ACME_SHOWN })
      .first()
      .click();
    await page.getByLabel(/^Also send to these numbers/).fill('+1 415 555 0708');
    // quiet hours are on by default (21:00 to 08:00 where the number is); this one sends at any hour
    await page.getByLabel(/^Quiet hours from/).clear();
    await page.getByLabel('Quiet hours until').clear();
    await page.getByRole('button', { name: /Create|Save/ }).click();
    await expect(page).toHaveURL(/\/company-admin\/campaings\/all-campaings/);
    await searchText(page, 'Name', name);
    const row = tableRows(page).filter({ hasText: name });
    await expect(row).toContainText('draft');
    await expect(row.getByRole('button', { name: `Hold campaign ${name}` })).toBeDisabled();
    await row.getByRole('button', { name: `Run campaign ${name}` }).click();
    await expectToast(page, `Campaign "${name}" is running`);
    await expect(row).toContainText('finished', { timeout: 60_000 });
    await expect(row).toContainText('1 / 1 handed over');
    await expect(row.getByRole('button', { name: `Run campaign ${name}` })).toBeDisabled();

    await page.goto('/company-admin/campaings/dashboard');
    await expectTitle(page, 'Campaign dashboard');
    await expect(page.getByText('No campaign is running')).toBeVisible();
  });
});
