import type { Page } from '@playwright/test';
import { expect, expectPageErrors, test, waitForQuiet } from './fixtures';
import { ROLES, expectHome, signInFresh } from './support';

/** Records every Content-Security-Policy violation the page reports, from the first script on. */
async function watchViolations(page: Page) {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) messages.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return async () => [...messages, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))];
}

test.describe('Content-Security-Policy', () => {
  test('the console is served with the policy and /login raises no violation', async ({ page }) => {
    const violations = await watchViolations(page);
    // nothing else goes wrong on the way either (a missing icon once logged a 404 on every load)
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const res = await page.goto('/login');
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    // the watcher itself works: an injected inline script is refused and reported
    expectPageErrors(page, /Executing inline script violates the following Content Security Policy/);
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.body.appendChild(s);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(async () => (await violations()).join('\n')).toContain('script-src');
  });

  for (const role of ROLES) {
    test(`${role.email}: signing in and the role home raise no violation`, async ({ page }) => {
      const violations = await watchViolations(page);
      await signInFresh(page, role.email);
      // a refused script or style would show as a home that never renders: report the violations then too
      await expectHome(page, role).catch(async (err) => {
        throw new Error(`${err}\nCSP violations: ${JSON.stringify(await violations())}`);
      });
      // antd writes its styles after render; give late <style> insertions their chance to be refused
      await waitForQuiet(page);
      expect(await violations()).toEqual([]);
    });
  }

  test('a list page with table, search form and menus raises no violation', async ({ page }) => {
    const violations = await watchViolations(page);
    await signInFresh(page, ROLES[0].email);
    await expectHome(page, ROLES[0]).catch(async (err) => {
      throw new Error(`${err}\nCSP violations: ${JSON.stringify(await violations())}`);
    });
    await page.goto('/system-admin/companies/company-list');
    // a full page load fetches the remote again; on a loaded machine that can take a while
    await expect(page.getByRole('table').first()).toBeVisible({ timeout: 45_000 });
    await waitForQuiet(page);
    expect(await violations()).toEqual([]);
  });
});
