import { expect, type Page } from '@playwright/test';

export const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password-1';

// home: the role's base path; landing: where signing in ends (docs/spec.md §2: the company admin root redirects
// to daily-usage, the company user's to sms-center); mark: a test id the landing page shows
export const ROLES = [
  {
    email: 'admin@example.com',
    home: '/system-admin',
    landing: '/system-admin',
    title: 'System admin home',
    mark: 'role-home',
  },
  {
    email: 'acme-admin@example.com',
    home: '/company-admin',
    landing: '/company-admin/daily-usage',
    title: 'Daily usage',
    mark: 'dashboard-24-hour',
  },
  {
    email: 'acme-user@example.com',
    home: '/company-user',
    landing: '/company-user/sms-center',
    title: 'SMS center',
    mark: 'sms-figures',
  },
  { email: 'reseller@example.com', home: '/reseller', landing: '/reseller', title: 'Reseller home', mark: 'role-home' },
] as const;

/** Where an address ends after the root redirects of docs/spec.md §2 (a role's base path lands on its landing page). */
export const landingOf = (path: string) => ROLES.find((r) => r.home === path)?.landing ?? path;

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const seeds = new WeakMap<Page, number>();

/**
 * Signs `email` in through POST /auth and stores the session the way the shell does (docs/spec.md §9 keys)
 * before the page's next load: a journey that only needs to be signed in skips the sign-in form
 * (the guards and federation specs test the form). Once per tab: a later logout stays logged out,
 * and a later seed (another user) takes over.
 */
export async function seedSession(page: Page, email: string, password = PASSWORD) {
  const res = await page.request.post('/api_smsc/v1/auth', { data: { email, password } });
  expect(res.status()).toBe(200);
  const auth = (await res.json()) as { token: string; user_type: string; exp: number };
  // numbered: every init script stays on the page, so a later seed (another user in the same test)
  // must win over the earlier ones, and each runs only once
  const n = (seeds.get(page) ?? 0) + 1;
  seeds.set(page, n);
  await page.addInitScript(
    (s) => {
      if (Number(sessionStorage.getItem('e2e-session-seed') ?? 0) >= s.n) return;
      sessionStorage.setItem('e2e-session-seed', String(s.n));
      localStorage.setItem('user-token', s.token);
      localStorage.setItem('user-type', s.user_type);
      localStorage.setItem('token-exp', String(s.exp));
      localStorage.setItem('user-email', s.email);
    },
    { n, token: auth.token, user_type: auth.user_type, exp: auth.exp, email: email.toLowerCase() },
  );
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
  await expect(page).toHaveURL(new RegExp(`${role.landing}$`));
  await expect(page.getByTestId('page-title')).toHaveText(role.title);
  await expect(page.getByTestId(role.mark)).toBeVisible();
}

/**
 * Records which JavaScript files the page fetched that carry antd's CSS-in-JS engine (its style
 * cache writes `data-token-hash`): a second copy of antd in the page would be a second such file.
 */
export function recordAntdEngines(page: Page) {
  const reads: Promise<string | null>[] = [];
  page.on('response', (res) => {
    if (!res.url().endsWith('.js') || res.status() !== 200) return;
    reads.push(
      res.body().then(
        (body) => (body.includes('data-token-hash') ? new URL(res.url()).pathname : null),
        () => null,
      ),
    );
  });
  return async () => (await Promise.all(reads)).filter((file): file is string => file !== null);
}

/**
 * The theme as antd components in the page see it: the primary colour (as rgb) on the element's
 * own CSS variables, and the CSS-in-JS classes (token hash, css-var key) every antd node carries.
 */
export async function antdTheme(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const probe = document.createElement('span');
      probe.style.color = getComputedStyle(el).getPropertyValue('--ant-color-primary').trim();
      document.body.append(probe);
      const primary = getComputedStyle(probe).color;
      probe.remove();
      const classes = new Set<string>();
      for (const node of document.querySelectorAll('[class*="ant-"]')) {
        for (const c of node.classList) if (c.startsWith('css-')) classes.add(c);
      }
      return {
        primary,
        pageCssClasses: [...classes].sort(),
        ownCssClasses: [...el.classList].filter((c) => c.startsWith('css-')).sort(),
      };
    });
}
