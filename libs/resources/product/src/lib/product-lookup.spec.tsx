import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ResourceRoot, resourceRoutes } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { productBundle } from './product.resource';
import { productAccess, productPages } from './product-pages';

// Issue 49 item 5: a product's number lookup is switched on and off (and its lookup price set) by clicks in the
// system admin's product form: Products → SMS routes → Edit.
const ID = '00000000-0000-4000-8000-0000000000a1';
const product = {
  product_uuid: ID,
  product_name: 'Standard',
  status: 'active',
  rate_table_uuid: null,
  rate_table_name: null,
  routing_uuid: null,
  routing_name: null,
  reseller_uuid: null,
  number_lookup: false,
  lookup_cost: null,
  company_count: 1,
  created_on: '2026-11-01T00:00:00Z',
};

describe('product form: number lookup', () => {
  jest.setTimeout(300_000);
  let api: ReturnType<typeof stubApi>;
  let stored = { ...product };
  beforeAll(() => {
    api = stubApi(({ method, path, body }) => {
      if (path === `/product/${ID}` && method === 'GET') return { body: stored };
      if (path === `/product/${ID}` && method === 'PATCH') {
        stored = { ...stored, ...(body as object) };
        return { body: stored };
      }
      if (path === '/product/list') return { body: { items: [stored], total: 1, per_page: 10 } };
      if (path === '/rate_table/list' || path === '/routing/list')
        return { body: { items: [], total: 0, per_page: 1000 } };
      return { status: 404, body: { code: 'not_found', detail: 'not found' } };
    });
  });
  afterAll(() => api.restore());

  const open = (path: string) => {
    const router = createMemoryRouter(
      [
        {
          path: '/system-admin',
          element: <ResourceRoot />,
          children: [resourceRoutes(productBundle, productAccess({}), productPages(true))],
        },
      ],
      { initialEntries: [path] },
    );
    renderWithProviders(<RouterProvider router={router} />, { withRouter: false });
  };

  it('turns number lookup on with a price of its own, and the list says On', async () => {
    open(`/system-admin/product/sms-routes/edit-product/${ID}`);
    const lookup = await screen.findByRole('switch', { name: 'Number lookup' }, { timeout: 60_000 });
    // the state's word sits beside the switch (inside it, antd's white on grey failed the contrast check)
    const word = () => lookup.parentElement?.textContent;
    expect(lookup.getAttribute('aria-checked')).toBe('false');
    expect(word()).toBe('Off');
    await act(async () => fireEvent.click(lookup));
    expect(lookup.getAttribute('aria-checked')).toBe('true');
    expect(word()).toBe('On');
    fireEvent.change(screen.getByLabelText('Lookup cost (USD)'), { target: { value: 'cheap' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('Lookup cost: a price like 0.0005 (up to 6 decimals)')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.change(screen.getByLabelText('Lookup cost (USD)'), { target: { value: '0.0008' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      number_lookup: true,
      lookup_cost: '0.0008',
    });

    // the list, opened afresh, says it
    cleanup();
    open('/system-admin/product/sms-routes');
    const row = await screen.findByRole('row', { name: /Standard/ }, { timeout: 30_000 });
    expect(row.textContent).toContain('On');
  });
});
