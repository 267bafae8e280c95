import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { waitForQuiet } from './fixtures';
import { waitForMotion } from './accounts-support';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The rules whose outcome a theme can change: everything else axe checks (names, roles, structure, focus order) reads
 * the same document in both themes, since the dark theme swaps colour tokens and nothing else.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function scan(
  page: Page,
  impacts?: readonly string[],
  within?: string,
  rules?: readonly string[],
): Promise<string[]> {
  // only the violations are read: axe then keeps one node of each passed or inapplicable rule, not every node
  const tagged = new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] });
  const builder = rules ? tagged.withRules([...rules]) : tagged;
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
  /**
   * `colours`: the dark pass runs only the colour rules (the route smoke, over every screen of every role);
   * `all` (the default): every rule in both themes
   */
  darkRules: 'all' | 'colours' = 'all',
): Promise<string[]> {
  await waitForQuiet(page);
  await waitForMotion(page);
  const light = await scan(page, impacts, within);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // antd's tokens are applied once React has drawn the dark tree
  await expect(page.locator('html')).toHaveAttribute('data-theme-ready', '');
  const dark = await scan(page, impacts, within, darkRules === 'colours' ? COLOUR_RULES : undefined);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('html')).toHaveAttribute('data-theme-ready', '');
  return [...light.map((v) => `light ${v}`), ...dark.map((v) => `dark ${v}`)];
}
