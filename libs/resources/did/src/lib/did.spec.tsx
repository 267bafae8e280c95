import { fireEvent, screen, waitFor } from '@testing-library/react';
import { definitionFor } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { didDefinition, DID_ACCESS, formatDid } from './did.resource';
import { importDidRows } from './did-import';
import { BuyNumbers } from './buy-numbers';

describe('did resource', () => {
  it('shows NANP numbers and prices the way people read them', () => {
    expect(formatDid('+12125550100')).toBe('+1 212 555 0100');
    expect(formatDid('+442079460958')).toBe('+442079460958');
  });

  it('shows owners and provider fields only to roles holding their keys', () => {
    const company = definitionFor(didDefinition, []);
    expect(company.columns.map((c) => c.key)).not.toContain('reseller_name');
    expect(company.formFields.map((f) => f.name)).toEqual(['did', 'description']);
    const admin = definitionFor(didDefinition, [DID_ACCESS.company, DID_ACCESS.reseller, DID_ACCESS.provider]);
    expect(admin.columns.map((c) => c.key)).toEqual(expect.arrayContaining(['company_name', 'reseller_name']));
    expect(admin.formFields.map((f) => f.name)).toContain('monthly_price');
  });

  it('sends an import as one CSV and reports each line the server imported', async () => {
    const send = jest.fn(async () => ({
      imported: 2,
      lines: [
        { line: 2, did: '+12125550101' },
        { line: 3, did: '+12125550102' },
      ],
    }));
    const out = await importDidRows(send, [
      { did: '212 555 0101', description: 'a, b' },
      { did: '2125550102', description: '' },
    ]);
    expect(send).toHaveBeenCalledWith('did,description\n212 555 0101,"a, b"\n2125550102,\n');
    expect(out.results).toEqual([
      { row: 0, ok: true, message: '+12125550101' },
      { row: 1, ok: true, message: '+12125550102' },
    ]);
  });
});

describe('BuyNumbers', () => {
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path, query }) => {
      const json = (body: unknown, status = 200) => ({ status, body });
      if (path.endsWith('/state/list'))
        return json({ items: [{ code: 'NY', name: 'New York', country: 'US', npa_count: 20 }], total: 1, per_page: 1 });
      if (path.endsWith('/did/search')) {
        const npa = query.get('npa') ?? '212';
        return json({
          items: ['2301', '2302'].map((l) => ({
            did: `+1${npa}555${l}`,
            area_code: npa,
            state: 'NY',
            place: 'New York, NY',
            is_toll_free: false,
            monthly_price: '1.0000',
            capabilities: { sms: true, mms: l === '2301', voice: true },
          })),
        });
      }
      if (path.endsWith('/did/order')) return json({ items: [] }, 201);
      return json({ code: 'error', detail: 'unexpected' }, 500);
    });
  });
  afterAll(() => api.restore());

  it('searches as the area code is typed, totals the monthly price, asks to confirm the charge and orders the picks in one call with an Idempotency-Key', async () => {
    renderWithProviders(<BuyNumbers tollFree={false} doneTo="/done" />);
    fireEvent.change(screen.getByLabelText('Area code'), { target: { value: '718' } });
    expect(await screen.findByText('+1 718 555 2301', {}, { timeout: 30_000 })).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/did/search' && `?${c.query}`.startsWith('?npa=718'))).toBe(true);
    // each result says what the number can do
    expect(screen.getByRole('columnheader', { name: 'Can do' })).toBeTruthy();
    expect(screen.getByText('SMS · MMS · Voice')).toBeTruthy();
    expect(screen.getByText('SMS · Voice')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Pick +1 718 555 2301'));
    fireEvent.click(screen.getByLabelText('Pick +1 718 555 2302'));
    expect(screen.getByTestId('order-total').textContent).toBe('USD 2.00 per month');
    fireEvent.click(screen.getByRole('button', { name: 'Order 2 numbers' }));
    // nothing is ordered before the person confirms the price, now and monthly
    expect((await screen.findByTestId('order-confirm', {}, { timeout: 30_000 })).textContent).toBe(
      'USD 2.00 is charged to your balance now (the first month), then USD 2.00 per month.',
    );
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Order and pay' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')).toBeTruthy(), { timeout: 30_000 });
    const order = api.calls.find((c) => c.method === 'POST')!;
    expect(order.path).toMatch(/\/did\/order$/);
    expect(order.body).toEqual({ numbers: ['+17185552301', '+17185552302'] });
    expect(order.headers.get('idempotency-key')).toMatch(/.{8,}/);
  }, 90_000);
});
