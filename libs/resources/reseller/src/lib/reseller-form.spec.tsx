import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ResourceForm } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { resellerBundle, resellerDefinition } from './reseller.resource';

const PLATFORM = '00000000-0000-4000-8000-0000000000a1';
const RESELLERS_OWN = '00000000-0000-4000-8000-0000000000a2';
const product = (product_uuid: string, product_name: string, reseller_uuid: string | null) => ({
  product_uuid,
  product_name,
  status: 'active',
  rate_table_uuid: null,
  rate_table_name: null,
  routing_uuid: null,
  routing_name: null,
  reseller_uuid,
  company_count: 0,
  created_on: '2026-11-01T00:00:00.000Z',
});

describe("the reseller form's wholesale product", () => {
  // the first render loads antd; at load it takes seconds
  jest.setTimeout(120_000);
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path }) => {
      if (path.endsWith('/product/list'))
        return {
          status: 200,
          body: {
            items: [
              product(RESELLERS_OWN, 'Reseller Standard', '00000000-0000-4000-8000-0000000000f1'),
              product(PLATFORM, 'Wholesale', null),
            ],
            total: 2,
            per_page: 1000,
          },
        };
      return { status: 404, body: { code: 'error', detail: 'not found' } };
    });
  });
  afterAll(() => api.restore());

  it("offers the platform's products only and sends the one chosen", async () => {
    const onSubmit = jest.fn().mockResolvedValue({});
    renderWithProviders(
      <ResourceForm definition={resellerDefinition} mode="create" onSubmit={onSubmit} onDone={jest.fn()} />,
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'North' } });
    const picker = screen.getByLabelText('Wholesale product');
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/product/list'))).toBe(true));
    fireEvent.mouseDown(picker);
    const option = await screen.findByTitle('Wholesale', undefined, { timeout: 30_000 });
    expect(screen.queryByTitle('Reseller Standard')).toBeNull();
    await act(async () => fireEvent.click(option));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Create reseller/ })));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(resellerBundle.toCreate?.(onSubmit.mock.calls[0][0])).toEqual({
      reseller_name: 'North',
      platform_product_uuid: PLATFORM,
    });
  });

  it('a reseller left without one is sent as none (null), which the server reads as no per-message charge', () => {
    expect(
      resellerBundle.toPatch?.(
        { reseller_name: ' North ', platform_product_uuid: undefined },
        {
          reseller_uuid: RESELLERS_OWN,
          reseller_name: 'North',
          platform_product_uuid: PLATFORM,
          created_on: '2026-11-01T00:00:00.000Z',
        },
      ),
    ).toEqual({
      reseller_name: 'North',
      platform_product_uuid: null,
    });
  });
});
