import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { definitionFor } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { countSegments } from './segments';
import { smsDefinition, SMS_ACCESS, SUPPRESSION_ACCESS, suppressionBody, suppressionDefinition } from './sms.resource';
import { SmsCenter } from './sms-center';
import { quoteReasonText } from './sms-figures';
import { EMPTY_TEXT } from './use-segments';

describe('segments (the same library and rules as the server)', () => {
  it('counts GSM-7 and UCS-2 parts at their boundaries', () => {
    expect(countSegments('a'.repeat(160))).toMatchObject({ segments: 1, encoding: 'GSM-7', characters_left: 0 });
    expect(countSegments('a'.repeat(161))).toMatchObject({ segments: 2, encoding: 'GSM-7' });
    expect(countSegments('€'.repeat(80))).toMatchObject({ segments: 1, encoding: 'GSM-7' }); // 2 septets each
    expect(countSegments('hi 😀')).toMatchObject({ segments: 1, encoding: 'UCS-2' });
    expect(countSegments('😀'.repeat(36))).toMatchObject({ segments: 2, encoding: 'UCS-2' }); // 72 UTF-16 units > 70
  });

  it("shows an empty text's count before the calculator is fetched, as the calculator counts it", () => {
    expect(countSegments('')).toEqual(EMPTY_TEXT);
  });
});

describe('sms log definition', () => {
  it('filters by the docs/spec.md §7 /sms/list fields and shows cost and owners only with their keys', () => {
    expect(smsDefinition.columns.filter((c) => c.search).map((c) => c.key)).toEqual([
      // a range of days (created_on_gte / created_on_lte) in the account's zone
      'created_on',
      'is_received',
      'ani',
      'dnis',
      'text',
      'status',
      'sent_by',
      'sent_by_kind',
    ]);
    const company = definitionFor(smsDefinition, [SMS_ACCESS.user]).columns.map((c) => c.key);
    expect(company).not.toContain('cost');
    expect(company).not.toContain('company_name');
    expect(company).toContain('price');
    expect(definitionFor(smsDefinition, [SMS_ACCESS.cost]).columns.map((c) => c.key)).toContain('cost');
    expect(suppressionBody({ number: ' +1 212 555 0100 ', company_uuid: 'c' })).toEqual({
      number: '+1 212 555 0100',
      company_uuid: 'c',
    });
  });
});

describe('suppression list', () => {
  it("says what each opt-out blocks: one sender, the company, or the reseller's companies", () => {
    const blocks = suppressionDefinition.columns.find((c) => c.key === 'scope');
    const row = {
      suppressed_number_uuid: '11111111-1111-4111-8111-111111111111',
      number: '+34612345678',
      company_uuid: '22222222-2222-4222-8222-222222222222',
      company_name: 'Acme',
      source: 'stop' as const,
      sender: '+12125552301',
      created_on: '2026-12-01T10:00:00.000Z',
    };
    renderWithProviders(
      <>
        {blocks?.render?.('sender', { ...row, scope: 'sender' })}|
        {blocks?.render?.('reseller', { ...row, scope: 'reseller' })}
      </>,
    );
    expect(screen.getByText("Messages from +12125552301|The reseller's companies")).toBeTruthy();
  });
});

describe('adding a suppressed number', () => {
  it('asks the company of the admin only, and keeps why as the consent evidence', () => {
    const names = (keys?: string[]) => definitionFor(suppressionDefinition, keys).formFields?.map((f) => f.name);
    expect(names()).toEqual(['number', 'note']);
    expect(names([SUPPRESSION_ACCESS.company])).toEqual(['company_uuid', 'number', 'note']);
    expect(suppressionBody({ number: ' +34 612 345 678 ', note: ' asked by phone ' })).toEqual({
      number: '+34 612 345 678',
      note: 'asked by phone',
    });
    expect(suppressionBody({ number: '+34612345678', note: '' })).toEqual({ number: '+34612345678' });
  });
});

describe('SmsCenter', () => {
  let api: ReturnType<typeof stubApi>;
  let reads = 0;
  const sms = (status: string) => ({
    sms_uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    ani: '+12125552301',
    dnis: '+14155550111',
    text: 'Hello',
    is_received: false,
    status,
    block_reason: null,
    status_message: null,
    segments: 1,
    encoding: 'GSM-7',
    price: '0.012',
    cost: null,
    currency: 'USD',
    created_on: '2026-01-01T00:00:00Z',
  });
  beforeAll(() => {
    api = stubApi(({ path, method, body: sent }) => {
      const json = (body: unknown, status = 200) => ({ status, body });
      const page = (items: unknown[]) => json({ items, total: items.length, per_page: 1000 });
      if (path.endsWith('/did/company/list')) return page([{ did: '+12125552301', description: 'Main' }]);
      if (path.endsWith('/recipient/list') || path.endsWith('/sms_template/list')) return page([]);
      if (path.endsWith('/sms/quote')) {
        const body = sent as { text: string };
        return json({
          segments: 1,
          encoding: 'GSM-7',
          characters: body.text.length,
          characters_left: 0,
          unit_price: '0.012',
          price: '0.012',
          charge_basis: 'submit',
          currency: 'USD',
          reason: null,
          available: '99.5',
        });
      }
      if (path.endsWith('/sms') && method === 'POST') return json({ sms: sms('sent') }, 201);
      if (path.includes('/sms/')) return json({ sms: sms(++reads >= 2 ? 'delivered' : 'sent') });
      return json({ code: 'error', detail: `unexpected ${path}` }, 500);
    });
  });
  afterAll(() => api.restore());

  it('counts parts live, prices before sending, sends once with an Idempotency-Key and follows the status to delivered', async () => {
    renderWithProviders(<SmsCenter />);
    fireEvent.mouseDown(screen.getByLabelText('From'));
    fireEvent.click(await screen.findByText('+1 212 555 2301 · Main', {}, { timeout: 20_000 }));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '+1 415 555 0111' } });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'a'.repeat(161) } });
    // the part counter is fetched with the first character
    await waitFor(() => expect(screen.getByTestId('sms-segments').textContent).toBe('2 parts'));
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Hello €' } });
    expect(screen.getByTestId('sms-segments').textContent).toBe('1 part');
    expect(screen.getByTestId('sms-encoding').textContent).toBe('GSM-7');
    await waitFor(() => expect(screen.getByTestId('sms-price').textContent).toBe('Price USD 0.012'), {
      timeout: 20_000,
    });
    // the rate's charge basis beside the price: this one is charged on the carrier's acceptance, delivered or not
    expect(screen.getByTestId('sms-charge-basis').textContent).toBe('charged once the carrier accepts it');
    // the sender goes with the quote, which answers its registration for the destination (docs/compliance.md)
    expect(api.calls.find((c) => c.path.endsWith('/sms/quote'))!.body).toEqual({
      text: 'Hello €',
      dnis: '+1 415 555 0111',
      ani: '+12125552301',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const status = await screen.findByTestId('sent-status', {}, { timeout: 20_000 });
    const post = api.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/sms'));
    expect(post).toHaveLength(1);
    expect(post[0].body).toEqual({ ani: '+12125552301', dnis: '+1 415 555 0111', text: 'Hello €' });
    expect(post[0].headers.get('idempotency-key')).toMatch(/.{8,}/);
    // sent: the form is blank for the next message, from the same number; nothing is armed to send again
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Text') as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByLabelText('From').closest('.ant-select')?.textContent).toContain('+1 212 555 2301 · Main');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    // the card re-reads the message until its status is final, without a reload
    await waitFor(() => expect(within(status).getByText('delivered')).toBeTruthy(), { timeout: 20_000 });
    const polls = api.calls.filter((c) => c.method === 'GET' && c.path.includes('/sms/7c9e')).length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(api.calls.filter((c) => c.method === 'GET' && c.path.includes('/sms/7c9e')).length).toBe(polls); // polling stopped
  }, 90_000);
});

describe('SmsCenter placeholders', () => {
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path, method }) => {
      const json = (body: unknown, status = 200) => ({ status, body });
      const page = (items: unknown[]) => json({ items, total: items.length, per_page: 1000 });
      if (path.endsWith('/did/company/list')) return page([{ did: '+12125552301', description: 'Main' }]);
      if (path.endsWith('/recipient/list'))
        return page([
          { recipient_uuid: '3f1f0b7e-0000-4000-8000-000000000001', recipient_name: 'Ann', number: '+14155550180' },
        ]);
      if (path.endsWith('/sms_template/list'))
        return page([
          {
            id: '3f1f0b7e-0000-4000-8000-000000000002',
            template_name: 'Shipped',
            text: 'Hi {name}, your order {order} has shipped',
            status: 'approved',
          },
        ]);
      if (path.endsWith('/sms/quote'))
        return json({
          segments: 1,
          encoding: 'GSM-7',
          characters: 1,
          characters_left: 0,
          unit_price: null,
          price: null,
          currency: 'USD',
          reason: null,
          available: null,
        });
      if (path.endsWith('/sms') && method === 'POST')
        return json(
          {
            code: 'validation',
            detail: 'Recipient number: enter a phone number, digits only',
            errors: [{ field: 'dnis', code: 'invalid', detail: 'Recipient number: enter a phone number, digits only' }],
          },
          400,
        );
      return json({ code: 'error', detail: `unexpected ${path}` }, 500);
    });
  });
  afterAll(() => api.restore());

  it('asks for the values the recipient does not carry, previews the final text and sends them', async () => {
    renderWithProviders(<SmsCenter />);
    fireEvent.mouseDown(screen.getByLabelText('From'));
    fireEvent.click(await screen.findByText('+1 212 555 2301 · Main', {}, { timeout: 20_000 }));
    fireEvent.mouseDown(screen.getByLabelText('Recipient'));
    fireEvent.click(await screen.findByText('Ann (+14155550180)', {}, { timeout: 20_000 }));
    fireEvent.mouseDown(screen.getByLabelText('Template'));
    fireEvent.click(await screen.findByText('Shipped', {}, { timeout: 20_000 }));

    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(screen.getByRole('alert').textContent).toBe('Give a value for {order} before sending');
    expect(send.disabled).toBe(true);
    expect(screen.getByTestId('sms-preview').textContent).toBe('Hi Ann, your order {order} has shipped');
    expect(screen.queryByLabelText('Value for {name}')).toBeNull();

    fireEvent.change(screen.getByLabelText('Value for {order}'), { target: { value: 'A-12' } });
    expect(screen.getByTestId('sms-preview').textContent).toBe('Hi Ann, your order A-12 has shipped');
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('/sms'))).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST' && c.path.endsWith('/sms'))!.body).toEqual({
      ani: '+12125552301',
      dnis: '+14155550180',
      text: 'Hi {name}, your order {order} has shipped',
      recipient_uuid: '3f1f0b7e-0000-4000-8000-000000000001',
      sms_template_uuid: '3f1f0b7e-0000-4000-8000-000000000002',
      values: { order: 'A-12' },
    });
    // the server's field error is shown on its field, in the screen's words
    expect((await screen.findByText('Recipient number: enter a phone number, digits only')).id).toBe('sms-dnis_error');
  }, 90_000);

  it('says a To that is not a number under the field once left, with no quote asked and no toast', async () => {
    const before = api.calls.length;
    const { store } = renderWithProviders(<SmsCenter />);
    fireEvent.mouseDown(screen.getByLabelText('From'));
    fireEvent.click(await screen.findByText('+1 212 555 2301 · Main', {}, { timeout: 20_000 }));
    const to = screen.getByLabelText('To');
    fireEvent.change(to, { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'hello' } });
    // while typing: nothing said yet
    expect(screen.queryByText(/Recipient number:/)).toBeNull();
    fireEvent.blur(to);
    expect(screen.getByText(/^Recipient number: use digits/).id).toBe('sms-dnis_error');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    await new Promise((r) => setTimeout(r, 800));
    const quoted = api.calls.slice(before).filter((c) => c.path.endsWith('/sms/quote'));
    expect(quoted.filter((c) => (c.body as { dnis?: string }).dnis)).toEqual([]);
    expect(store.getState().toast.current).toBeNull();
    fireEvent.change(to, { target: { value: '+1 415 555 0111' } });
    expect(screen.queryByText(/^Recipient number: use digits/)).toBeNull();
  }, 90_000);

  it('refuses a text of spaces before the click', async () => {
    renderWithProviders(<SmsCenter />);
    fireEvent.mouseDown(screen.getByLabelText('From'));
    fireEvent.click(await screen.findByText('+1 212 555 2301 · Main', {}, { timeout: 20_000 }));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '+1 415 555 0111' } });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: '   ' } });
    expect(screen.getByRole('alert').textContent).toBe('Text: write something other than spaces');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  }, 90_000);
});

describe('SmsCenter quote refused by a guard', () => {
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path }) => {
      const json = (body: unknown, status = 200) => ({ status, body });
      const page = (items: unknown[]) => json({ items, total: items.length, per_page: 1000 });
      if (path.endsWith('/did/company/list')) return page([{ did: '+12125552301', description: 'Main' }]);
      if (path.endsWith('/recipient/list') || path.endsWith('/sms_template/list')) return page([]);
      if (path.endsWith('/sms/quote'))
        return json({
          segments: 1,
          encoding: 'GSM-7',
          characters: 2,
          characters_left: 158,
          unit_price: null,
          price: null,
          currency: 'USD',
          reason: 'destination_not_allowed',
          available: '99.5',
        });
      return json({ code: 'error', detail: `unexpected ${path}` }, 500);
    });
  });
  afterAll(() => api.restore());

  it('says why a destination cannot be sent to in words, with the next step, and keeps Send disabled', async () => {
    const { store } = renderWithProviders(<SmsCenter />, { route: '/company-admin/sms-center' });
    fireEvent.mouseDown(screen.getByLabelText('From'));
    fireEvent.click(await screen.findByText('+1 212 555 2301 · Main', {}, { timeout: 20_000 }));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '+44 7400 123456' } });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'hi' } });
    const why = await screen.findByTestId('sms-cannot-send', {}, { timeout: 20_000 });
    expect(screen.getByTestId('sms-price').textContent).toBe('Cannot be sent');
    expect(why.textContent).toContain('Cannot be sent: Sending to this country is not allowed for your company.');
    expect(why.textContent).toContain('Allow the country under Spend and destinations');
    expect(within(why).getByRole('link', { name: 'Spend and destinations' }).getAttribute('href')).toBe(
      '/company-admin/profile/guards',
    );
    expect(why.textContent).not.toMatch(/[a-z]+_[a-z_]+/);
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(send.getAttribute('aria-describedby')).toBe('sms-cannot-send');
    expect(store.getState().toast.current).toBeNull();
    // a reason the words do not know yet still reads without its code
    expect(quoteReasonText('some_new_reason')).toBe('This message cannot be sent as it is.');
  }, 60_000);
});
