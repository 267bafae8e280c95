import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, waitForQuiet } from './fixtures';
import { E2E_PORT } from './server';
import { PASSWORD, seedSession, signIn } from './support';
import { expectTitle, expectToast, tableRows } from './accounts-support';
import { budget, menuTo } from './journey-steps';
import { mailMatching } from './mailbox';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { companyAdminMenu } from '../../../libs/company-admin/routes/src/lib/menu';

// Issue #48, "Done when": a reseller sets a brand and a domain, a company signs up on that host, and its pages,
// its confirmation mail and an invoice PDF carry the reseller's brand; the operator's name shows nowhere.

/** A reserved TLD: the DNS simulator publishes the TXT record itself, so Verify passes without a zone. */
const HOST = 'sms.nimbus-e2e.test';
const BRAND = 'Nimbus Texts';
/** The built-in brand's name (BUILT_IN in apps/api/src/branding/queries.ts): the operator's, on no page here. */
const OPERATOR = 'SMSC Console';

// Chromium resolves the reseller's host name to this machine, where the worker's server answers on any name.
// A launch argument: this file gets a browser (and worker) of its own. The host is served over plain HTTP here, so
// Chromium is told to hold it as secure, as the reseller's HTTPS host is: it then keeps the server's
// Cross-Origin-Opener-Policy instead of logging that it ignored it (the worker slot's port is not known here).
const TRUSTED = Array.from({ length: 8 }, (_, slot) => `http://${HOST}:${E2E_PORT + slot}`);
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
      `--unsafely-treat-insecure-origin-as-secure=${TRUSTED.join(',')}`,
    ],
  },
});

interface Leaf {
  path: string;
  children?: Leaf[];
}
const leaves = (menu: Leaf[]): string[] => menu.flatMap((e) => (e.children?.length ? leaves(e.children) : [e.path]));

/** How often the operator's name is on the page: its title and everything the DOM holds, hidden text included. */
async function operatorMentions(page: Page): Promise<number> {
  const text = `${await page.title()}\n${await page.content()}`;
  return text.split(OPERATOR).length - 1;
}

test.describe.serial('white label (issue #48)', () => {
  const email = `owner-${Date.now()}@shop.example`;
  const password = 'Harbour-Lantern-48';
  let branded = '';

  test('the reseller sets its brand, its domain and the plan of its sign-ups, by its menu', async ({
    page,
    server,
  }) => {
    budget(120_000);
    branded = `http://${HOST}:${new URL(server.url).port}`;
    await seedSession(page, 'reseller@example.com');
    await page.goto('/reseller');
    await menuTo(page, 'Brand');
    await expectTitle(page, 'Brand');
    const name = page.getByLabel('Brand name');
    await expect(name).toHaveValue(OPERATOR);
    await name.fill(BRAND);
    await page.getByLabel('Primary colour', { exact: true }).fill('#7a1f5c');
    await page.getByLabel('Mail sender name').fill('Nimbus Mail');
    await page.getByLabel('Support e-mail').fill('help@nimbus.example');
    await page.getByLabel('Legal footer').fill('Nimbus Texts Ltd, 1 Cloud Street');
    await expect(page.getByTestId('brand-preview').getByText(`Sign in to ${BRAND}`).first()).toBeVisible();
    await page.getByRole('button', { name: 'Save brand' }).click();
    await expectToast(page, 'Brand saved');

    await page.getByLabel('Host name').fill(HOST);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expect(page.getByText(`_smsc-verify.${HOST}`)).toBeVisible();
    await page.getByRole('button', { name: `Verify ${HOST}` }).click();
    const domainRow = page.getByRole('row').filter({ hasText: HOST });
    await expect(domainRow).toContainText('Verified');

    await menuTo(page, 'Products', 'Sign-up plan');
    await expectTitle(page, 'Sign-up plan');
    await page.getByTestId('signup-plan').getByLabel('Product').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('Reseller Standard').click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Sign-up plan saved');
    // the link it hands out is its own host now
    await expect(page.getByText(`${branded}/registration`, { exact: true })).toBeVisible();
  });

  test('a company signs up on the reseller’s host: branded pages and mail, no operator name', async ({ page }) => {
    budget(120_000);
    await page.goto(`${branded}/login`);
    await expect(page).toHaveTitle(new RegExp(BRAND));
    expect(await operatorMentions(page)).toBe(0);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/registration$/);
    expect(await operatorMentions(page)).toBe(0);
    await page.getByLabel('Full name').fill('Olive Owner');
    await page.getByLabel('Company name').fill('Shopco White');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Almost there')).toBeVisible();

    // the confirmation mail: the brand's sender and footer, a link on the reseller's host
    const mail = await mailMatching(email, /registration\/confirm\//);
    expect(mail).toMatch(/^From: "?Nimbus Mail"? </m);
    expect(mail).toMatch(/^Subject: Confirm your Nimbus Texts registration$/m);
    expect(mail).toContain('Nimbus Texts Ltd, 1 Cloud Street');
    expect(mail.split(OPERATOR).length - 1).toBe(0);
    const link = new RegExp(`${branded.replace(/[.]/g, '\\.')}/api_smsc/v1/registration/confirm/[^\\s]+`).exec(mail);
    expect(link).not.toBeNull();
    await page.goto((link as RegExpExecArray)[0]);
    await expect(page.getByText('Your account is active')).toBeVisible();
    expect(await operatorMentions(page)).toBe(0);

    await page.goto(`${branded}/login`);
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/company-admin(\/daily-usage)?$/);
    await expect(page.getByRole('navigation', { name: /menu$/ })).toBeVisible();
  });

  test('a crawl of the company’s routes on the host finds the brand on each and the operator’s name on none', async ({
    page,
  }) => {
    const paths = leaves(companyAdminMenu);
    budget(60_000 + paths.length * 10_000);
    await page.goto(`${branded}/login`);
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/company-admin(\/daily-usage)?$/);
    const found: string[] = [];
    for (const path of paths) {
      // a full page load each: the host's HTML, then the shell and the area as a customer opens them
      await page.goto(`${branded}/company-admin/${path}`);
      await expect(page.getByTestId('page-title')).toBeVisible();
      await waitForQuiet(page);
      await expect(page).toHaveTitle(new RegExp(BRAND));
      const n = await operatorMentions(page);
      if (n) found.push(`${path}: ${n}`);
    }
    expect(found).toEqual([]);
  });

  test('an invoice the reseller issued opens as a PDF in its brand', async ({ page }) => {
    budget(90_000);
    // Acme is the reseller's company with invoices (the new company has no charges to invoice yet)
    await page.goto(`${branded}/login`);
    await signIn(page, 'acme-admin@example.com', PASSWORD);
    await expect(page).toHaveURL(/\/company-admin/);
    await menuTo(page, 'Billing', 'Invoices');
    await expectTitle(page, 'Invoices');
    const row = tableRows(page).first();
    const number = /INV-\d{6}/.exec((await row.textContent()) ?? '')?.[0] as string;
    expect(number).toMatch(/^INV-\d{6}$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `PDF of invoice ${number}` }).click(),
    ]);
    const pdf = readFileSync(await download.path()).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    // the document's creator (its info dictionary names an object holding the string) is the issuer's brand
    const creator = /\/Creator (\d+) 0 R/.exec(pdf)?.[1];
    expect(new RegExp(`^${creator} 0 obj\\n\\((.*)\\)\\nendobj`, 'm').exec(pdf)?.[1]).toBe(BRAND);
    expect(pdf.split(OPERATOR).length - 1).toBe(0);
    expect(await operatorMentions(page)).toBe(0);
  });
});
