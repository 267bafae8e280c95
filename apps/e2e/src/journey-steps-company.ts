import { expect, type Page } from '@playwright/test';
import { expectTitle, expectToast, pickOption, searchText, tableRows } from './accounts-support';
import { expectImported, menuTo, openRowLink, pickFirstOption, pickTypedOption, uploadCsv } from './journey-steps';

// The reseller's and the company admin's steps of journeys.spec.ts (see journey-steps.ts).

// ---- reseller -----------------------------------------------------------------------------------------------

export interface FirstAdmin {
  fullName: string;
  email: string;
  password: string;
}

/**
 * Companies → New company, paying in advance (the form's default), with its first admin in the same form; the
 * new company then opens on its own page.
 */
export async function addCompany(page: Page, company: string, admin: FirstAdmin) {
  await menuTo(page, 'Companies');
  await expectTitle(page, 'Company list');
  await page.getByRole('button', { name: /New company/ }).click();
  await expectTitle(page, 'Add company');
  await page.getByLabel('Name', { exact: true }).fill(company);
  await expect(page.getByRole('switch', { name: 'Prepay' })).toBeChecked();
  await page.getByLabel('Contact person (first admin)').fill(admin.fullName);
  await page.getByLabel("First admin's e-mail").fill(admin.email);
  await page.getByLabel("First admin's password").fill(admin.password);
  await page.getByRole('button', { name: 'Create company' }).click();
  await expectToast(page, 'Company created');
  await expectTitle(page, 'Edit company');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(company);
}

/** Companies → Add manual payment; the company's Payments then list it. */
export async function addCredit(page: Page, company: string, amount: string) {
  await menuTo(page, 'Companies');
  await page.getByRole('link', { name: 'Add manual payment' }).click();
  await expectTitle(page, 'Add manual payment');
  await pickTypedOption(page, page.locator('form').last().getByRole('combobox', { name: 'Company' }), company);
  await page.getByLabel('Amount (USD)').fill(amount);
  await page.getByRole('button', { name: 'Create payment' }).click();
  await expectToast(page, 'Payment created');
  await expectTitle(page, 'Company list');
  await searchText(page, 'Name', company);
  await openRowLink(page, company, 'Payments');
  await expectTitle(page, 'Payment history');
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(amount);
}

/** Users: the company's first admin, made with the company, is listed under it. */
export async function expectCompanyAdmin(page: Page, admin: FirstAdmin, company: string) {
  await menuTo(page, 'Users');
  await expectTitle(page, 'Users');
  await searchText(page, 'Name', admin.fullName);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(company);
  await expect(tableRows(page).first()).toContainText(admin.email);
}

/** Template approval: the reviewer sees the placeholders, approves. */
export async function approveTemplate(page: Page, template: string, company: string, placeholders: string) {
  await menuTo(page, 'Template approval');
  await expectTitle(page, 'Template approval');
  const row = tableRows(page).filter({ hasText: template });
  await expect(row.getByTestId('template-placeholders')).toHaveText(placeholders);
  await expect(row).toContainText(company);
  await row.getByRole('button', { name: `Approve template ${template}` }).click();
  await expectToast(page, `Template "${template}" approved`);
  await expect(row).toContainText('Approved');
}

// ---- company admin ------------------------------------------------------------------------------------------

/**
 * DIDs → Local DIDs → New number → the first number offered, ordered after the confirm that names its price (the
 * first month is charged at once); answers the number as the list shows it and its monthly price.
 */
export async function buyNumber(page: Page) {
  await menuTo(page, 'DIDs', 'Local DIDs');
  await expectTitle(page, 'Local DIDs');
  await page.getByRole('button', { name: /New number/ }).click();
  await expectTitle(page, 'Buy DID');
  const available = page.getByRole('table', { name: 'Available numbers' }).locator('.ant-table-row');
  await expect(available.first()).toBeVisible({ timeout: 20_000 });
  const shown = (await available.first().locator('td').nth(1).innerText()).trim();
  await available.first().getByRole('checkbox').check();
  const total = page.getByTestId('order-total');
  await expect(total).toHaveText(/^USD \d+\.\d\d per month$/);
  const price = ((await total.innerText()).match(/^USD (\d+\.\d\d)/) ?? [])[1] ?? '';
  await page.getByRole('button', { name: 'Order 1 number' }).click();
  await expect(page.getByTestId('order-confirm')).toHaveText(
    `USD ${price} is charged to your balance now (the first month), then USD ${price} per month.`,
  );
  await page.getByRole('button', { name: 'Order and pay' }).click();
  await expectToast(page, `Ordered 1 number; USD ${price} charged for the first month`);
  await expectTitle(page, 'Local DIDs');
  await expect(tableRows(page).filter({ hasText: shown })).toHaveCount(1);
  return { number: shown, monthly: price };
}

/** Templates → New template: waits for approval. */
export async function addTemplate(page: Page, name: string, text: string) {
  await menuTo(page, 'Templates');
  await expectTitle(page, 'Templates');
  await page.getByRole('button', { name: /New template/ }).click();
  await expectTitle(page, 'Add template');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Text', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Create template' }).click();
  await expectToast(page, 'Template created');
  await expect(tableRows(page).filter({ hasText: name })).toContainText('Pending');
}

/** Recipients → Import recipients from a CSV (recipient_name,number); the list then holds them. */
export async function importRecipients(page: Page, recipients: { name: string; number: string }[]) {
  await menuTo(page, 'Recipients');
  await expectTitle(page, 'Recipients');
  await page.getByRole('link', { name: 'Import recipients' }).click();
  await expectTitle(page, 'Import recipients');
  const csv = `recipient_name,number\n${recipients.map((r) => `${r.name},${r.number}`).join('\n')}\n`;
  await uploadCsv(page, 'recipients.csv', csv);
  await expectImported(page, recipients.length, `${recipients.length} recipients imported`);
  await menuTo(page, 'Recipients');
  await expect(tableRows(page)).toHaveCount(recipients.length);
}

const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;

/**
 * The quiet hours of the campaign form, placed so that now (in `zone`, where the recipients are) is inside the
 * sending window: quiet from three hours from now to five hours from now.
 */
export async function setQuietHoursAwayFromNow(page: Page, zone: string) {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()),
  );
  await page.getByLabel(/^Quiet hours from/).fill(hh(hour + 3));
  await page.getByLabel('Quiet hours until').fill(hh(hour + 5));
}

/** Campaigns → All campaigns → New campaign: an approved template to every recipient, then Run until finished. */
export async function runTemplateCampaign(
  page: Page,
  c: { name: string; template: string; values: string; zone: string; recipients: number },
) {
  await menuTo(page, 'Campaigns', 'All campaigns');
  await expectTitle(page, 'All campaigns');
  await page.getByRole('button', { name: /New campaign/ }).click();
  await expectTitle(page, 'Add campaign');
  await page.getByLabel('Name', { exact: true }).fill(c.name);
  await pickOption(page, 'form', 'Approved template (sent instead of the text)', c.template);
  await pickFirstOption(page, page.locator('form').last().getByRole('combobox', { name: 'Sender number' }));
  await page.getByRole('switch', { name: 'Send to every recipient of the company' }).click();
  await page.getByLabel(/^Values for placeholders/).fill(c.values);
  await setQuietHoursAwayFromNow(page, c.zone);
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expectToast(page, 'Campaign created');
  await expectTitle(page, 'All campaigns');
  const row = tableRows(page).filter({ hasText: c.name });
  await expect(row).toContainText('draft');
  await row.getByRole('button', { name: `Run campaign ${c.name}` }).click();
  await expectToast(page, `Campaign "${c.name}" is running`);
  await expect(row).toContainText('finished', { timeout: 45_000 });
  await expect(row).toContainText(`${c.recipients} / ${c.recipients} handed over`);
}

/** SMS log → Outgoing SMS, searched again until `count` messages show as delivered. */
export async function outgoingDelivered(page: Page, count: number) {
  await menuTo(page, 'SMS log', 'Outgoing SMS');
  await expectTitle(page, 'Outgoing SMS');
  await expect(async () => {
    await page
      .getByRole('search')
      .getByRole('button', { name: /Search/ })
      .click();
    await expect(tableRows(page).filter({ hasText: 'delivered' })).toHaveCount(count, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(tableRows(page)).toHaveCount(count);
  return tableRows(page);
}

/** Billing → Transactions: the balance left, the payment, the numbers' first months and one charge per message. */
export async function expectTransactions(
  page: Page,
  t: { balance: string; payments: number; didFees: number; smsCharges: number },
) {
  await menuTo(page, 'Billing', 'Transactions');
  await expectTitle(page, 'Transactions');
  await expect(page.getByTestId('balance')).toHaveText(t.balance);
  await expect(tableRows(page).filter({ hasText: 'Payment' })).toHaveCount(t.payments);
  await expect(tableRows(page).filter({ hasText: 'DID fee' })).toHaveCount(t.didFees);
  await expect(tableRows(page).filter({ hasText: 'SMS charge' })).toHaveCount(t.smsCharges);
}

/** Compose and send from Acme's number in the SMS center, and see the message delivered on the card that follows it. */
export async function sendFromCenter(page: Page, text: string | { template: string }, to: string) {
  await page.getByRole('combobox', { name: 'From' }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: '+1 212 555 2301' })
    .first()
    .click();
  await page.getByLabel('To', { exact: true }).fill(to);
  if (typeof text === 'string') {
    await page.getByLabel('Text', { exact: true }).fill(text);
  } else {
    await page.getByRole('combobox', { name: 'Template' }).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: text.template })
      .click();
  }
  // live figures in the browser, the price from the server's quote
  await expect(page.getByTestId('sms-segments')).toHaveText('1 part');
  await expect(page.getByTestId('sms-encoding')).toHaveText('GSM-7');
  await expect(page.getByTestId('sms-price')).toHaveText(/^Price USD \d+\.\d+$/);
  await page.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, `Message to ${to}`);
  // the status moves on screen without a reload
  await expect(page.getByTestId('sent-status')).toHaveText('delivered', { timeout: 20_000 });
}
