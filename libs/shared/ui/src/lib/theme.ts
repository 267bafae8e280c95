import { theme, type ThemeConfig } from 'antd';

type Tokens = NonNullable<ThemeConfig['token']>;
type Components = NonNullable<ThemeConfig['components']>;

/**
 * A coloured tag writes its text in the palette's 7th shade on its 1st: green, orange, gold, volcano, cyan and lime fall
 * under 4.5:1 there (green 3.5:1: every "delivered" and "paid" in a list); their 8th or 9th shade passes. Both spellings
 * of the palette key are set: antd's CSS variable for each is one name, and the later key would win.
 */
function tagText(colors: Record<string, string>): Tokens {
  return Object.fromEntries(
    Object.entries(colors).flatMap(([name, color]) => [
      [`${name}7`, color],
      [`${name}-7`, color],
    ]),
  ) as Tokens;
}

/**
 * antd's default blue and its secondary greys fall short of WCAG AA contrast on white (axe
 * color-contrast); these tokens keep the look and pass 4.5:1.
 */
const LIGHT: Tokens = {
  colorPrimary: '#0958d9',
  colorLink: '#0958d9',
  // antd lightens these on hover (#2e7ae6 is 4.2:1 on white, below AA for a hovered button's text);
  // a darker shade keeps hover visible and readable
  colorPrimaryHover: '#003eb3',
  colorLinkHover: '#003eb3',
  colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  // antd's #ff4d4f (danger links, Delete) is 3.9:1 on white
  colorError: '#cf1322',
  colorErrorHover: '#a8071a',
  // select and input placeholders (antd: 0.25 alpha, 1.9:1)
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  ...tagText({
    green: '#237804',
    orange: '#ad4e00',
    gold: '#874d00',
    volcano: '#ad2102',
    cyan: '#006d75',
    lime: '#3f6600',
  }),
};

/**
 * The dark algorithm's own choices that fall below AA on its #141414 surfaces: the primary blue is kept
 * where white text sits on it (a primary button, 5.2:1) while links and selected items, which are blue text on
 * the dark surface, take a lighter blue (8:1); greys and the error red are lifted the same way.
 */
const DARK: Tokens = {
  colorPrimary: '#1668dc',
  colorPrimaryHover: '#1554ad',
  colorLink: '#69b1ff',
  colorLinkHover: '#91caff',
  colorTextSecondary: 'rgba(255, 255, 255, 0.72)',
  colorTextTertiary: 'rgba(255, 255, 255, 0.62)',
  colorTextDescription: 'rgba(255, 255, 255, 0.62)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.58)',
  colorError: '#ff7875',
  colorErrorHover: '#ffa39e',
  colorWarning: '#ffc53d',
  colorSuccess: '#73d13d',
};
/** The dark theme's selected and hovered text: the console's light blues, or a brand's own text colour (its colorLink). */
const darkComponents = (text = '#69b1ff', hover = '#91caff'): Components => ({
  Menu: {
    itemSelectedColor: hover,
    subMenuItemSelectedColor: hover,
    itemHoverColor: 'rgba(255, 255, 255, 0.95)',
  },
  Tabs: { itemSelectedColor: text, itemActiveColor: hover, itemHoverColor: hover, inkBarColor: text },
  Pagination: { itemActiveColor: hover },
  Button: { defaultHoverColor: hover, defaultHoverBorderColor: text },
  // a status tag (processing) writes colorInfo on its pale background: the dark algorithm's blue is 3.9:1 there
  Tag: { colorInfo: text },
});

/**
 * A status tag (success, processing, warning, error) writes the status colour itself on its pale background; antd's
 * light success green is 2:1 and its warning orange 1.9:1 there. The tags alone take darker shades, so icons, alerts
 * and buttons keep antd's.
 */
const lightComponents: Components = {
  Tag: { colorSuccess: '#237804', colorInfo: '#0958d9', colorWarning: '#ad4e00', colorError: '#cf1322' },
};

/** A brand's colours (a reseller's, later): applied in both themes, with `dark` overriding them in the dark one. */
export interface BrandTokens extends Tokens {
  dark?: Tokens;
}

/**
 * The console's antd theme: the one place a theme is built, so the shell, a remote run on its own and a
 * reseller's brand all get the same tokens. A brand's colours come last and win.
 */
export function buildTheme({ dark, brandTokens }: { dark: boolean; brandTokens?: BrandTokens }): ThemeConfig {
  const { dark: brandDark, ...brand } = brandTokens ?? {};
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { ...(dark ? DARK : LIGHT), ...brand, ...(dark ? brandDark : {}) },
    components: dark
      ? brandDark?.colorLink
        ? darkComponents(brandDark.colorLink, brandDark.colorLink)
        : darkComponents()
      : lightComponents,
  };
}

/** The light theme (kept for callers that have no scheme: tests, the prerender's first paint). */
export const consoleTheme: ThemeConfig = buildTheme({ dark: false });
