import { Button } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { setSchemeChoice, useDarkScheme } from './color-scheme';

/**
 * The header's light/dark switch. The console starts in the system's scheme; a click keeps the other one
 * (local storage) until clicked again. `compact` drops the word (a phone's header).
 */
export function ThemeSwitch({ compact = false }: { compact?: boolean }) {
  const dark = useDarkScheme();
  return (
    <Button
      type="text"
      role="switch"
      aria-checked={dark}
      aria-label="Dark theme"
      data-testid="theme-switch"
      icon={dark ? <SunOutlined /> : <MoonOutlined />}
      onClick={() => setSchemeChoice(dark ? 'light' : 'dark')}
    >
      {compact ? null : dark ? 'Light' : 'Dark'}
    </Button>
  );
}
