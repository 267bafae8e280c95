import { test, expect } from './fixtures';
import { expectAccessible, expectToast, signInAs, tableRows, waitForMotion } from './accounts-support';
import { apiAs } from './users-support';

test('reseller: select filters, delete them in one go after one confirmation, one toast', async ({ page, request }) => {
  const stamp = `bulk-${Date.now().toString(36)}`;
  const reseller = await apiAs(request, 'reseller@example.com');
  for (const n of [1, 2, 3])
    await reseller.post('/stop_text/create', { filter: { text: `${stamp} ${n}`, is_active: true } });

  await signInAs(page, 'reseller@example.com', '/reseller');
  await page.goto(`/reseller/filters/filter-list?text=${stamp}`);
  await expect(tableRows(page)).toHaveCount(3);
  await expect(page.getByRole('button', { name: /Delete selected/ })).toHaveCount(0);

  const table = page.getByTestId('resource-table-filters');
  await table.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(table.getByText('3 selected')).toBeVisible();
  await table
    .getByRole('checkbox', { name: /^Select Filter / })
    .first()
    .uncheck();
  await expect(table.getByText('2 selected')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: /Delete selected/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete 2 filters?');
  await waitForMotion(page);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, '2 filters deleted');
  await expect(tableRows(page)).toHaveCount(1);
  await expect(table.getByText(/selected$/)).toHaveCount(0);

  // the server agrees: one of the three is left
  const left = await reseller.get<{ total: number }>(`/stop_text/list?text=*${stamp}*`);
  expect(left.total).toBe(1);

  // and the last one alone (other specs count the reseller's filters)
  await table.getByRole('checkbox', { name: /^Select Filter / }).check();
  await page.getByRole('button', { name: /Delete selected/ }).click();
  await expect(dialog).toContainText('Delete 1 filter?');
  await waitForMotion(page);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, '1 filter deleted');
  await expect(page.getByText('No Data Found')).toBeVisible();
});
