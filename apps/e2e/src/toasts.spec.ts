import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ROLES, expectHome, signInFresh } from './support';

// docs/spec.md §8/§9 toasts, driven through a real screen (the company admin's add-user form) against the
// real API: the server refuses an e-mail that is already registered with its own message.
const TOAST_MS = 6000;
const DUPLICATE = 'This e-mail is already registered';

const toasts = (page: Page) => page.locator('.ant-message-notice');

async function openAddUser(page: Page) {
  await signInFresh(page, ROLES[1].email);
  await expectHome(page, ROLES[1]);
  await page.goto('/company-admin/users/add');
  await expect(page.getByTestId('page-title')).toHaveText('Add user');
  await page.getByLabel('Full name').fill('Toast Tester');
  await page.getByLabel('Password', { exact: true }).fill('toast-pass-2026');
}

/** Submits the form and waits for the server's answer to the create call. */
async function create(page: Page) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api_smsc\/v1\/user\b/.test(r.url()),
  );
  await page.getByRole('button', { name: 'Create user' }).click();
  return answered;
}

test.describe('toasts', () => {
  test("a failing action shows the server's message once, for 6000 ms", async ({ page }) => {
    await openAddUser(page);
    await page.getByLabel('Email').fill('acme-user@example.com');
    expect((await create(page)).status()).toBe(409);
    const error = page.getByTestId('toast-error');
    await expect(error).toHaveText(DUPLICATE);
    const shownAt = Date.now();

    // the same failure again while the toast shows: still one toast, and its clock does not restart
    await page.waitForTimeout(2000);
    expect((await create(page)).status()).toBe(409);
    await page.waitForTimeout(500);
    await expect(toasts(page)).toHaveCount(1);
    await expect(error).toHaveText(DUPLICATE);

    await expect(error).toBeHidden({ timeout: TOAST_MS + 3000 });
    const shownFor = Date.now() - shownAt;
    // a second toast from the repeat would have lasted until at least 8.5 s after the first
    expect(shownFor).toBeGreaterThanOrEqual(TOAST_MS - 700);
    expect(shownFor).toBeLessThan(TOAST_MS + 1500);
    await expect(toasts(page)).toHaveCount(0);
  });

  test('a second, different toast replaces the first; a success toast follows a good action', async ({ page }) => {
    await openAddUser(page);
    await page.getByLabel('Email').fill('acme-admin@example.com');
    await create(page);
    await expect(page.getByTestId('toast-error')).toHaveText(DUPLICATE);

    await page.getByLabel('Email').fill(`toast-${Date.now()}@example.com`);
    await create(page);
    await expect(page.getByTestId('toast-success')).toHaveText('User created');
    await expect(page.getByTestId('toast-error')).toHaveCount(0);
    await expect(toasts(page)).toHaveCount(1);
    await expect(page).toHaveURL(/\/company-admin\/users$/);
  });
});
