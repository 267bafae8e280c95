import { act, fireEvent, screen, within } from '@testing-library/react';
import type { QuoteAnswer } from '@smsc/shared-contract';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { QuoteBox } from './product-pages';

const PRODUCT = '00000000-0000-4000-8000-0000000000a1';
const NORTHWIND = '00000000-0000-4000-8000-0000000000b1';
const CONTOSO = '00000000-0000-4000-8000-0000000000b2';
const route = (name: string, cost: string, is_demoted: boolean) => ({
  vendor_product_uuid: name === 'Contoso Global' ? CONTOSO : NORTHWIND,
  vendor_product_name: name,
  cost,
  is_pinned: false,
  is_demoted,
});

describe('Test a number: the routes in the order tried, a demoted one said as such', () => {
  // the first render loads antd; at load it takes seconds
  jest.setTimeout(300_000);
  let answer: QuoteAnswer;
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path }) => (path === `/product/${PRODUCT}/quote` ? { body: answer } : undefined));
  });
  afterAll(() => api.restore());

  const quote = async () => {
    renderWithProviders(<QuoteBox productUuid={PRODUCT} />);
    const input = await screen.findByLabelText('Number', undefined, { timeout: 30_000 });
    await act(async () => fireEvent.change(input, { target: { value: '+14155552999' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Quote' })));
    return screen.findByTestId('quote-result', undefined, { timeout: 30_000 });
  };
  const base = {
    ok: true,
    reason: null,
    dnis: '14155552999',
    country_iso2: 'US',
    network: null,
    price: '0.050000',
    margin: '0.030000',
  };

  it('puts a demoted route last and names it demoted', async () => {
    answer = {
      ...base,
      vendor_product_uuid: CONTOSO,
      vendor_product_name: 'Contoso Global',
      cost: '0.020000',
      routes: [route('Contoso Global', '0.020000', false), route('Northwind Direct', '0.010000', true)],
    };
    const result = await quote();
    expect(within(result).getByText('Contoso Global')).toBeTruthy();
    expect(within(result).getByText('Northwind Direct (0.010000, demoted)')).toBeTruthy();
  });

  it('says so when the only routes left are demoted', async () => {
    answer = {
      ...base,
      vendor_product_uuid: NORTHWIND,
      vendor_product_name: 'Northwind Direct',
      cost: '0.010000',
      routes: [route('Northwind Direct', '0.010000', true)],
    };
    const result = await quote();
    expect(
      within(result).getByText('Northwind Direct (demoted: delivery under its floor, no other route)'),
    ).toBeTruthy();
    expect(within(result).getByText('none')).toBeTruthy();
  });
});
