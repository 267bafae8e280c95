import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { ROLE_AREAS } from '@smsc/shared-session';
import type { MenuEntry } from '@smsc/shared-ui';
import { ConsoleFrame } from './console-frame';

const area = ROLE_AREAS.find((a) => a.userType === 'admin')!;
const menu: MenuEntry[] = [
  { path: '', label: 'Dashboard' },
  {
    path: 'reporting',
    label: 'Reporting',
    children: [
      { path: 'reporting/number', label: 'Number report' },
      { path: 'reporting/usage', label: 'Usage report' },
    ],
  },
  { path: 'users', label: 'Users' },
];

// the frame asks GET /brand for the signed-in user's brand: answered here, so no request leaves the test
let api: ReturnType<typeof stubApi>;
beforeAll(() => {
  api = stubApi((call) =>
    call.path === '/brand' ? { status: 404, body: { status: 404, code: 'not_found', detail: 'No brand' } } : undefined,
  );
});
afterAll(() => api.restore());

function renderAt(route: string) {
  return renderWithProviders(
    <ConsoleFrame area={area} title="Page" menu={menu}>
      <p>content</p>
    </ConsoleFrame>,
    {
      route,
      preloadedState: {
        session: { token: 't', userType: 'admin', exp: 1, email: 'a@example.com', status: 'success', error: null },
      },
    },
  );
}

const selected = () => [...document.querySelectorAll('.ant-menu-item-selected')].map((e) => e.textContent);

describe('ConsoleFrame side menu', () => {
  it('links every entry under the base path and selects the one the address is in', () => {
    renderAt('/system-admin/users/edit/7');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/system-admin');
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/system-admin/users');
    expect(selected()).toEqual(['Users']);
    // a closed group keeps its pages out of the tab order
    expect(screen.queryByRole('link', { name: 'Number report' })).toBeNull();
  });

  it('opens the group of the current page and selects only the innermost entry', () => {
    renderAt('/system-admin/reporting/usage');
    expect(screen.getByRole('menuitem', { name: 'Reporting' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Usage report' }).getAttribute('href')).toBe(
      '/system-admin/reporting/usage',
    );
    expect(selected()).toEqual(['Usage report']);
  });

  it('hides and shows the side bar from the header button', () => {
    renderAt('/system-admin');
    expect(selected()).toEqual(['Dashboard']);
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Hide menu' })));
    expect(screen.queryByRole('navigation', { name: 'System admin menu' })).toBeNull();
    const show = screen.getByRole('button', { name: 'Show menu' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    act(() => void fireEvent.click(show));
    expect(screen.getByRole('navigation', { name: 'System admin menu' })).toBeTruthy();
  });
});
