import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { SmsCenter } from './sms-center';

// the first render loads antd; at load it takes seconds
jest.setTimeout(60_000);

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 0, per_page: items.length });

describe('SmsCenter pickers: a list that fails to load says so and can be asked again', () => {
  let failing: boolean;
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path }) => {
      if (failing && path !== '/sms/quote') return { status: 503, body: { error: { message: 'down for a moment' } } };
      if (path === '/did/company/list') return { body: page([{ did: '+12125552301', description: 'Front desk' }]) };
      if (path === '/recipient/list')
        return { body: page([{ recipient_uuid: 'r1', recipient_name: 'Ann', number: '+14155550111' }]) };
      if (path === '/sms_template/list') return { body: page([{ id: 't1', template_name: 'Welcome' }]) };
      return undefined;
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    failing = true;
  });

  it.each([
    ['Template', 'Welcome'],
    ['Recipient', 'Ann (+14155550111)'],
    ['From', '+1 212 555 2301 · Front desk'],
  ])('the %s picker', async (label, shows) => {
    renderWithProviders(<SmsCenter />);
    fireEvent.mouseDown(screen.getByLabelText(label));
    expect(await screen.findByText('The choices could not be loaded.')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(shows, { selector: '.ant-select-item-option-content' })).toBeTruthy();
    expect(screen.queryByText('The choices could not be loaded.')).toBeNull();
  });
});
