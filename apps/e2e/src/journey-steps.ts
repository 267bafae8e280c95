import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, signInFresh } from './support';
import { expectTitle, expectToast, pickOption, searchText, tableRows } from './accounts-support';

// The steps of journeys.spec.ts, one function each, so a screen that changes (the company form, the number
// purchase, the rate-deck import) changes one function. Every step moves by menus, buttons and row links only.
// The system admin's steps are here, the reseller's and the company admin's in journey-steps-company.ts.

const OPEN_LIST = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

/**
 * A journey's time budget, set for a quiet machine and stretched as E2E_TIMEOUT stretches the suite's 90 s default
 * (a machine shared with builds runs every step slower).
 */
export function budget(ms: number) {
  test.setTimeout(Math.round((ms * Math.max(Number(process.env.E2E_TIMEOUT ?? 90_000), 90_000)) / 90_000));
}

const menu = (page: Page) => page.getByRole('navigation', { name: /menu$/ });

/** Opens a menu entry, or an entry of a group (the group opened first when it is shut). */
export async function menuTo(page: Page, entry: string, child?: string) {
  if (!child) {
    await menu(page).getByRole('link', { name: entry, exact: true }).click();
    return;
  }
  const group = menu(page).getByRole('menuitem', { name: entry, exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await menu(page).getByRole('link', { name: child, exact: true }).click();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function signInWith(page: Page, email: string, password: string, landingTitle: string) {
  if (!/\/login$/.test(page.url())) await page.goto('/login');
  await signIn(page, email, password);
  await expectTitle(page, landingTitle);
}

/** Signs a seeded user in through the form and checks the landing page's title. */
export async function signInSeeded(page: Page, email: string, landingTitle: string) {
  await signInFresh(page, email);
  await expectTitle(page, landingTitle);
}

/** A row link (Products, Companies, Import deck…) of the one row showing `rowText`. */
export async function openRowLink(page: Page, rowText: string, link: string) {
  const row = tableRows(page).filter({ hasText: rowText });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: new RegExp(`^${link}\\b`) }).click();
}

/** The list's Edit link of the one row found by searching `label` for `value`. */
async function editFound(page: Page, label: string, value: string) {
  await searchText(page, label, value);
  await expect(tableRows(page)).toHaveCount(1);
  await tableRows(page).first().getByRole('link', { name: /^Edit/ }).click();
}

/** Types into a searchable select and picks the option shown as `option`. */
export async function pickTypedOption(page: Page, select: Locator, option: string) {
  await select.click();
  await select.fill(option);
  await page.locator(`${OPEN_LIST} .ant-select-item-option`).filter({ hasText: option, visible: true }).first().click();
  await expect(page.locator(OPEN_LIST)).toHaveCount(0);
}

/** Picks the first option a select offers; answers its text. */
export async function pickFirstOption(page: Page, select: Locator) {
  await select.click();
  // visible only: another select's list may still be in the page, closing, and its options come first
  const first = page.locator(`${OPEN_LIST} .ant-select-item-option`).filter({ visible: true }).first();
  const text = (await first.innerText()).trim();
  await first.click();
  await expect(page.locator(OPEN_LIST)).toHaveCount(0);
  return text;
}

/** Hands a CSV file to the screen's file input, as choosing it in the file dialog does. */
export async function uploadCsv(page: Page, name: string, csv: string) {
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

/**
 * A rate CSV through the import's two questions: the guessed columns (`code → code`, `price → price`), then the
 * preview of what changes (a first import: every rate new), applied.
 */
async function importRates(page: Page, name: string, csv: string, rates: number) {
  await uploadCsv(page, name, csv);
  const mapping = page.getByTestId('csv-mapping');
  await expect(mapping).toContainText('code → code');
  await expect(mapping).toContainText('price → price');
  await mapping.getByRole('button', { name: 'Import with these columns' }).click();
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview).toContainText(`${rates} new, 0 changed, 0 removed, 0 unchanged`);
  await preview.getByRole('button', { name: 'Apply' }).click();
  await expectImported(page, rates, `Imported ${rates} rate${rates === 1 ? '' : 's'}`);
}

export async function expectImported(page: Page, count: number, toast: string) {
  await expect(page.getByRole('status').filter({ hasText: 'imported' })).toHaveText(`${count} imported, 0 failed`);
  await expectToast(page, toast);
}

// ---- system admin -------------------------------------------------------------------------------------------

/** Vendors → New vendor; answers on the vendor list, filtered to it. */
export async function addVendor(page: Page, vendor: string) {
  await menuTo(page, 'Vendors');
  await expectTitle(page, 'Vendors');
  await page.getByRole('button', { name: /New vendor/ }).click();
  await expectTitle(page, 'Add vendor');
  await page.getByLabel('Vendor name').fill(vendor);
  await page.getByRole('button', { name: 'Create vendor' }).click();
  await expectToast(page, 'Vendor created');
  await searchText(page, 'Vendor', vendor);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText('Platform');
}

/** From the vendor list: the vendor's Products → New vendor product. */
export async function addVendorProduct(page: Page, vendor: string, vendorProduct: string) {
  await openRowLink(page, vendor, 'Products');
  await expectTitle(page, 'Vendor products');
  await expect(page.getByTestId('vendor-name')).toContainText(vendor);
  await page.getByRole('button', { name: /New vendor product/ }).click();
  await expectTitle(page, 'Add vendor product');
  await page.getByLabel('Vendor product name').fill(vendorProduct);
  await page.getByRole('button', { name: 'Create vendor product' }).click();
  await expectToast(page, 'Vendor product created');
  await expectTitle(page, 'Vendor products');
}

/** From the vendor's products: Import deck with a CSV (code,price), confirmed, then the deck shows the rates. */
export async function importRateDeck(page: Page, vendorProduct: string, csv: string, rates: number) {
  await openRowLink(page, vendorProduct, 'Import deck');
  await expectTitle(page, 'Import rate deck');
  await importRates(page, 'deck.csv', csv, rates);
  await page.getByRole('link', { name: 'See the imported rates' }).click();
  await expectTitle(page, 'Rate deck');
  await expect(tableRows(page)).toHaveCount(rates);
}

/** Products → Rate tables → New rate table (priced by prefix), then its rates imported from a CSV on its edit page. */
export async function addRateTable(page: Page, name: string, csv: string, rates: number) {
  await menuTo(page, 'Products', 'Rate tables');
  await expectTitle(page, 'Rate tables');
  await page.getByRole('button', { name: /New rate table/ }).click();
  await expectTitle(page, 'Add rate table');
  await page.getByLabel('Rate table name').fill(name);
  await pickOption(page, 'form', 'Priced by', 'Prefix-based');
  await page.getByRole('button', { name: 'Create rate table' }).click();
  await expectToast(page, 'Rate table created');
  await editFound(page, 'Rate table', name);
  await expectTitle(page, 'Edit rate table');
  await page.getByRole('button', { name: 'Import rates' }).click();
  await importRates(page, 'retail.csv', csv, rates);
  // the table's own rates (the import's per-line results are a table too)
  await expect(tableRows(page)).toHaveCount(rates);
}

/** Products → Routings → New routing, then one route on its edit page: `code` to the vendor product. */
export async function addRouting(page: Page, name: string, code: string, vendorProductLabel: string) {
  await menuTo(page, 'Products', 'Routings');
  await expectTitle(page, 'Routings');
  await page.getByRole('button', { name: /New routing/ }).click();
  await expectTitle(page, 'Add routing');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create routing' }).click();
  await expectToast(page, 'Routing created');
  await editFound(page, 'Routing', name);
  await expectTitle(page, 'Edit routing');
  await page.getByRole('button', { name: 'Add route' }).click();
  await page.getByLabel('Code of route 1').fill(code);
  await pickTypedOption(page, page.getByRole('combobox', { name: 'Vendor product of route 1' }), vendorProductLabel);
  await page.getByRole('button', { name: 'Save routes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Routes saved' })).toBeVisible();
}

/** Products → SMS routes → New product from a rate table and a routing; its quote box prices `dnis`. */
export async function addProduct(
  page: Page,
  p: { name: string; rateTable: string; routing: string },
  dnis: string,
  expected: string[],
) {
  await menuTo(page, 'Products', 'SMS routes');
  await expectTitle(page, 'SMS routes');
  await page.getByRole('button', { name: /New product/ }).click();
  await expectTitle(page, 'Add product');
  await page.getByLabel('Product name').fill(p.name);
  await pickOption(page, 'form', 'Rate table', `${p.rateTable} \\(prefix\\)`);
  await pickOption(page, 'form', 'Routing', p.routing);
  await page.getByRole('button', { name: 'Create product' }).click();
  await expectToast(page, 'Product created');
  await editFound(page, 'Product', p.name);
  await expectTitle(page, 'Edit product');
  const quote = page.getByTestId('quote-box');
  await quote.getByLabel('Number').fill(dnis);
  await quote.getByRole('button', { name: 'Quote' }).click();
  for (const text of expected) await expect(quote.getByTestId('quote-result')).toContainText(text);
}

/** From the product list (system admin or reseller): the product's Companies → Add company. */
export async function giveProductTo(page: Page, product: string, company: string) {
  await openRowLink(page, product, 'Companies');
  await expectTitle(page, 'Add company');
  await pickTypedOption(page, page.getByRole('combobox', { name: 'Company' }), company);
  await page.getByRole('button', { name: 'Add company' }).click();
  await expect(page.getByTestId('product-companies')).toContainText(company);
}

/** Reporting → All clients and vendors: the company's line (Company, Vendor, Messages, Revenue, Cost, Lookup cost, Margin). */
export async function reportLineOf(page: Page, company: string) {
  await menuTo(page, 'Reporting', 'All clients and vendors');
  await expectTitle(page, 'All clients and vendors');
  const line = page
    .getByRole('table', { name: /^Company and Vendor from / })
    .locator('.ant-table-row')
    .filter({ hasText: company });
  await expect(line).toHaveCount(1);
  return line.locator('td');
}
