import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '@smsc/shared-testing';
import { buildListQueryArg, readFilters, useListParams } from './use-list-params';
import { companies, LocationProbe, searchOf } from './test-fixtures';

const arg = (search: string, def = companies) => buildListQueryArg(def, new URLSearchParams(search));

describe('buildListQueryArg', () => {
  it('fills in page 0, the default page size and the default order', () => {
    expect(arg('')).toEqual({ page: 0, per_page: 10, order_by: 'id', order_dir: 'desc' });
    expect(arg('', { ...companies, perPage: 50, defaultSort: undefined })).toEqual({ page: 0, per_page: 50 });
  });

  it('ignores malformed paging and order values', () => {
    expect(arg('page=-1&per_page=0&order_dir=sideways')).toEqual({
      page: 0,
      per_page: 10,
      order_by: 'id',
      order_dir: 'desc',
    });
    expect(arg('page=abc&per_page=2.5')).toMatchObject({ page: 0, per_page: 10 });
  });

  it('an order_by without a direction sorts ascending', () => {
    expect(arg('order_by=name')).toMatchObject({ order_by: 'name', order_dir: 'asc' });
  });

  it('wraps text filters in wildcards, keeps selects, turns booleans into booleans and drops unknown keys', () => {
    expect(arg('name=*ac me*&status=hold&is_admin=true&secret=x&email=')).toEqual({
      page: 0,
      per_page: 10,
      order_by: 'id',
      order_dir: 'desc',
      name: '*ac me*',
      status: 'hold',
      is_admin: true,
    });
    expect(readFilters(companies, new URLSearchParams('is_admin=maybe&name=acme'))).toEqual({ name: 'acme' });
  });
});

describe('useListParams', () => {
  let api: ReturnType<typeof useListParams> | undefined;
  function Probe() {
    api = useListParams(companies);
    return <LocationProbe />;
  }
  const url = () => searchOf(screen.getByTestId('location').textContent);

  it('writes page, sort and filters to the URL and keeps unrelated params', () => {
    renderWithProviders(<Probe />, { route: '/list?tab=2' });
    act(() => api!.setPage(4, 20));
    expect(url().toString()).toBe('tab=2&page=4&per_page=20');
    act(() => api!.setSort('name', 'desc'));
    expect(url().get('page')).toBe('0');
    expect(api!.queryArg).toMatchObject({ order_by: 'name', order_dir: 'desc', per_page: 20 });
    act(() => api!.setFilters({ name: ' acme ', is_admin: false, status: '' }));
    expect(Object.fromEntries(url())).toEqual({
      tab: '2',
      page: '0',
      per_page: '20',
      order_by: 'name',
      order_dir: 'desc',
      name: 'acme',
      is_admin: 'false',
    });
    expect(api!.queryArg).toMatchObject({ name: '*acme*', is_admin: false });
    act(() => api!.setSort(undefined));
    expect(api!.queryArg).toMatchObject({ order_by: 'id', order_dir: 'desc' });
  });

  it('keeps both changes when a page is picked right after a sort, before a re-render', () => {
    renderWithProviders(<Probe />, { route: '/list' });
    act(() => {
      api!.setSort('name', 'asc');
      api!.setPage(2);
    });
    expect(Object.fromEntries(url())).toEqual({ order_by: 'name', order_dir: 'asc', page: '2' });
  });
});
