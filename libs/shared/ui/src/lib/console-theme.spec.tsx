import { render, screen, act } from '@testing-library/react';
import { theme } from 'antd';
import { ConsoleTheme } from './console-theme';

function Motion() {
  const { token } = theme.useToken();
  return <output>{token.motion ? 'motion' : 'still'}</output>;
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

describe('ConsoleTheme', () => {
  it('keeps antd motion when the system does not ask for less', () => {
    const system = systemAsks(false);
    try {
      render(
        <ConsoleTheme>
          <Motion />
        </ConsoleTheme>,
      );
      expect(screen.getByRole('status').textContent).toBe('motion');
    } finally {
      system.restore();
    }
  });

  it('turns antd motion off when the system asks for reduced motion, and back on when it stops asking', () => {
    const system = systemAsks(true);
    try {
      render(
        <ConsoleTheme>
          <Motion />
        </ConsoleTheme>,
      );
      expect(screen.getByRole('status').textContent).toBe('still');
      act(() => system.change(false));
      expect(screen.getByRole('status').textContent).toBe('motion');
    } finally {
      system.restore();
    }
  });
});
