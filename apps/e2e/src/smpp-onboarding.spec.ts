import { test, expect } from './fixtures';
import { expectTitle, expectToast, signInAs, tableRows } from './accounts-support';
import { menuTo } from './journey-steps';
// the specs' SMPP client (the `smpp` package with promises): a customer's side of a bind
// eslint-disable-next-line @nx/enforce-module-boundaries
import { connect } from '../../api/src/smpp/test-client';

// Issue 45 item 3: an SMPP customer is told where to connect, binds with the account it made by clicks, and its
// messages name that account in the SMS log.
const stamp = Date.now().toString(36).slice(-5);

test('a company admin makes an SMPP account, reads where to connect, binds, and finds its message by the account', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'acme-admin@example.com', '/company-admin');
  await menuTo(page, 'SMPP accounts');
  await expectTitle(page, 'SMPP accounts');
  const where = page.getByTestId('smpp-connection');
  await expect(where).toContainText('Where to connect');
  const smppPort = Number(new URL(server.url).port) + 2000;
  await expect(where).toContainText(String(smppPort));

  await page.getByRole('button', { name: /New smpp account/i }).click();
  await expectTitle(page, 'Add SMPP account');
  await page.getByLabel('System ID prefix').fill(`e2e${stamp}`);
  await page.getByLabel('Password', { exact: true }).fill('Sm-e2e-1');
  await page.getByRole('button', { name: /Create smpp account/i }).click();
  await expectToast(page, /^SMPP account created: bind with System ID /);
  // the account's page: the System ID the server completed, and where to connect beside it
  const systemId = (await page.getByTestId('smpp-system-id').innerText()).trim();
  expect(systemId).toMatch(new RegExp(`^e2e${stamp}-[a-z0-9]{4}$`));
  await expect(page.getByTestId('smpp-connection')).toContainText(String(smppPort));

  const client = await connect(smppPort);
  try {
    expect(await client.bind('bind_transceiver', systemId, 'Sm-e2e-1')).toBe(0);
    const resp = await client.submit({
      source_addr: '12125552301',
      destination_addr: '14155550142',
      short_message: `over smpp ${stamp}`,
    });
    expect(resp.command_status).toBe(0);
  } finally {
    await client.close();
  }

  await menuTo(page, 'SMS log', 'Outgoing SMS');
  const row = tableRows(page).filter({ hasText: `over smpp ${stamp}` });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect(row).toContainText(systemId);
});
