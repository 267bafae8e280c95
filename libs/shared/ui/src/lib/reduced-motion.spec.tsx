import { act, render, screen } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { ReducedMotion } from './reduced-motion';

function Motion() {
  const { token } = theme.useToken();
  return (
    <output>
      {token.motion ? 'motion' : 'still'} {token.colorPrimary}
    </output>
  );
}

function systemAsks(reduce: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: reduce,
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  const original = window.matchMedia;
  window.matchMedia = ((media: string) =>
    media === query.media ? query : original(media)) as unknown as typeof window.matchMedia;
  return {
    change(next: boolean) {
      query.matches = next;
      for (const l of listeners) l();
    },
    restore: () => (window.matchMedia = original),
  };
}

const inTheme = (
  <ConfigProvider theme={{ token: { colorPrimary: '#0958d9' } }}>
    <ReducedMotion>
      <Motion />
    </ReducedMotion>
  </ConfigProvider>
);

describe('ReducedMotion', () => {
  it('keeps antd motion when the system does not ask for less', () => {
    const system = systemAsks(false);
    try {
      render(inTheme);
      expect(screen.getByRole('status').textContent).toBe('motion #0958d9');
    } finally {
      system.restore();
    }
  });

  it('turns motion off from the first render when the system asks, keeps the console theme, and follows a change', () => {
    const system = systemAsks(true);
    try {
      render(inTheme);
      expect(screen.getByRole('status').textContent).toBe('still #0958d9');
      act(() => system.change(false));
      expect(screen.getByRole('status').textContent).toBe('motion #0958d9');
    } finally {
      system.restore();
    }
  });
});
