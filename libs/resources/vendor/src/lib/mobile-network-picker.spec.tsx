import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { MobileNetwork } from '@smsc/shared-contract';
import { ResourceForm } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { vendorProductBundle, vendorProductDefinition } from './vendor-product.resource';

const net = (over: Partial<MobileNetwork>): MobileNetwork => ({
  mobile_network_uuid: '00000000-0000-4000-8000-000000000001',
  mcc: '262',
  mnc: '02',
  network_name: 'Vodafone',
  operator: 'Vodafone GmbH',
  country_name: 'Germany',
  iso2: 'DE',
  iso3: 'DEU',
  status: 'Operational',
  ...over,
});
const VODAFONE = net({});
const TELEKOM = net({
  mobile_network_uuid: '00000000-0000-4000-8000-000000000002',
  mnc: '01',
  network_name: 'Telekom',
  operator: 'Telekom Deutschland GmbH',
});
const VENDOR = '00000000-0000-4000-8000-0000000000aa';

describe('mobile-network picker in the vendor product form', () => {
  // the first render loads antd; at load it takes seconds
  jest.setTimeout(90_000);
  let api: ReturnType<typeof stubApi>;
  /** what each mobile-network search asked for */
  const searches = () =>
    api.calls.filter((c) => c.path.endsWith('/mobile_network/list')).map((c) => c.query.get('search') ?? '');
  beforeAll(() => {
    api = stubApi(({ path, query }) => {
      const json = (body: unknown, status = 200) => ({ status, body });
      if (path.endsWith('/vendor/list'))
        return json({ items: [{ vendor_uuid: VENDOR, vendor_name: 'Route Co' }], total: 1, per_page: 1000 });
      if (path.endsWith('/mobile_network/list')) {
        const search = query.get('search') ?? '';
        const items = [VODAFONE, TELEKOM].filter((n) =>
          search
            .split(/\s+/)
            .every((w) => `${n.country_name} ${n.network_name}`.toLowerCase().includes(w.toLowerCase())),
        );
        return json({ items, total: items.length, per_page: 20 });
      }
      if (path.endsWith(`/mobile_network/${TELEKOM.mobile_network_uuid}`)) return json(TELEKOM);
      return json({ code: 'error', detail: 'not found' }, 404);
    });
  });
  afterAll(() => api.restore());

  it("searches the server as you type and sends the chosen network's id", async () => {
    const onSubmit = jest.fn().mockResolvedValue({});
    renderWithProviders(
      <ResourceForm
        definition={vendorProductDefinition}
        mode="create"
        initialValues={{ vendor_uuid: VENDOR, type: 'sms', status: 'active' }}
        onSubmit={onSubmit}
        onDone={jest.fn()}
      />,
    );
    fireEvent.change(screen.getByLabelText('Vendor product name'), { target: { value: 'Route Co Germany' } });
    const picker = screen.getByLabelText('Mobile network');
    expect(screen.queryByText(/Germany · /)).toBeNull();
    fireEvent.change(picker, { target: { value: 'germ voda' } });
    const option = await screen.findByText('Germany · Vodafone (Vodafone GmbH) · 262-02', undefined, {
      timeout: 30_000,
    });
    // one request after typing paused, with what was typed
    expect(searches()).toEqual(['germ voda']);
    expect(screen.queryByText(/Telekom/)).toBeNull();
    await act(async () => fireEvent.click(option));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Create vendor product/ })));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const values = onSubmit.mock.calls[0][0];
    expect(values).toMatchObject({ mobile_network_uuid: VODAFONE.mobile_network_uuid });
    expect(vendorProductBundle.toCreate?.(values)).toEqual({
      vendor_uuid: VENDOR,
      vendor_product_name: 'Route Co Germany',
      type: 'sms',
      status: 'active',
      mobile_network_uuid: VODAFONE.mobile_network_uuid,
    });
    // left empty: any network
    expect(
      vendorProductBundle.toPatch?.({ vendor_product_name: 'x', type: 'sms', status: 'active' }, undefined as never),
    ).toMatchObject({ mobile_network_uuid: null });
  });

  it('shows a stored choice by its name in the edit form, not by its id', async () => {
    renderWithProviders(
      <ResourceForm
        definition={vendorProductDefinition}
        mode="edit"
        initialValues={{
          vendor_product_name: 'DE only',
          type: 'sms',
          status: 'active',
          mobile_network_uuid: TELEKOM.mobile_network_uuid,
        }}
        onSubmit={jest.fn()}
        onDone={jest.fn()}
      />,
    );
    expect(
      await screen.findByText('Germany · Telekom (Telekom Deutschland GmbH) · 262-01', undefined, { timeout: 30_000 }),
    ).toBeTruthy();
    expect(screen.queryByText(TELEKOM.mobile_network_uuid)).toBeNull();
  });
});
