import { expect, type Page } from '@playwright/test';
import { waitForQuiet } from './fixtures';
import AxeBuilder from '@axe-core/playwright';
import { landingOf, seedSession } from './support';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits until no popup, dialog or form message is mid-animation. antd adds its motion classes only
 * while a motion runs: a popconfirm or modal zooming (`ant-zoom-*`), a mask fading (`ant-fade-*`), a
 * select's list sliding shut (`ant-slide-*`), a field's error sliding in or out (`*-show-help-item-*`).
 * Mid-way, colours are half-blended (axe judges contrast wrong), a closing list is still in the
 * accessibility tree, and a click can miss. The toast's own motion is left out: a toast stays on screen
 * for seconds and is not what a check waits for.
 */
export async function waitForMotion(page: Page) {
  await expect(
    page.locator('[class*="ant-zoom-"], [class*="ant-fade-"], [class*="ant-slide-"], [class*="-show-help-item-"]'),
  ).toHaveCount(0);
}

/** axe-core with the WCAG 2.2 AA tags on the settled screen: one line per violation. */
export async function axeViolations(page: Page): Promise<string[]> {
  await waitForQuiet(page);
  await waitForMotion(page);
  let lines = await scan(page);
  // A motion can start after the settle check (a field's error fading out once validation reruns); an element caught
  // mid-fade is not what a person reads, so the scan is taken again once that motion has ended.
  if (lines.some((line) => MOTION_CLASS.test(line))) {
    await waitForMotion(page);
    lines = await scan(page);
  }
  return lines;
}

const MOTION_CLASS = /ant-(zoom|fade|slide)-|-show-help-item-/;

async function scan(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** axe-core on the current screen: no violations of the WCAG 2.2 AA tags. */
export async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** Signed in (session seeded through the API) and on the role's home. */
export async function signInAs(page: Page, email: string, home: string) {
  await seedSession(page, email);
  await page.goto(home);
  await expect(page).toHaveURL(new RegExp(`${landingOf(home)}$`));
  await expect(page.getByTestId('page-title')).toBeVisible();
}

export async function expectTitle(page: Page, title: string) {
  await expect(page.getByTestId('page-title')).toHaveText(title);
}

export async function expectToast(page: Page, text: string | RegExp, kind: 'success' | 'error' = 'success') {
  await expect(page.getByTestId(`toast-${kind}`).filter({ hasText: text })).toBeVisible();
}

/** The list's search form: fill a text field and search. */
export async function searchText(page: Page, label: string, value: string) {
  const form = page.getByRole('search');
  await form.getByLabel(label).fill(value);
  await form.getByRole('button', { name: /Search/ }).click();
}

/** Rows of the list's table body (virtual or not), by their text. */
export function tableRows(page: Page) {
  return page.locator('[data-testid^="resource-table-"] .ant-table-row');
}

export function query(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** Opens an antd select by its label and picks an option (the visible option, not the hidden a11y list). */
export async function pickOption(page: Page, scope: 'search' | 'form', label: string, option: string) {
  const root = scope === 'search' ? page.getByRole('search') : page.locator('form').last();
  await root.getByRole('combobox', { name: label }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`), visible: true })
    .click();
}

/** Confirms the delete dialog and waits for it to close. */
export async function confirmDelete(page: Page) {
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
  // wait for the button to be there before the motion check: checked before the modal had mounted,
  // the check passed at once
  await expect(confirm).toBeVisible();
  await waitForMotion(page);
  await confirm.click();
  await expect(dialog).toHaveCount(0);
}
