import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ROLES, expectHome, signInFresh } from './support';

// a few entries per role from docs/spec.md §2, and one area each opened from the menu (every area is built: none says "not available yet")
const MENUS = [
  {
    role: ROLES[0],
    labels: [
      'Dashboard',
      'Reporting',
      'Products',
      'Companies',
      'Resellers',
      'Users',
      'Payment terms',
      'SMS log',
      'Bulk',
      'Admin users',
      'Profile',
    ],
    opens: { label: 'Companies', url: '/system-admin/companies/company-list', title: 'Company list' },
  },
  {
    role: ROLES[1],
    labels: [
      'Dashboard',
      'SMS center',
      'Bulk',
      'Users',
      'Campaigns',
      'Reporting',
      'Reminder workflows',
      'DIDs',
      'Profile',
    ],
    opens: { label: 'Reminder workflows', url: '/company-admin/reminder-workflow/list', title: 'Reminder workflows' },
  },
  {
    role: ROLES[2],
    labels: ['SMS center', 'SMS log', 'DIDs', 'SMS workflows', 'Reminder workflows', 'Profile'],
    opens: { label: 'SMS workflows', url: '/company-user/sms-workflow/list', title: 'SMS workflows' },
  },
  {
    role: ROLES[3],
    labels: ['Home', 'Companies', 'Users', 'Vendors', 'SMS center', 'Mail templates', 'Template approval'],
    opens: { label: 'Companies', url: '/reseller/companies/company-list', title: 'Company list' },
  },
] as const;

const menu = (page: Page) => page.getByRole('navigation', { name: /menu$/ });
const selectedEntry = (page: Page) => menu(page).locator('.ant-menu-item-selected');

test.describe('console frame: per-role menus', () => {
  for (const { role, labels, opens } of MENUS) {
    test(`${role.home} lists its areas and opens one inside the frame`, async ({ page }) => {
      await signInFresh(page, role.email);
      await expectHome(page, role);
      for (const label of labels) await expect(menu(page).getByText(label, { exact: true })).toBeVisible();
      await menu(page).getByRole('link', { name: opens.label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${opens.url}$`));
      await expect(page.getByTestId('page-title')).toHaveText(opens.title);
      await expect(page.getByTestId('not-available')).toHaveCount(0);
      await expect(selectedEntry(page)).toHaveText(opens.label);
      await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    });
  }

  test('is usable from the keyboard, and the selection follows the address', async ({ page }) => {
    await signInFresh(page, ROLES[0].email);
    await expectHome(page, ROLES[0]);
    await expect(selectedEntry(page)).toHaveText('Dashboard');

    // Tab reaches the links; Enter follows one
    const companies = menu(page).getByRole('link', { name: 'Companies', exact: true });
    await companies.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/system-admin\/companies(\/company-list)?$/);
    await expect(selectedEntry(page)).toHaveText('Companies');

    // arrow keys walk the menu and open a group
    await menu(page).getByRole('link', { name: 'Dashboard', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    const reporting = menu(page).getByRole('menuitem', { name: 'Reporting' });
    await expect(reporting).toBeFocused();
    await expect(reporting).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(reporting).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(menu(page).getByRole('link', { name: 'Number report' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/system-admin\/reporting\/number$/);
    await expect(selectedEntry(page)).toHaveText('Number report');

    // an address typed in opens its group and selects its entry; back restores the previous one
    await page.goto('/system-admin/sms-log/outgoing');
    await expect(menu(page).getByRole('menuitem', { name: 'SMS log' })).toHaveAttribute('aria-expanded', 'true');
    await expect(selectedEntry(page)).toHaveText('Outgoing SMS');
    await page.goBack();
    await expect(selectedEntry(page)).toHaveText('Number report');
    await page.goto('/system-admin/admins');
    await expect(selectedEntry(page)).toHaveText('Admin users');
  });

  test('the side bar hides and shows from the header, leaving no hidden links behind', async ({ page }) => {
    await signInFresh(page, ROLES[1].email);
    await expectHome(page, ROLES[1]);
    const toggle = page.getByRole('button', { name: 'Hide menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(menu(page)).toHaveCount(0);
    const show = page.getByRole('button', { name: 'Show menu' });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await show.click();
    await expect(menu(page).getByRole('link', { name: 'SMS center' })).toBeVisible();
  });
});

test.describe('1024 x 768 window', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  const noHorizontalOverflow = async (page: Page) =>
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Infinity)).toBeLessThanOrEqual(1024);

  test('/login fits', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await noHorizontalOverflow(page);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeInViewport();
  });

  for (const role of ROLES) {
    test(`${role.home} fits with a usable menu and header`, async ({ page }) => {
      await signInFresh(page, role.email);
      await expectHome(page, role);
      await noHorizontalOverflow(page);
      const logout = page.getByRole('button', { name: 'Log out' });
      await expect(logout).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId('page-title')).toBeInViewport();
      // the last menu entry is reachable (the side bar scrolls on its own) and works
      const links = menu(page).getByRole('link');
      const last = links.last();
      await last.scrollIntoViewIfNeeded();
      const href = await last.getAttribute('href');
      await last.click();
      // an area's address may redirect to a child page (company user: profile/edit-company-info/<id>)
      await expect(page).toHaveURL(new RegExp(`${href}(/[^?#]*)?$`));
      await noHorizontalOverflow(page);
      await logout.click();
      await expect(page).toHaveURL(/\/login$/);
    });
  }
});
