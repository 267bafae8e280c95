import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { SmsCenter } from './sms-center';

// the first render loads antd; at load it takes seconds
jest.setTimeout(60_000);

describe('SmsCenter template picker (issue 45 item 9)', () => {
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path }) => {
      const json = (body: unknown, status = 200) => ({ status, body });
      const page = (items: unknown[]) => json({ items, total: items.length, per_page: 1000 });
      if (path.endsWith('/did/company/list')) return page([{ did: '+12125552301', description: 'Main' }]);
      if (path.endsWith('/recipient/list')) return page([]);
      if (path.endsWith('/sms_template/list'))
        return page([
          { id: 't1', template_name: 'Shipped', text: 'Your order shipped', status: 'approved', reject_reason: null },
          { id: 't2', template_name: 'Launch', text: 'We launch today', status: 'pending', reject_reason: null },
          { id: 't3', template_name: 'Old promo', text: 'Buy', status: 'rejected', reject_reason: 'Say who you are' },
        ]);
      return json({ code: 'error', detail: `unexpected ${path}` }, 500);
    });
  });
  afterAll(() => api.restore());

  it('lists pending and rejected templates, said as such and not pickable, beside the approved ones', async () => {
    renderWithProviders(<SmsCenter />);
    fireEvent.mouseDown(screen.getByLabelText('Template'));
    const pending = await screen.findByText(
      'Launch (pending approval: it can be sent once approved)',
      {},
      { timeout: 20_000 },
    );
    const rejected = screen.getByText('Old promo (rejected: Say who you are; change it to ask again)');
    const option = (el: HTMLElement) => el.closest('.ant-select-item-option') as HTMLElement;
    expect(option(pending).getAttribute('aria-disabled') ?? option(pending).className).toMatch(/true|disabled/);
    expect(option(rejected).className).toContain('ant-select-item-option-disabled');
    expect(option(screen.getByText('Shipped')).className).not.toContain('ant-select-item-option-disabled');
    // the picker asks for every status, so a pending one is there to be seen
    const listed = api.calls.find((c) => c.path.endsWith('/sms_template/list'));
    expect(listed?.query.get('status')).toBe('all');
    // a pending one cannot be picked: its text never reaches the form
    fireEvent.click(pending);
    expect((screen.getByLabelText('Text') as HTMLTextAreaElement).value).toBe('');
    fireEvent.click(screen.getByText('Shipped'));
    await waitFor(() =>
      expect((screen.getByLabelText('Text') as HTMLTextAreaElement).value).toBe('Your order shipped'),
    );
  });
});
