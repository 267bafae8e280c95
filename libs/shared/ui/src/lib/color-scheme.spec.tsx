import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { COLOR_SCHEME_KEY, ThemedConfig, isDark, setSchemeChoice, useDarkScheme } from './color-scheme';
import { buildTheme } from './theme';
import { brandTokensOf } from './brand';
import { contrastRatio, DARK_SURFACE } from '@smsc/shared-contract';

/** A matchMedia whose dark preference a test flips, telling its listeners as the browser does. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const state = { dark };
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query.includes('dark') && state.dark;
    },
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  })) as unknown as typeof window.matchMedia;
  return (next: boolean) => {
    state.dark = next;
    listeners.forEach((l) => l());
  };
}

function Probe() {
  const dark = useDarkScheme();
  const { token } = theme.useToken();
  return (
    <span data-testid="probe" data-dark={String(dark)}>
      {token.colorBgContainer}
    </span>
  );
}

describe('the colour scheme', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
  });

  it('follows the system setting live until the person chooses, and keeps the choice', () => {
    const flip = fakeSystem(false);
    render(
      <ThemedConfig>
        <Probe />
      </ThemedConfig>,
    );
    const probe = screen.getByTestId('probe');
    expect(probe.dataset.dark).toBe('false');
    act(() => flip(true));
    expect(probe.dataset.dark).toBe('true');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    // the dark algorithm's container colour reached the tree below the provider
    expect(probe.textContent).toBe(theme.getDesignToken(buildTheme({ dark: true })).colorBgContainer);
    act(() => setSchemeChoice('light'));
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('light');
    expect(probe.dataset.dark).toBe('false');
    act(() => setSchemeChoice('system'));
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBeNull();
    expect(isDark()).toBe(true);
  });

  it("lets a brand's tokens win in both themes, with its own dark overrides", () => {
    const brand = { colorPrimary: '#722ed1', dark: { colorPrimary: '#9254de' } };
    expect(buildTheme({ dark: false, brandTokens: brand }).token?.colorPrimary).toBe('#722ed1');
    expect(buildTheme({ dark: true, brandTokens: brand }).token?.colorPrimary).toBe('#9254de');
    expect(buildTheme({ dark: true }).algorithm).toBe(theme.darkAlgorithm);
    // a reseller's brand (brand.ts): buttons keep its colour, text in it is lightened to AA on the dark surface
    const nimbus = buildTheme({ dark: true, brandTokens: brandTokensOf('#7a1f5c') });
    const link = nimbus.token?.colorLink as string;
    expect([nimbus.token?.colorPrimary, nimbus.components?.Menu?.itemSelectedColor]).toEqual(['#7a1f5c', link]);
    expect(contrastRatio(link, DARK_SURFACE)).toBeGreaterThanOrEqual(4.5);
    // the built-in brand (an unbranded company's GET /brand) leaves the console's own tokens as they are
    expect(brandTokensOf('#0958d9')).toBeUndefined();
  });

  it("is read by index.html's first-paint script under the same key", () => {
    const html = readFileSync(path.join(__dirname, '../../../../../tools/webpack/index.html'), 'utf8');
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    for (const [stored, system, expected] of [
      ['dark', false, 'dark'],
      ['light', true, 'light'],
      [null, true, 'dark'],
      [null, false, 'light'],
    ] as const) {
      fakeSystem(system);
      if (stored) localStorage.setItem(COLOR_SCHEME_KEY, stored);
      else localStorage.removeItem(COLOR_SCHEME_KEY);
      new Function(script)();
      expect({ stored, system, theme: document.documentElement.getAttribute('data-theme') }).toEqual({
        stored,
        system,
        theme: expected,
      });
    }
  });
});
