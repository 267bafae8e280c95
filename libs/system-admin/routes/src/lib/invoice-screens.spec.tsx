import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { RoleRoutes, withLoadedAreas } from '@smsc/shared-ui';
import { renderWithProviders } from '@smsc/shared-testing';
import { lastMonth, pdfDownload } from '@smsc/resource-billing';
import { systemAdminModule } from './routes';

const INVOICE = {
  invoice_uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  number: 'INV-000007',
  issuer_name: 'system',
  company_uuid: '11111111-1111-4111-8111-111111111111',
  company_name: 'Globex',
  reseller_uuid: null,
  reseller_name: null,
  period_start: '2026-03-01',
  period_end: '2026-03-31',
  issued_on: '2026-04-01T09:00:00.000Z',
  due_on: '2026-04-11',
  currency: 'USD',
  total: '12.507',
  payments_received: '0.00',
  line_count: 2,
  paid: false,
  paid_on: null,
  status: 'overdue',
};

describe('system admin invoice screens', () => {
  beforeAll(() => withLoadedAreas(systemAdminModule));
  const realFetch = globalThis.fetch;
  const RealRequest = globalThis.Request;
  const realSave = pdfDownload.save;
  const realCreateUrl = URL.createObjectURL;
  const seen: { path: string; query: string; body?: unknown }[] = [];
  const save = jest.fn();
  let createAnswer: { status: number; body: unknown } = { status: 201, body: { invoice: { ...INVOICE, lines: [] } } };
  beforeAll(() => {
    globalThis.Request = class extends RealRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://localhost').href : input, init);
      }
    } as typeof Request;
    globalThis.fetch = jest.fn(async (req: Request) => {
      const url = new URL(req.url);
      seen.push({ path: url.pathname, query: url.search, body: req.method === 'POST' ? await req.json() : undefined });
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname.endsWith('/invoice/list'))
        return json({ items: url.searchParams.get('status') === 'paid' ? [] : [INVOICE], total: 1, per_page: 10 });
      if (url.pathname.endsWith(`/invoice/${INVOICE.invoice_uuid}/pdf`))
        return new Response(new Blob(['%PDF-1.3 test']), {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        });
      if (url.pathname.endsWith('/invoice') && req.method === 'POST')
        return json(createAnswer.body, createAnswer.status);
      if (url.pathname.endsWith('/company/list')) return json({ items: [], total: 0, per_page: 1000 });
      if (url.pathname.endsWith('/reseller/list')) return json({ items: [], total: 0, per_page: 1000 });
      return json({ code: 'error', detail: 'unexpected' }, 500);
    }) as typeof fetch;
    pdfDownload.save = save;
    URL.createObjectURL = jest.fn(() => 'blob:invoice-pdf');
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
    globalThis.Request = RealRequest;
    pdfDownload.save = realSave;
    URL.createObjectURL = realCreateUrl;
  });
  const at = (route: string) =>
    renderWithProviders(
      <Routes>
        <Route path="/system-admin/*" element={<RoleRoutes module={systemAdminModule} />} />
      </Routes>,
      { route },
    );

  it("lists invoices with money, period and status, sends the URL's status filter, and downloads a PDF with a toast", async () => {
    const { unmount } = at('/system-admin/billing/invoices?status=paid');
    await waitFor(
      () => expect(seen.some((s) => s.path.endsWith('/invoice/list') && s.query.includes('status=paid'))).toBe(true),
      { timeout: 10_000 },
    );
    expect(seen.find((s) => s.path.endsWith('/invoice/list'))?.query).toMatch(/page=0&per_page=10/);
    expect(screen.queryByText('INV-000007')).toBeNull();
    unmount();

    const { store } = at('/system-admin/billing/invoices');
    const cell = await screen.findByText('INV-000007', {}, { timeout: 10_000 });
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByText('Globex')).toBeTruthy();
    expect(within(row).getByText('USD 12.507')).toBeTruthy();
    expect(within(row).getByText('2026-03-01 – 2026-03-31')).toBeTruthy();
    expect(within(row).getByText('Overdue')).toBeTruthy();
    // the list leads to add-invoice
    expect(screen.getByRole('button', { name: /New invoice/ })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'PDF of invoice INV-000007' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('blob:invoice-pdf', 'invoice-INV-000007.pdf'), {
      timeout: 10_000,
    });
    expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'Invoice INV-000007 downloaded' });
  }, 30_000);

  it("add-invoice sends the period and the server's refusal lands on its field; a valid one returns to the list with a toast", async () => {
    const { store } = at('/system-admin/billing/add-invoice');
    // the period is picked on calendars (no YYYY-MM-DD typing), prefilled with the last whole month
    const from = (await screen.findByLabelText('Period from', {}, { timeout: 10_000 })) as HTMLInputElement;
    const to = screen.getByLabelText('Period to') as HTMLInputElement;
    expect(from.closest('.ant-picker')).not.toBeNull();
    expect(to.closest('.ant-picker')).not.toBeNull();
    const month = lastMonth();
    expect([from.value, to.value]).toEqual([month.period_start, month.period_end]);
    expect(screen.queryByText(/YYYY-MM-DD/)).toBeNull();

    createAnswer = {
      status: 400,
      body: { errors: [{ field: 'company_uuid', code: 'invalid', detail: 'Choose a company or a reseller' }] },
    };
    fireEvent.click(screen.getByRole('button', { name: /Create invoice/ }));
    expect(await screen.findByText('Choose a company or a reseller', {}, { timeout: 10_000 })).toBeTruthy();
    expect(seen.filter((s) => s.path.endsWith('/invoice')).map((s) => s.body)).toEqual([month]);

    createAnswer = { status: 201, body: { invoice: { ...INVOICE, lines: [] } } };
    fireEvent.click(screen.getByRole('button', { name: /Create invoice/ }));
    await waitFor(() => expect(store.getState().toast.current?.text).toMatch(/Invoice created/), { timeout: 10_000 });
    expect(await screen.findByText('INV-000007', {}, { timeout: 10_000 })).toBeTruthy();
  }, 40_000);
});
