import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { waitForQuiet } from './fixtures';
import { waitForMotion } from './accounts-support';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function scan(page: Page, impacts?: readonly string[], within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  const result = await (within ? builder.include(within) : builder).analyze();
  return result.violations
    .filter((v) => !impacts || impacts.includes(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * The page as it is, then the same page in the dark theme: the system setting is switched in place (the console
 * follows prefers-color-scheme live), with no new navigation, so the dark pass costs one axe run. Answers the
 * violations of both (of the given impacts, or all), each prefixed with its theme, and leaves the page light.
 */
export async function violationsInBothThemes(
  page: Page,
  impacts?: readonly string[],
  /** a selector to scan inside (the screen's `main`), else the whole page */
  within?: string,
): Promise<string[]> {
  await waitForQuiet(page);
  await waitForMotion(page);
  const light = await scan(page, impacts, within);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // antd's tokens are applied once React has drawn the dark tree
  await expect(page.locator('html')).toHaveAttribute('data-theme-ready', '');
  const dark = await scan(page, impacts, within);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('html')).toHaveAttribute('data-theme-ready', '');
  return [...light.map((v) => `light ${v}`), ...dark.map((v) => `dark ${v}`)];
}
