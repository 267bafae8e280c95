import { test, expect } from '@playwright/test';
import { ROLES, countReactRenderers, expectHome, signIn, signInFresh } from './support';

test.describe('federated role areas', () => {
  for (const role of ROLES) {
    test(`${role.email} lands on ${role.home} rendered by its remote, with one React`, async ({ page }) => {
      const renderers = await countReactRenderers(page);
      const remoteEntries: string[] = [];
      page.on('response', (r) => {
        if (r.url().endsWith('/remoteEntry.js')) remoteEntries.push(new URL(r.url()).pathname);
      });
      await signInFresh(page, role.email);
      await expectHome(page, role);
      await expect(page).toHaveTitle(`${role.title} · SMSC Console`);
      expect(await renderers()).toBe(1);
      // loaded-first: only the signed-in user's remote is fetched
      expect(remoteEntries).toEqual([`/remotes${role.home}/remoteEntry.js`]);
    });
  }

  test('a blocked remote shows its fallback in the frame; the shell and other areas keep working', async ({ page }) => {
    await page.route('**/remotes/company-admin/**', (route) => route.abort());
    await signInFresh(page, 'acme-admin@example.com');
    await expect(page).toHaveURL(/\/company-admin$/);
    await expect(page.getByText('The Company admin area could not be loaded')).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toContainText('Loading chunk failed');
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    // the frame is still the shell's: logging out works
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'admin@example.com');
    await expectHome(page, ROLES[0]);
    // unblocking and retrying brings the area back without a reload
    await page.unroute('**/remotes/company-admin/**');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.route('**/remotes/company-admin/**', (route) => route.abort());
    await signIn(page, 'acme-admin@example.com');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.unroute('**/remotes/company-admin/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectHome(page, ROLES[1]);
  });

  test("a remote that never answers raises 'Loading chunk failed' after the chunk time-out", async ({ page }) => {
    // the e2e server sets the time-out to 8 s through /remotes.json (120 s in production)
    await page.route('**/remotes/reseller/remoteEntry.js', () => undefined);
    await signInFresh(page, 'reseller@example.com');
    await expect(page.getByText('Loading the Reseller area…')).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveText('Loading chunk failed', { timeout: 20_000 });
  });
});
