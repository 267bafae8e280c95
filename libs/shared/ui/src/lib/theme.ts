import type { ThemeConfig } from 'antd';

/**
 * antd's default blue and its secondary greys fall short of WCAG AA contrast on white (axe
 * color-contrast); these tokens keep the look and pass 4.5:1.
 */
export const consoleTheme: ThemeConfig = {
  token: {
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
  },
};
