import { expect, type Page } from '@playwright/test';

export const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password-1';

export const ROLES = [
  { email: 'admin@example.com', home: '/system-admin', title: 'System admin home' },
  { email: 'acme-admin@example.com', home: '/company-admin', title: 'Company admin home' },
  { email: 'acme-user@example.com', home: '/company-user', title: 'Company user home' },
  { email: 'reseller@example.com', home: '/reseller', title: 'Reseller home' },
] as const;

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signInFresh(page: Page, email: string) {
  await page.goto('/login');
  await signIn(page, email);
}

/**
 * Counts React renderers as they register with the devtools hook: two copies of react-dom in the
 * page would register twice.
 */
export async function countReactRenderers(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown; __renderers: unknown[] };
    w.__renderers = [];
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      isDisabled: false,
      supportsFiber: true,
      renderers: new Map(),
      inject(renderer: unknown) {
        w.__renderers.push(renderer);
        return w.__renderers.length;
      },
      onCommitFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      checkDCE: () => undefined,
    };
  });
  return async () => page.evaluate(() => (window as unknown as { __renderers: unknown[] }).__renderers.length);
}

export async function expectHome(page: Page, role: (typeof ROLES)[number]) {
  await expect(page).toHaveURL(new RegExp(`${role.home}$`));
  await expect(page.getByTestId('page-title')).toHaveText(role.title);
  await expect(page.getByTestId('role-home')).toBeVisible();
}
