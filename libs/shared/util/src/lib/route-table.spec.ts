import { routeTable } from './route-table';

const table = routeTable('/role', {
  home: { path: '', label: 'Home', menu: true, spec: true },
  logMenu: { path: 'log', label: 'Log', menu: true, area: 'messaging' },
  log: { path: 'log', label: 'Log report', under: 'logMenu', spec: true },
  logIn: { path: 'log/in/:id', label: 'Incoming', under: 'logMenu', also: ['inbox'], spec: true },
  vendor: { path: 'vendor/:id/deck/:name', area: 'catalog' },
  back: { path: 'back', area: 'catalog', spec: 'return' },
});

describe('routeTable', () => {
  it('builds addresses with their parameters filled and encoded', () => {
    expect(table.to('home')).toBe('/role');
    expect(table.to('logIn', { id: 7 })).toBe('/role/log/in/7');
    expect(table.to('vendor', { id: 'a b', name: 'x/y' })).toBe('/role/vendor/a%20b/deck/x%2Fy');
    // @ts-expect-error a parameter is missing (a type error, and a throw for untyped callers)
    expect(() => table.to('vendor', { id: 1 })).toThrow('route parameter name missing');
  });

  it('answers patterns, paths and paths below another row', () => {
    expect(table.pattern('logIn')).toBe('/role/log/in/:id');
    expect(table.path('logIn')).toBe('log/in/:id');
    expect(table.below('logIn', 'log')).toBe('in/:id');
    expect(table.below('log', 'home')).toBe('log');
    expect(() => table.below('vendor', 'log')).toThrow('is not below');
  });

  it('derives the menu, the areas and the spec routes in table order', () => {
    expect(table.menu()).toEqual([
      { path: '', label: 'Home' },
      {
        path: 'log',
        label: 'Log',
        children: [
          { path: 'log', label: 'Log report' },
          { path: 'log/in/:id', label: 'Incoming', also: ['inbox'] },
        ],
      },
    ]);
    expect(table.areaPaths('catalog')).toEqual(['vendor/:id/deck/:name', 'back']);
    expect(table.specRoutes()).toEqual(['', 'log', 'log/in/:id']);
    expect(table.specRoutes('return')).toEqual(['back']);
  });

  it('refuses a row in a group that is not a menu row, and a menu row without a label', () => {
    expect(() => routeTable('/r', { a: { path: 'a' }, b: { path: 'a/b', label: 'B', under: 'a' } })).toThrow(
      'group a is not a menu row',
    );
    expect(() => routeTable('/r', { a: { path: 'a', menu: true } })).toThrow('needs a label');
  });
});
