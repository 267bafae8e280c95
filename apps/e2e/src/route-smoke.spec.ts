import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ROLES, expectHome, seedSession, signInFresh } from './support';
import { violationsInBothThemes } from './axe-themes';
// the menus are data (no React in these files): the smoke follows them as they grow
// eslint-disable-next-line @nx/enforce-module-boundaries
import { systemAdminMenu } from '../../../libs/system-admin/routes/src/lib/menu';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { companyAdminMenu } from '../../../libs/company-admin/routes/src/lib/menu';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { companyUserMenu } from '../../../libs/company-user/routes/src/lib/menu';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { resellerMenu } from '../../../libs/reseller/routes/src/lib/menu';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { systemAdminSpecRoutes } from '../../../libs/system-admin/routes/src/lib/spec-routes';
// eslint-disable-next-line @nx/enforce-module-boundaries
import {
  companyAdminReturnPages,
  companyAdminSpecRoutes,
} from '../../../libs/company-admin/routes/src/lib/spec-routes';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { companyUserSpecRoutes } from '../../../libs/company-user/routes/src/lib/spec-routes';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { resellerSpecRoutes } from '../../../libs/reseller/routes/src/lib/spec-routes';

interface Entry {
  path: string;
  label: string;
  children?: Entry[];
  /** other paths the entry's screens live under (admin-user-management opens /admins) */
  also?: readonly string[];
}

/** Every page a menu links to: the leaves (a group's own path is never a link). */
function links(menu: Entry[]): Entry[] {
  return menu.flatMap((e) => (e.children?.length ? links(e.children) : [e]));
}

const TABLE = [
  { role: ROLES[0], menu: systemAdminMenu, routes: systemAdminSpecRoutes },
  { role: ROLES[1], menu: companyAdminMenu, routes: [...companyAdminSpecRoutes, ...companyAdminReturnPages] },
  { role: ROLES[2], menu: companyUserMenu, routes: companyUserSpecRoutes },
  { role: ROLES[3], menu: resellerMenu, routes: resellerSpecRoutes },
];

/**
 * What a screen shows when a value went missing on its way to the page: a formatter handed undefined, a
 * date that did not parse, an object written as text. Customer text may hold `{name}`, so that is not here.
 */
const BROKEN_VALUE = /\bundefined\b|\bNaN\b|\[object Object\]|Invalid Date/;

/** Navigates inside the running app, as a menu click does (the router follows history). */
async function navigate(page: Page, url: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** Nothing loading in the frame and the address unchanged for a quarter second. */
async function settled(page: Page) {
  const loading = page
    .locator('main')
    .getByRole('status')
    .filter({ hasText: /Loading/ });
  const before = page.url();
  if (await loading.count()) return false;
  await page.waitForTimeout(250);
  return page.url() === before && (await loading.count()) === 0;
}

/** Where a screen says something went wrong: toasts, field errors, banners, alerts and result pages. */
const ERROR_TEXTS = [
  '[data-testid^="toast-"]',
  '.ant-form-item-explain-error',
  '.ant-alert',
  '[role="alert"]',
  '.ant-result-title',
  '.ant-result-subtitle',
].join(', ');
/** A reason code or a field name with a colon ("dnis: …", "no_price: …") instead of words (error-words.ts). */
const RAW_CODE = /[a-z]+_[a-z_]+:/;

/** No error text on the page shows a raw code or field name. */
async function expectErrorsInWords(page: Page) {
  const texts = await page.locator(ERROR_TEXTS).allTextContents();
  expect(texts.filter((t) => RAW_CODE.test(t))).toEqual([]);
}

/** What the axe pass of every screen may not find, in the light or the dark theme (issues 45 and 48). */
const BLOCKING = ['serious', 'critical'] as const;

test.describe('every menu route of every role renders', () => {
  for (const { role, menu } of TABLE) {
    test(`${role.home}: ${links(menu).length} menu routes`, async ({ page }) => {
      // two axe passes a screen: ~7 s a screen on a loaded 2-core machine
      test.setTimeout(900_000);
      // every screen's serious and critical axe findings in both themes, reported together at the end
      const inaccessible: string[] = [];
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`${msg.text()} (${page.url()})`);
      });
      page.on('pageerror', (err) => errors.push(`${err.message} (${page.url()})`));
      await signInFresh(page, role.email);
      await expectHome(page, role);
      // the smoke is about the menu's screens: what the sign-in page logged is not theirs
      errors.length = 0;
      for (const entry of links(menu)) {
        const url = entry.path ? `${role.home}/${entry.path}` : role.home;
        await test.step(`${entry.label}: ${url}`, async () => {
          await navigate(page, url);
          // an area may redirect to its default child (product → product/sms-routes) or to a path it also owns
          const homes = [url, ...(entry.also ?? []).map((p) => `${role.home}/${p}`)].join('|');
          const here = new RegExp(`(${homes})(/[^?#]*)?([?#].*)?$`);
          await expect(page).toHaveURL(here);
          // the frame's one <main> holds the screen
          const main = page.locator('main');
          // loaded: no area or screen still loading, no fallback of an error boundary
          await expect(main.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
          await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
          await expect(page.getByTestId('page-title')).toBeVisible();
          await expect(page.getByTestId('page-title')).not.toHaveText('');
          await expect(main).not.toHaveText(/^\s*$/);
          // settled: an area's redirect to its default child has happened (product → product/sms-routes)
          // before the next step moves on; a late one would otherwise carry the next step away (CI saw it)
          await expect.poll(() => settled(page), { timeout: 15_000 }).toBe(true);
          await expect(page).toHaveURL(here);
          await expect(main).not.toHaveText(BROKEN_VALUE);
          await expectErrorsInWords(page);
          expect(errors).toEqual([]);
          // the screen itself: the frame around it (menu, header) is the same on every screen, and a11y.spec scans
          // it whole on each role's home in both themes
          inaccessible.push(
            ...(await violationsInBothThemes(page, BLOCKING, 'main', 'colours')).map((v) => `${url} ${v}`),
          );
        });
      }
      expect(inaccessible).toEqual([]);
    });
  }
});

/** Collects what a page reports as broken: uncaught errors and console errors, with the address. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${msg.text()} (${page.url()})`);
  });
  page.on('pageerror', (err) => errors.push(`${err.message} (${page.url()})`));
  return errors;
}

// A reload, a bookmark or a link in an e-mail: the browser loads the address itself, so the shell,
// the remote and the area's chunk all start from nothing (React renders the deep link concurrently).
// The spec's routes without a path parameter; one tab per role, signed in once.
test.describe('a full page load of every route of every role renders without an error', () => {
  for (const { role, routes } of TABLE) {
    const plain = routes.filter((r) => !r.includes(':'));
    test(`${role.home}: ${plain.length} routes, each loaded afresh`, async ({ page }) => {
      test.setTimeout(300_000);
      await seedSession(page, role.email);
      const errors = watchErrors(page);
      for (const path of plain) {
        const url = path ? `${role.home}/${path}` : role.home;
        await test.step(url, async () => {
          await page.goto(url);
          const main = page.locator('main');
          await expect(page.getByTestId('page-title')).not.toHaveText(/^\s*$/);
          await expect(main.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
          await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
          await expect(page.getByTestId('area-fallback')).toHaveCount(0);
          await expect(main).not.toHaveText(/^\s*$/);
          // an error logged just after the first paint (a screen's first data call) belongs to this route
          await page.waitForTimeout(200);
          await expect(main).not.toHaveText(BROKEN_VALUE);
          await expectErrorsInWords(page);
          expect(errors).toEqual([]);
        });
      }
    });
  }
});
