import { test, expect, expectPageErrors, waitForQuiet } from './fixtures';
import { ROLES, antdTheme, countReactRenderers, expectHome, recordAntdEngines, signIn, signInFresh } from './support';

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

  test("the remote renders with the shell's one antd: its theme applies and its style engine is fetched once", async ({
    page,
  }) => {
    const engines = recordAntdEngines(page);
    await page.goto('/login');
    const signInButton = page.getByRole('button', { name: 'Sign in' });
    const shellPrimary = await signInButton.evaluate((el) => getComputedStyle(el).backgroundColor);
    await signIn(page, ROLES[0].email);
    await expectHome(page, ROLES[0]);
    await waitForQuiet(page);
    // the card around role-home is rendered by the remote's route table
    const remote = await antdTheme(page, '.ant-card:has([data-testid="role-home"])');
    const frame = await antdTheme(page, 'button:has-text("Log out")');
    // the shell's ConfigProvider reaches into the remote: same primary colour as the shell's button
    expect(remote.primary).toBe(shellPrimary);
    // one theme context and one style cache: every antd node in the page carries the same classes
    expect(remote.ownCssClasses).toEqual(frame.ownCssClasses);
    expect(remote.pageCssClasses).toEqual(frame.ownCssClasses);
    // antd's CSS-in-JS engine came in one file, from the shell, not from the remote's build
    const files = await engines();
    expect(files).toHaveLength(1);
    expect(files[0]).not.toContain('/remotes/');
  });

  test('a blocked remote shows its fallback in the frame; the shell and other areas keep working', async ({ page }) => {
    expectPageErrors(page, /net::ERR_FAILED/, /Loading chunk failed/, /a screen failed to render/);
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
    expectPageErrors(page, /Loading chunk failed/, /a screen failed to render/);
    await page.route('**/remotes/reseller/remoteEntry.js', () => undefined);
    await signInFresh(page, 'reseller@example.com');
    await expect(page.getByText('Loading the Reseller area…')).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveText('Loading chunk failed', { timeout: 20_000 });
  });
});
