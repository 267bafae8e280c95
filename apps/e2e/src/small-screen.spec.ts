import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ROLES, seedSession } from './support';

/** The page's own width: a phone must never scroll sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.use({ viewport: { width: 390, height: 844 } });

test('a 390 px phone: the menu opens over the page, titles fit, lists keep status and actions, keys skip the menu', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await seedSession(page, ROLES[0].email);
  await page.goto('/system-admin/companies/company-list');
  const title = page.getByTestId('page-title');
  await expect(title).toHaveText('Company list');
  const table = page.locator('main table').first();
  await expect(table.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Edit Company / }).first()).toBeVisible();

  // one <main>; the first Tab lands on the skip link, which takes the focus past the menu to it
  await expect(page.locator('main')).toHaveCount(1);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // the title keeps its words: the header gives it the room
  const box = await title.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(120);
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  // the menu opens over the page (which keeps its width) and closes when a page is chosen
  await page.getByRole('button', { name: 'Show menu' }).click();
  const menu = page.getByRole('navigation', { name: 'System admin menu' });
  await expect(menu).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await menu.getByRole('link', { name: 'Payment terms' }).click();
  await expect(title).toHaveText('Payment terms');
  await expect(menu).toBeHidden();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  expect(errors).toEqual([]);
});
