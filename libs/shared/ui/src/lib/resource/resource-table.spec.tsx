import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@smsc/shared-testing';
import type { SessionState } from '@smsc/shared-session';
import { ResourceTable, type ListQueryState } from './resource-table';
import type { ListQueryArg } from './types';
import { useListParams } from './use-list-params';
import { columnStorageKey } from './use-column-visibility';
import { densityStorageKey } from './use-list-density';
import { companies, LocationProbe, rows, searchOf, type Company } from './test-fixtures';

const page = (items: Company[], total = items.length, per_page = 10) => ({ items, total, per_page });

function ListPage(props: {
  result: ListQueryState<Company>;
  onDelete?: (row: Company) => Promise<unknown>;
  onDeleteMany?: (rows: Company[]) => Promise<unknown>;
}) {
  const { queryArg } = useListParams(companies);
  return (
    <>
      <output data-testid="query">{JSON.stringify(queryArg)}</output>
      <LocationProbe />
      <ResourceTable
        definition={companies}
        result={props.result}
        onDelete={props.onDelete}
        onDeleteMany={props.onDeleteMany}
        editPath={(r) => `/companies/${r.id}`}
        createPath="/companies/new"
      />
    </>
  );
}

jest.setTimeout(60_000);

const searchBox = (label: string) => within(screen.getByRole('search')).getByLabelText(label) as HTMLInputElement;
const query = () => JSON.parse(screen.getByTestId('query').textContent ?? '{}');
const url = () => searchOf(screen.getByTestId('location').textContent);

describe('ResourceTable', () => {
  it('renders rows and the default query arg: page 0, default per_page and order', () => {
    renderWithProviders(<ListPage result={{ data: page(rows) }} />);
    expect(screen.getByRole('heading', { name: 'Companies' })).toBeTruthy();
    expect(screen.getByText('Acme')).toBeTruthy();
    expect(screen.getByText('Globex')).toBeTruthy();
    expect(query()).toEqual({ page: 0, per_page: 10, order_by: 'id', order_dir: 'desc' });
  });

  it('restores paging, order and filters from the URL and wraps text filters in wildcards', () => {
    renderWithProviders(<ListPage result={{ data: page(rows, 100) }} />, {
      route: '/?page=2&per_page=20&order_by=name&order_dir=asc&name=acme&status=hold&is_admin=false',
    });
    expect(query()).toEqual({
      page: 2,
      per_page: 20,
      order_by: 'name',
      order_dir: 'asc',
      name: '*acme*',
      status: 'hold',
      is_admin: false,
    });
    expect(searchBox('Name').value).toBe('acme');
    // antd shows pages from 1: URL page 2 is the third page
    expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('3');
  });

  it('writes the 0-based page to the URL when an antd page is clicked', () => {
    renderWithProviders(<ListPage result={{ data: page(rows, 35) }} />);
    fireEvent.click(screen.getByTitle('2'));
    expect(url().get('page')).toBe('1');
    expect(query().page).toBe(1);
    fireEvent.click(screen.getByTitle('4'));
    expect(query().page).toBe(3);
  });

  it('sorting a column writes order_by/order_dir and goes back to page 0', () => {
    renderWithProviders(<ListPage result={{ data: page(rows, 35) }} />, { route: '/?page=2' });
    fireEvent.click(screen.getByRole('columnheader', { name: 'Name' }));
    expect(url().get('order_by')).toBe('name');
    expect(query()).toMatchObject({ page: 0, order_by: 'name', order_dir: 'asc' });
    fireEvent.click(screen.getByRole('columnheader', { name: 'Name' }));
    expect(query()).toMatchObject({ order_by: 'name', order_dir: 'desc' });
  });

  it('sorts from the keyboard: a focusable header and Enter', () => {
    renderWithProviders(<ListPage result={{ data: page(rows) }} />);
    const header = screen.getByRole('columnheader', { name: 'Name' });
    expect(header.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(header, { key: 'Enter', keyCode: 13 });
    expect(query()).toMatchObject({ order_by: 'name', order_dir: 'asc' });
  });

  it('the search form writes filters to the URL and sends text as *wildcards*', async () => {
    renderWithProviders(<ListPage result={{ data: page(rows, 35) }} />, { route: '/?page=3' });
    fireEvent.change(searchBox('Name'), { target: { value: 'acme' } });
    fireEvent.change(searchBox('Email'), { target: { value: ' ops ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(url().get('name')).toBe('acme'));
    expect(url().get('email')).toBe('ops');
    expect(query()).toMatchObject({ page: 0, name: '*acme*', email: '*ops*' });
    fireEvent.click(screen.getByRole('button', { name: /Reset/ }));
    await waitFor(() => expect(url().get('name')).toBeNull());
    expect(query().name).toBeUndefined();
  });

  it('shows No Data Found for an empty list', () => {
    renderWithProviders(<ListPage result={{ data: page([]) }} />);
    expect(screen.getByText('No Data Found')).toBeTruthy();
  });

  it('shows the server error message with a Retry that refetches', () => {
    const refetch = jest.fn();
    renderWithProviders(
      <ListPage result={{ error: { status: 500, data: { code: 'error', detail: 'Database down' } }, refetch }} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Database down');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('falls back to the generic message when the error has no body', () => {
    renderWithProviders(<ListPage result={{ error: { status: 'FETCH_ERROR', error: 'offline' } }} />);
    expect(screen.getByRole('alert').textContent).toContain('something went wrong!');
  });

  it('asks before deleting, then calls onDelete and shows a success toast', async () => {
    const onDelete = jest.fn().mockResolvedValue(undefined);
    const { store } = renderWithProviders(<ListPage result={{ data: page(rows) }} onDelete={onDelete} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Company 2' }));
    expect(onDelete).not.toHaveBeenCalled();
    expect((await screen.findAllByText('Delete this company?')).length).toBeGreaterThan(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    expect(onDelete).toHaveBeenCalledWith(rows[1]);
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Company deleted'));
    expect(store.getState().toast.current?.kind).toBe('success');
  });

  it('shows a failed delete as an error toast', async () => {
    const onDelete = jest.fn().mockRejectedValue({ status: 409, data: { code: 'error', detail: 'Company has users' } });
    const { store } = renderWithProviders(<ListPage result={{ data: page(rows) }} onDelete={onDelete} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Company 1' }));
    await screen.findAllByText('Delete this company?');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({ kind: 'error', text: 'Company has users' }),
    );
  });

  it('deletes the selected rows after one confirmation, with one toast', async () => {
    const onDelete = jest.fn().mockResolvedValue(undefined);
    const { store } = renderWithProviders(<ListPage result={{ data: page(rows) }} onDelete={onDelete} />);
    expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Company Acme' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Company Globex' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Delete selected/ }));
    expect((await screen.findAllByText('Delete 2 companies?')).length).toBeGreaterThan(0);
    expect(onDelete).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: '2 companies deleted' }),
    );
    expect(onDelete.mock.calls.map(([r]) => r.id)).toEqual([1, 2]);
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it('deletes the selection in one call when the resource has one, and keeps all of it selected when that call fails', async () => {
    const onDelete = jest.fn();
    const onDeleteMany = jest
      .fn()
      .mockRejectedValueOnce({
        status: 404,
        data: { code: 'error', detail: 'Number 2 not found; nothing was deleted' },
      })
      .mockResolvedValueOnce(undefined);
    const { store } = renderWithProviders(
      <ListPage result={{ data: page(rows) }} onDelete={onDelete} onDeleteMany={onDeleteMany} />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Company Acme' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Company Globex' }));
    fireEvent.click(screen.getByRole('button', { name: /Delete selected/ }));
    await screen.findAllByText('Delete 2 companies?');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        kind: 'error',
        text: 'Nothing was deleted: Number 2 not found; nothing was deleted',
      }),
    );
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Delete selected/ }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Delete' }).length).toBeGreaterThan(0));
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: '2 companies deleted' }),
    );
    expect(onDeleteMany.mock.calls.map(([rs]) => rs.map((r: Company) => r.id))).toEqual([
      [1, 2],
      [1, 2],
    ]);
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it('starts another page or search with nothing selected', async () => {
    renderWithProviders(<ListPage result={{ data: page(rows, 30) }} onDelete={jest.fn()} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Company Acme' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(query().page).toBe(1));
    expect(screen.queryByText(/selected$/)).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Select Company Acme' }) as HTMLInputElement).checked).toBe(false);
  });

  it('goes on past a failed delete, names it, and keeps it selected for another try', async () => {
    const onDelete = jest.fn((row: Company) =>
      row.id === 1
        ? Promise.reject({ status: 409, data: { code: 'error', detail: 'Company has users' } })
        : Promise.resolve(undefined),
    );
    const { store } = renderWithProviders(<ListPage result={{ data: page(rows) }} onDelete={onDelete} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Company Acme' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Company Globex' }));
    fireEvent.click(screen.getByRole('button', { name: /Delete selected/ }));
    await screen.findAllByText('Delete 2 companies?');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        kind: 'error',
        text: '1 of 2 companies deleted; Company 1: Company has users',
      }),
    );
    expect(onDelete).toHaveBeenCalledTimes(2);
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select Company Acme' }) as HTMLInputElement).checked).toBe(true);
  });

  it('hides create, edit and delete when access denies them', () => {
    renderWithProviders(
      <ResourceTable
        definition={companies}
        result={{ data: page(rows) }}
        access={{ create: false, edit: false, delete: false }}
        onDelete={jest.fn()}
        editPath={(r) => `/companies/${r.id}`}
        createPath="/companies/new"
      />,
    );
    expect(screen.queryByRole('button', { name: /New company/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Edit Company/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete Company/ })).toBeNull();
  });

  it('links each row to its edit path and navigates to the create path', () => {
    renderWithProviders(<ListPage result={{ data: page(rows) }} />, { route: '/companies' });
    expect(screen.getByRole('link', { name: 'Edit Company 1' }).getAttribute('href')).toBe('/companies/1');
    expect(screen.getByTestId('pathname').textContent).toBe('/companies');
    fireEvent.click(screen.getByRole('button', { name: /New company/ }));
    expect(screen.getByTestId('pathname').textContent).toBe('/companies/new');
  });

  it('exports every page of the current filter and order through fetchPage, visible columns only, as the list shows them', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const fetchPage = jest.fn(async (arg: ListQueryArg) => ({
      items: arg.page === 0 ? rows : [],
      total: 2,
      per_page: arg.per_page,
    }));
    const onExportCsv = jest.fn();
    renderWithProviders(
      <ResourceTable
        definition={companies}
        result={{ data: page([rows[1]], 2, 1) }}
        fetchPage={fetchPage}
        onExportCsv={onExportCsv}
      />,
      { route: '/?page=1&per_page=1&name=o&order_by=name&order_dir=asc' },
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Export CSV/ })));
    await waitFor(() => expect(onExportCsv).toHaveBeenCalled());
    expect(fetchPage).toHaveBeenCalledWith({
      page: 0,
      per_page: 1000,
      order_by: 'name',
      order_dir: 'asc',
      name: '*o*',
    });
    expect(onExportCsv.mock.calls[0][0]).toBe(
      'ID,Name,Email,Status,Admin\r\n1,Acme,ops@acme.test,Active,yes\r\n2,Globex,it@globex.test,On hold,no\r\n',
    );
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('remembers hidden columns per user email and resource', () => {
    const session: SessionState = {
      token: 't',
      userType: 'admin',
      exp: 9e9,
      email: 'ann@x.test',
      status: 'success',
      error: null,
    };
    const { unmount } = renderWithProviders(<ResourceTable definition={companies} result={{ data: page(rows) }} />, {
      preloadedState: { session },
    });
    expect(screen.getByRole('columnheader', { name: 'Email' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const panel = screen.getByRole('group', { name: 'Visible columns' });
    fireEvent.click(within(panel).getByLabelText('Email'));
    expect(screen.queryByRole('columnheader', { name: 'Email' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(columnStorageKey('ann@x.test', 'companies'))!)).toEqual(['email']);
    unmount();
    renderWithProviders(<ResourceTable definition={companies} result={{ data: page(rows) }} />, {
      preloadedState: { session },
    });
    expect(screen.queryByRole('columnheader', { name: 'Email' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
  });

  it('switches to compact rows and remembers the density per user email and resource', () => {
    const session: SessionState = {
      token: 't',
      userType: 'admin',
      exp: 9e9,
      email: 'bob@x.test',
      status: 'success',
      error: null,
    };
    const { container, unmount } = renderWithProviders(
      <ResourceTable definition={companies} result={{ data: page(rows) }} />,
      { preloadedState: { session } },
    );
    expect(container.querySelector('.ant-table-small')).toBeNull();
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Row density' })).getByText('Compact'));
    expect(container.querySelector('.ant-table-small')).not.toBeNull();
    expect(localStorage.getItem(densityStorageKey('bob@x.test', 'companies'))).toBe('compact');
    unmount();
    const again = renderWithProviders(<ResourceTable definition={companies} result={{ data: page(rows) }} />, {
      preloadedState: { session },
    });
    expect(again.container.querySelector('.ant-table-small')).not.toBeNull();
    again.unmount();
    // another user keeps the default
    const other = renderWithProviders(<ResourceTable definition={companies} result={{ data: page(rows) }} />, {
      preloadedState: { session: { ...session, email: 'cy@x.test' } },
    });
    expect(other.container.querySelector('.ant-table-small')).toBeNull();
  });

  it('keeps the actions column fixed at the right in plain and virtual lists', () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ ...rows[0], id: i + 1, name: `Co ${i + 1}` }));
    const plain = renderWithProviders(<ListPage result={{ data: page(rows) }} />);
    expect(plain.container.querySelector('th.ant-table-cell-fix-right, th.ant-table-cell-fix-end')?.textContent).toBe(
      'Actions',
    );
    plain.unmount();
    const virtual = renderWithProviders(<ListPage result={{ data: page(many, 1000, 200) }} />, {
      route: '/?per_page=200',
    });
    expect(virtual.container.querySelector('th.ant-table-cell-fix-right, th.ant-table-cell-fix-end')?.textContent).toBe(
      'Actions',
    );
  });

  it('virtualises rows in a fixed-height body when per_page is over 100', () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ ...rows[0], id: i + 1, name: `Co ${i + 1}` }));
    const { container } = renderWithProviders(<ListPage result={{ data: page(many, 1000, 200) }} />, {
      route: '/?per_page=200',
    });
    expect(query().per_page).toBe(200);
    expect(container.querySelector('.ant-table-wrapper .ant-table-virtual, .ant-table-virtual')).not.toBeNull();
  });

  it('uses a plain table for 100 rows or fewer', () => {
    const { container } = renderWithProviders(<ListPage result={{ data: page(rows) }} />, { route: '/?per_page=100' });
    expect(container.querySelector('.ant-table-virtual')).toBeNull();
  });
});
