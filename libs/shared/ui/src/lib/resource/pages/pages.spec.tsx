import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useRoutes, type RouteObject } from 'react-router';
import { renderWithProviders } from '@smsc/shared-testing';
import { innermostTitle } from '../../role-routes';
import type { ListQueryArg, ResourceDefinition } from '../types';
import type { FormValues } from '../resource-form';
import { companies, rows, type Company } from '../test-fixtures';
import { resourceRoutes } from './resource-routes';
import { ListPage } from './list-page';
import type { ResourceBundle, ResourcePages, RoleAccess } from './types';

jest.setTimeout(60_000);

const definition: ResourceDefinition<Company> = {
  ...companies,
  columns: [...companies.columns, { key: 'email', title: 'Secret', access: 'company.secret' }].map((c, i) =>
    i === 5 ? { ...c, key: 'secret' } : c,
  ),
  formFields: [
    ...companies.formFields.filter((f) => f.name !== 'password'),
    { name: 'owner', label: 'Owner', kind: 'text', access: 'company.owner' },
  ],
};

function makeBundle() {
  const calls = { list: [] as ListQueryArg[], create: jest.fn(), update: jest.fn(), remove: jest.fn() };
  const answer = (fn: jest.Mock) => (arg: unknown) => {
    fn(arg);
    return { unwrap: () => Promise.resolve({}) };
  };
  const bundle: ResourceBundle<Company, FormValues, FormValues> = {
    definition,
    useList: (arg) => {
      calls.list.push(arg);
      return { data: { items: rows, total: rows.length, per_page: 10 } };
    },
    useGet: (id) =>
      id === 'missing'
        ? { error: { status: 404, data: { code: 'error', detail: 'Company not found' } } }
        : { data: rows.find((r) => String(r.id) === id) },
    useCreate: () => [answer(calls.create), { isLoading: false }] as const,
    useUpdate: () => [answer(calls.update), { isLoading: false }] as const,
    useDelete: () => [answer(calls.remove), { isLoading: false }] as const,
    toCreate: (v) => ({ ...v, source: 'form' }),
  };
  return { bundle, calls };
}

const pages: ResourcePages<Company> = {
  path: 'companies',
  redirectTo: 'company-list',
  list: { path: 'company-list', title: 'Company list' },
  create: { path: 'add-company', title: 'Add company' },
  edit: { path: 'edit-company/:id', title: 'Edit company' },
  details: { path: 'company/:id', title: 'Company details' },
  rowLinks: [
    { label: 'Accounts', to: (r) => `company-accounts/${r.id}` },
    { label: 'Secret', to: () => 'x', access: 'company.secret' },
  ],
};

function renderArea(route: string, access: RoleAccess = {}, bundle = makeBundle().bundle, p = pages) {
  const table: RouteObject[] = [resourceRoutes(bundle, access, p)];
  function Area() {
    return useRoutes([...table, { path: '*', element: <p>elsewhere</p> }]);
  }
  const router = createMemoryRouter([{ path: '/area/*', element: <Area /> }], { initialEntries: [route] });
  const rendered = renderWithProviders(<RouterProvider router={router} />, { withRouter: false });
  const title = () =>
    innermostTitle({ basePath: '/area', title: 'Area', menu: [], routes: table }, router.state.location.pathname);
  return { ...rendered, router, title };
}

describe('resourceRoutes and the generic pages', () => {
  it('redirects the root to the list, titles it and sends the URL query to the list hook', async () => {
    const { bundle, calls } = makeBundle();
    const { router, title } = renderArea('/area/companies', {}, bundle);
    await waitFor(() => expect(router.state.location.pathname).toBe('/area/companies/company-list'));
    expect(title()).toBe('Company list');
    expect(screen.getByText('Acme')).toBeTruthy();
    expect(calls.list.at(-1)).toEqual({ page: 0, per_page: 10, order_by: 'id', order_dir: 'desc' });
  });

  it('adds fixed list filters to every list call', () => {
    const { bundle, calls } = makeBundle();
    renderArea('/area/companies/company-list?name=ac', {}, bundle, { ...pages, listArg: { payment_term_uuid: 'p1' } });
    expect(calls.list.at(-1)).toMatchObject({ name: '*ac*', payment_term_uuid: 'p1' });
  });

  it('exports through the lazy list of the bundle, fixed filters added', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { bundle } = makeBundle();
    const read = jest.fn((arg: ListQueryArg) => ({
      unwrap: () => Promise.resolve({ items: rows, total: 12, per_page: arg.per_page }),
    }));
    const lazy = {
      ...bundle,
      useLazyList: () => [read] as const,
      useList: () => ({ data: { items: rows, total: 12, per_page: 10 } }),
    };
    const { store } = renderArea('/area/companies/company-list?name=ac', {}, lazy, {
      ...pages,
      listArg: { payment_term_uuid: 'p1' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Export CSV/ })));
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Exported 2 companies'));
    expect(read).toHaveBeenCalledWith({
      page: 0,
      per_page: 1000,
      order_by: 'id',
      order_dir: 'desc',
      name: '*ac*',
      payment_term_uuid: 'p1',
    });
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('links create, edit, details and row links below the resource root', async () => {
    const { router } = renderArea('/area/companies/company-list');
    expect(screen.getByRole('link', { name: 'Edit Company 2' }).getAttribute('href')).toBe(
      '/area/companies/edit-company/2',
    );
    expect(screen.getByRole('link', { name: 'View Company 2' }).getAttribute('href')).toBe('/area/companies/company/2');
    expect(screen.getByRole('link', { name: 'Accounts of Company 1' }).getAttribute('href')).toBe(
      '/area/companies/company-accounts/1',
    );
    fireEvent.click(screen.getByRole('button', { name: /New company/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/area/companies/add-company'));
  });

  it('creates through toCreate, toasts and returns to the list', async () => {
    const { bundle, calls } = makeBundle();
    const { router, store, title } = renderArea('/area/companies/add-company', {}, bundle);
    expect(title()).toBe('Add company');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Initech' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'it@initech.test' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Create company/ })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/area/companies/company-list'));
    expect(calls.create).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Initech', email: 'it@initech.test', source: 'form' }),
    );
    expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'Company created' });
  });

  it('with openCreated, a created record opens on its own edit page (its id from the answer), not the list', async () => {
    const { bundle } = makeBundle();
    const withAnswer = {
      ...bundle,
      useCreate: () => [() => ({ unwrap: () => Promise.resolve({ id: 2, name: 'Globex' }) }), {}] as const,
    };
    const { router } = renderArea('/area/companies/add-company', {}, withAnswer, { ...pages, openCreated: true });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Globex' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'it@globex.test' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Create company/ })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/area/companies/edit-company/2'));
  });

  it('edits: loads the record into the form and saves { id, body } with the patch call', async () => {
    const { bundle, calls } = makeBundle();
    const { router, store, title } = renderArea('/area/companies/edit-company/2', {}, bundle);
    expect(title()).toBe('Edit company');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Globex');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Globex 2' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/area/companies/company-list'));
    expect(calls.update).toHaveBeenCalledWith({
      id: '2',
      body: expect.objectContaining({ name: 'Globex 2', email: 'it@globex.test' }),
    });
    expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'Company saved' });
  });

  it('shows a not-found screen for a record the server does not give', async () => {
    renderArea('/area/companies/edit-company/missing');
    expect(await screen.findByText('Company not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows a record on the details page with an Edit button', async () => {
    const { router, title } = renderArea('/area/companies/company/1');
    expect(title()).toBe('Company details');
    expect(screen.getByText('ops@acme.test')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/area/companies/edit-company/1'));
  });

  it('deletes a row by its id', async () => {
    const { bundle, calls } = makeBundle();
    renderArea('/area/companies/company-list', {}, bundle);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Company 2' }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Delete' })));
    expect(calls.remove).toHaveBeenCalledWith('2');
  });

  it('role access: no create/edit/delete when denied, and no pages for them either', () => {
    renderArea('/area/companies/company-list', { create: false, edit: false, delete: false });
    expect(screen.queryByRole('button', { name: /New company/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Edit Company/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete Company/ })).toBeNull();
  });

  it('a denied page path is not mounted', () => {
    renderArea('/area/companies/add-company', { create: false });
    expect(screen.getByText('elsewhere')).toBeTruthy();
  });

  it('access keys: columns, form fields and row links with a key show only to roles holding it', () => {
    const first = renderArea('/area/companies/company-list');
    expect(screen.queryByRole('columnheader', { name: 'Secret' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Secret of/ })).toBeNull();
    first.unmount();
    const second = renderArea('/area/companies/company-list', { keys: ['company.secret'] });
    expect(screen.getByRole('columnheader', { name: 'Secret' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^Secret of/ })).toHaveLength(2);
    second.unmount();
    renderArea('/area/companies/edit-company/1');
    expect(screen.queryByLabelText('Owner')).toBeNull();
  });

  it('mounts the list on the root itself when its path is empty', () => {
    const { title } = renderArea('/area/companies', {}, makeBundle().bundle, {
      path: 'companies',
      list: { path: '', title: 'Users' },
      edit: { path: 'edit/:id', title: 'Edit' },
    });
    expect(title()).toBe('Users');
    expect(screen.getByRole('link', { name: 'Edit Company 1' }).getAttribute('href')).toBe('/area/companies/edit/1');
  });

  it('two sibling routes of the list page with bundles of different hooks: moving between them remounts the page', async () => {
    // one bundle's delete call is a real hook (state inside), the other has none: React reusing one page for both
    // would call a different number of hooks on the same component and throw
    const withDelete: ResourceBundle<Company, FormValues, FormValues> = {
      ...makeBundle().bundle,
      useDelete: () => {
        useState(0);
        return [() => ({ unwrap: () => Promise.resolve({}) }), { isLoading: false }] as const;
      },
    };
    const other = { ...definition, name: 'others', plural: 'Others' };
    const readOnly: ResourceBundle<Company, FormValues, FormValues> = {
      definition: other,
      useList: () => ({ data: { items: rows.slice(0, 1), total: 1, per_page: 10 } }),
    };
    const router = createMemoryRouter(
      [
        { path: '/area/one', element: <ListPage bundle={withDelete} /> },
        { path: '/area/two', element: <ListPage bundle={readOnly} /> },
      ],
      { initialEntries: ['/area/one'] },
    );
    renderWithProviders(<RouterProvider router={router} />, { withRouter: false });
    expect(await screen.findAllByRole('row')).toHaveLength(rows.length + 1);
    await act(() => router.navigate('/area/two'));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    await act(() => router.navigate('/area/one'));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(rows.length + 1));
  });
});
