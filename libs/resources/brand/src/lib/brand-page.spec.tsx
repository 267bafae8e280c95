import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import type { Brand, BrandDomain } from '@smsc/shared-contract';
import type { SessionState } from '@smsc/shared-session';
import { BrandPage } from './brand-page';

const RESELLER = '00000000-0000-4000-8000-0000000000b1';
const session: { session: SessionState } = {
  session: {
    token: 't',
    userType: 'reseller',
    exp: 4_000_000_000,
    email: 'r@example.com',
    status: 'success',
    error: null,
  },
};
const brand: Brand = {
  reseller_uuid: RESELLER,
  name: 'SMSC Console',
  primary_color: '#0958d9',
  mail_from_name: null,
  mail_from_address: null,
  support_email: null,
  support_phone: null,
  legal_footer: null,
  logo_url: null,
  favicon_url: null,
  is_default: true,
  updated_on: null,
};

describe('the Brand screen', () => {
  // the first render loads antd; at load it takes seconds
  jest.setTimeout(120_000);
  let api: ReturnType<typeof stubApi>;
  const domains: BrandDomain[] = [];
  beforeEach(() => {
    api = stubApi(({ path, method, body }) => {
      if (path.endsWith('/brand') && method === 'GET') return { status: 200, body: brand };
      if (path.endsWith('/brand') && method === 'PUT')
        return { status: 200, body: { ...brand, ...(body as object), is_default: false } };
      if (path.endsWith('/brand/domain/list'))
        return { status: 200, body: { items: domains, total: domains.length, per_page: 10 } };
      if (path.endsWith('/brand/domain') && method === 'POST') {
        const host = (body as { host: string }).host;
        const d: BrandDomain = {
          domain_uuid: '00000000-0000-4000-8000-0000000000d1',
          reseller_uuid: RESELLER,
          host,
          txt_name: `_smsc-verify.${host}`,
          txt_value: 'smsc-verify=abc123',
          status: 'pending',
          verified_on: null,
          last_check: null,
          created_on: '2026-12-06T10:00:00.000Z',
        };
        domains.push(d);
        return { status: 201, body: d };
      }
      if (path.endsWith('/verify')) {
        // no record published: the domain stays pending with what the lookup found
        domains[0] = { ...domains[0], last_check: 'No TXT record found yet' };
        return { status: 200, body: domains[0] };
      }
      return { status: 404, body: { error: { message: 'not found' } } };
    });
  });
  afterEach(() => api.restore());

  it('previews the brand as typed, refuses a colour white text cannot be read on, and saves the brand', async () => {
    renderWithProviders(<BrandPage domains />, { preloadedState: session });
    const name = (await screen.findByLabelText('Brand name', undefined, { timeout: 30_000 })) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('SMSC Console'));
    const preview = screen.getByTestId('brand-preview');
    fireEvent.change(name, { target: { value: 'Nimbus Texts' } });
    // one card per theme, light and dark
    await waitFor(() => expect(within(preview).getAllByText('Sign in to Nimbus Texts')).toHaveLength(2));

    const colour = screen.getByLabelText('Primary colour');
    fireEvent.change(colour, { target: { value: '#ffd666' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save brand' })));
    expect(await screen.findByText(/White text on this colour is 1\.\d:1/)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(colour, { target: { value: '#7a1f5c' } });
    fireEvent.change(screen.getByLabelText('Support e-mail'), { target: { value: 'help@nimbus.example' } });
    fireEvent.change(screen.getByLabelText('Legal footer'), { target: { value: 'Nimbus Texts Ltd' } });
    expect(await within(preview).findAllByText(/help@nimbus\.example/)).toHaveLength(2);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save brand' })));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Nimbus Texts',
      primary_color: '#7a1f5c',
      mail_from_name: null,
      mail_from_address: null,
      support_email: 'help@nimbus.example',
      support_phone: null,
      legal_footer: 'Nimbus Texts Ltd',
    });
  });

  it("opens and saves a named reseller's brand for the system admin, saying when it has none", async () => {
    const admin = { session: { ...session.session, userType: 'admin' as const } };
    renderWithProviders(<BrandPage reseller={RESELLER} picker={<p>whose brand</p>} />, { preloadedState: admin });
    expect(await screen.findByText(/This reseller has no brand yet/, undefined, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('whose brand')).toBeTruthy();
    const read = api.calls.find((c) => c.method === 'GET' && c.path.endsWith('/brand'));
    expect(read?.query.get('reseller_uuid')).toBe(RESELLER);
    fireEvent.change(screen.getByLabelText('Brand name'), { target: { value: 'Nimbus Texts' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save brand' })));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT');
    expect([put?.query.get('reseller_uuid'), (put?.body as { name: string }).name]).toEqual([RESELLER, 'Nimbus Texts']);
  });

  it('adds a domain, shows the TXT record to create and what a verification found', async () => {
    renderWithProviders(<BrandPage domains />, { preloadedState: session });
    const host = await screen.findByLabelText('Host name', undefined, { timeout: 30_000 });
    fireEvent.change(host, { target: { value: 'sms.nimbus.com' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add domain' })));
    expect(await screen.findByText('_smsc-verify.sms.nimbus.com')).toBeTruthy();
    expect(screen.getByText('smsc-verify=abc123')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify sms.nimbus.com' })));
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/verify'))).toBe(true));
    // the list is fetched again after the check (a loaded machine takes its time)
    await waitFor(() => expect(screen.getByRole('table').textContent).toContain('No TXT record found yet'), {
      timeout: 10_000,
    });
  });
});
