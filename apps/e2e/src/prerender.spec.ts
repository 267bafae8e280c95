import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PASSWORD, ROLES, expectHome } from './support';

/** Holds the console's script back until the returned function is called: the page stays as served. */
async function holdConsoleScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

test.describe('prerendered public pages', () => {
  test('/login arrives with its form in the HTML and is hydrated, not rendered again', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const release = await holdConsoleScript(page);
    const res = await page.goto('/login', { waitUntil: 'commit' });
    expect(await res?.text()).toContain('data-prerender="/login"');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.locator('main').evaluate((el) => ((el as unknown as { mark: number }).mark = 1));
    release();
    await page.waitForFunction(() => !('__smscEarlySubmit' in window));
    // the same element, now React's: a fresh render would have replaced it
    expect(await page.locator('main').evaluate((el) => (el as unknown as { mark?: number }).mark)).toBe(1);
    expect(errors).toEqual([]);
  });

  test('a sign-in submitted before the script has run is sent once it is live', async ({ page }) => {
    const role = ROLES[0];
    const release = await holdConsoleScript(page);
    const signIns: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api_smsc/v1/auth') && signIns.push(r.method()));
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(role.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    // held, not sent natively (that would reload /login and lose the form)
    await expect(page.locator('#root')).toHaveAttribute('aria-busy', 'true');
    expect(page.url()).toMatch(/\/login$/);
    release();
    await expectHome(page, role);
    expect(signIns).toEqual(['POST']);
  });
});
