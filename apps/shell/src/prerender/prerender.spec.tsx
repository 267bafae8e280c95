import { act, fireEvent } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { makeStore } from '@smsc/shared-session';
import { stubApi } from '@smsc/shared-testing';
import { Shell, shellRoutes } from '../app/shell';
import { PUBLIC_PAGES, hydratesPrerender } from '../app/public/public-pages';
import { EARLY_SUBMIT_GLOBAL } from '../app/public/early-submit';
import { assemblePage, prerenderPublicPages } from './prerender';
import { EARLY_SUBMIT_SCRIPT } from './early-submit-script';

// what html-webpack-plugin writes (minified): the hashed script in <head>, the boot text in #root
const INDEX =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>SMSC Console</title><style>.boot{}</style><script defer src=/main.0123abcd.js></script></head><body><div id=root><div class=boot role=status>Loading SMSC Console…</div></div></body></html>';

describe('the prerendered public pages', () => {
  const { pages, manifest } = prerenderPublicPages(INDEX);

  it('are built for the five public routes, from the built index.html', () => {
    expect(manifest.pages).toEqual(PUBLIC_PAGES.map(({ path, file }) => ({ path, file })));
    const login = pages[0].html;
    expect(login).toContain('<script defer src=/main.0123abcd.js></script>');
    expect(login).toContain('<title>Sign in to SMSC Console · SMSC Console</title>');
    expect(login).not.toContain('Loading SMSC Console');
    // antd's styles for the markup, ahead of the template's own
    expect(login.indexOf('.ant-btn')).toBeGreaterThan(0);
    expect(login.indexOf('.ant-btn')).toBeLessThan(login.indexOf('<style>.boot{}</style>'));
    expect(login).toContain(`<script>${EARLY_SUBMIT_SCRIPT}</script></body>`);
    expect(pages[4].html).toContain('data-prerender="/forgot-password/:token"');
    expect(pages[4].html).toContain('Choose a new password');
  });

  it('refuse a template without #root', () => {
    expect(() => assemblePage('<title>x</title><body></body>', { path: '/login', markup: '', styles: '' })).toThrow(
      /#root/,
    );
  });
});

describe('hydrating /login', () => {
  let root: Root | undefined;
  const api = stubApi((call) =>
    call.path === '/auth' ? { status: 401, body: { code: 'error', detail: 'Wrong email or password' } } : undefined,
  );
  const errors: unknown[][] = [];
  beforeEach(() => {
    errors.length = 0;
    jest.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    const html = prerenderPublicPages(INDEX).pages[0].html;
    document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1];
    // innerHTML does not run scripts: run the page's inline one as the browser would
    window.eval(EARLY_SUBMIT_SCRIPT);
  });
  afterEach(() => {
    act(() => root?.unmount());
    jest.restoreAllMocks();
    delete (window as unknown as Record<string, unknown>)[EARLY_SUBMIT_GLOBAL];
  });
  afterAll(() => api.restore());

  const container = () => document.getElementById('root')!;
  const type = (id: string, value: string) => ((document.getElementById(id) as HTMLInputElement).value = value);
  const hydrate = async () => {
    expect(hydratesPrerender(container(), '/login', false)).toBe(true);
    const store = makeStore();
    const router = createMemoryRouter(shellRoutes(store), { initialEntries: ['/login'] });
    await act(async () => {
      root = hydrateRoot(container(), <Shell store={store} router={router} />);
    });
  };

  it('holds back a submit made before hydration and sends it, with what was typed, once hydrated', async () => {
    type('email', 'admin@example.com');
    type('password', 'typed-before-js');
    const form = container().querySelector('form')!;
    const reached = jest.fn();
    container().addEventListener('submit', reached);
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    // not sent natively (a GET of /login would lose it) and not seen by anything below the document
    expect([event.defaultPrevented, reached.mock.calls.length, container().getAttribute('aria-busy')]).toEqual([
      true,
      0,
      'true',
    ]);
    const before = api.calls.length;
    await hydrate();
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    const auth = api.calls.slice(before).filter((c) => c.path === '/auth');
    expect(auth.map((c) => c.body)).toEqual([{ email: 'admin@example.com', password: 'typed-before-js' }]);
    expect(container().hasAttribute('aria-busy')).toBe(false);
    expect(window).not.toHaveProperty(EARLY_SUBMIT_GLOBAL);
    // hydrated, not rendered afresh: no mismatch reported, the prerendered form is the live one
    expect(errors).toEqual([]);
    expect(container().querySelector('form')).toBe(form);
  });

  it('sends nothing on hydration without an early submit, and later submits reach React only', async () => {
    type('email', 'admin@example.com');
    const before = api.calls.length;
    await hydrate();
    expect(api.calls.length).toBe(before);
    expect((document.getElementById('email') as HTMLInputElement).value).toBe('admin@example.com');
    // typed once live: through React's change event
    act(() => void fireEvent.change(document.getElementById('password')!, { target: { value: 'typed-after-js' } }));
    await act(async () => {
      container()
        .querySelector('form')!
        .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await new Promise((r) => setTimeout(r, 50));
    });
    const auth = api.calls.slice(before).filter((c) => c.path === '/auth');
    expect(auth.map((c) => c.body)).toEqual([{ email: 'admin@example.com', password: 'typed-after-js' }]);
    expect(errors).toEqual([]);
  });
});

describe('hydratesPrerender', () => {
  const div = (path?: string) => {
    const el = document.createElement('div');
    if (path) el.setAttribute('data-prerender', path);
    return el;
  };
  it('hydrates only the page of the current path, and only when nobody is signed in', () => {
    expect(hydratesPrerender(div('/forgot-password/:token'), '/forgot-password/abc', false)).toBe(true);
    expect(hydratesPrerender(div('/login'), '/login', true)).toBe(false);
    expect(hydratesPrerender(div('/login'), '/registration', false)).toBe(false);
    expect(hydratesPrerender(div(), '/login', false)).toBe(false);
  });
});
