import { test, expect } from './fixtures';
import { expectTitle, expectToast, searchText, signInAs, tableRows } from './accounts-support';
import { menuTo } from './journey-steps';

// Issue 51 item 3's journey, by clicks from the system admin's home: the platform's retention set (a removal before
// the redaction refused on its field), a pass run at once, its row among the last passes, and a redacted body in the
// SMS log. The demo messages are 2 to 30 hours old, so keeping bodies one day redacts the older ones and removes none.
const OLD_BODY = 'Your table for 4 is confirmed for Friday at 7pm.';

test('the system admin keeps bodies a day: a pass redacts the older messages and the SMS log shows it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin@example.com', '/system-admin');
  // searched by its text: the messages other journeys of the run sent come first in the log
  await menuTo(page, 'SMS log', 'Outgoing SMS');
  await expectTitle(page, 'Outgoing SMS');
  await searchText(page, 'Text', OLD_BODY);
  await expect(tableRows(page).filter({ hasText: OLD_BODY })).toHaveCount(1);

  await menuTo(page, 'SMS log', 'Message retention');
  await expectTitle(page, 'Message retention');
  const redact = page.getByLabel('Redact message bodies after (days)');
  const remove = page.getByLabel('Remove messages after (days)');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await redact.fill('30');
  await remove.fill('10');
  await save.click();
  await expect(page.locator('.ant-form-item-explain-error')).toContainText(
    'Messages must be removed later than their bodies are redacted',
  );
  // corrected on the same form: nothing typed is lost
  await expect(redact).toHaveValue('30');
  await redact.fill('1');
  await remove.fill('400');
  await save.click();
  await expectToast(page, 'Retention defaults saved');

  await page.getByRole('button', { name: 'Run a pass now' }).click();
  await expectToast(page, /Retention pass done: [1-9]\d* bodies redacted, 0 messages removed/);
  const pass = page
    .locator('.ant-card')
    .filter({ hasText: 'Last passes' })
    .locator('.ant-table-tbody tr.ant-table-row')
    .first();
  await expect(pass).toContainText('Done');
  await expect(pass).toContainText('Admin');

  await menuTo(page, 'SMS log', 'Outgoing SMS');
  await expectTitle(page, 'Outgoing SMS');
  await searchText(page, 'Text', OLD_BODY);
  await expect(page).toHaveURL(/text=/);
  await expect(tableRows(page)).toHaveCount(0);
  await searchText(page, 'Text', '[redacted]');
  await expect(tableRows(page).filter({ hasText: '[redacted]' }).first()).toBeVisible();

  // the platform keeps everything again (the bodies already redacted stay so)
  await menuTo(page, 'SMS log', 'Message retention');
  await redact.fill('');
  await remove.fill('');
  await save.click();
  await expectToast(page, 'Retention defaults saved');
});
