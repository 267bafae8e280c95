import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { NewCallFlow } from './call-flow-page';
import { DidWebhooksPanel } from './did-webhooks';
import { KannelDidImport } from './import-log-page';

const DID_UUID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const SMS_UUID = '31111111-2222-4333-8444-555555555555';
const HOOK = {
  webhook_uuid: '11111111-2222-4333-8444-555555555555',
  did_uuid: DID_UUID,
  did: '+12125552301',
  url: 'https://hooks.example/in',
  is_active: true,
  secret_hint: 'whsec_…abcd',
  last_status: 'delivered',
  last_delivery_on: '2026-11-25T10:00:00.000Z',
  created_on: '2026-11-24T10:00:00.000Z',
};

describe('numbers: call flow, webhooks, Kannel import', () => {
  let api: ReturnType<typeof stubApi>;
  let flow: object | null = null;
  let listTotal = 1;
  beforeAll(() => {
    api = stubApi(({ path, method, body: sent }) => {
      const body = sent as Record<string, unknown>;
      const json = (b: unknown, status = 200) => ({ status, body: b });
      if (path === '/did/list')
        return json({
          items: [{ did_uuid: DID_UUID, did: '+12125552301', type: 'sms_voice', company_name: 'Acme' }],
          total: listTotal,
          per_page: 20,
        });
      if (path.startsWith('/call_workflow/'))
        return flow ? json({ call_workflow: flow }) : json({ code: 'error', detail: 'no call flow yet' }, 404);
      if (path === '/call_workflow')
        return json({
          call_workflow: { ...body, did_uuid: DID_UUID, ring_seconds: 25, updated_on: '2026-11-25T10:00:00.000Z' },
        });
      if (path === '/did/webhook/list') return json({ items: [HOOK], total: 1, per_page: 50 });
      if (path === '/did/webhook' && method === 'POST')
        return json({ webhook: { ...HOOK, url: body.url }, secret: 'whsec_brand_new_secret' }, 201);
      if (path.endsWith('/deliveries'))
        return json({
          items: [
            {
              attempt_uuid: '21111111-2222-4333-8444-555555555555',
              message_id: 'msg_0123456789abcdef0123456789abcdef',
              type: 'message.received',
              sms_uuid: SMS_UUID,
              attempt: 2,
              ok: false,
              status_code: 502,
              error: 'The endpoint answered 502',
              duration_ms: 31,
              state: 'pending',
              next_attempt_on: '2026-11-25T10:05:00.000Z',
              created_on: '2026-11-25T10:00:00.000Z',
            },
          ],
        });
      if (path === `/did/webhook/${HOOK.webhook_uuid}/test` && method === 'POST')
        return json({ message_id: 'msg_test', ok: true, status_code: 204, error: null });
      if (path === '/did/kannel/import') return json({ imported: 1, lines: [{ line: 2, did: '+13035552711' }] }, 201);
      return json({ code: 'error', detail: `unexpected ${path}` }, 500);
    });
  });
  beforeEach(() => {
    api.calls.length = 0;
    flow = null;
    listTotal = 1;
  });
  afterAll(() => api.restore());

  it("opens a number's stored flow, switches it to a hang-up and saves only what that action uses", async () => {
    flow = {
      did_uuid: DID_UUID,
      did: '+12125552301',
      action: 'voicemail',
      forward_to: null,
      email: 'desk@acme.example',
      message: null,
      ring_seconds: 30,
      updated_on: '2026-11-25T09:00:00.000Z',
    };
    const { store } = renderWithProviders(<NewCallFlow />, { route: '/x?did=%2B12125552301' });
    expect(await screen.findByDisplayValue('desk@acme.example', {}, { timeout: 30_000 })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Hang up with a message'));
    fireEvent.click(screen.getByRole('button', { name: 'Save call flow' }));
    // the message is required for a hang-up: nothing is sent until it is given
    expect(await screen.findByText('The message', {}, { timeout: 15_000 })).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByLabelText('Message the caller hears'), { target: { value: 'We are closed today' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save call flow' }));
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Call flow of +1 212 555 2301 saved'), {
      timeout: 30_000,
    });
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      did: '+12125552301',
      action: 'hangup',
      message: 'We are closed today',
    });
  }, 90_000);

  it('asks for a number first, and says when more numbers match than the picker lists', async () => {
    listTotal = 45;
    renderWithProviders(<NewCallFlow />, { route: '/x' });
    expect(screen.getByText('Choose a number to set what its calls do.')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText('44 more match: type more digits', {}, { timeout: 30_000 })).toBeTruthy();
  }, 60_000);

  it("lists a number's webhooks with their last deliveries, and shows a new webhook's secret once", async () => {
    const { store } = renderWithProviders(
      <Routes>
        <Route path="/dids/edit-did/:id" element={<DidWebhooksPanel />} />
      </Routes>,
      { route: `/dids/edit-did/${DID_UUID}` },
    );
    expect(await screen.findByText('https://hooks.example/in', {}, { timeout: 30_000 })).toBeTruthy();
    expect(`${api.calls[0].path}?${api.calls[0].query}`).toBe(
      `/did/webhook/list?did_uuid=${DID_UUID}&page=0&per_page=50`,
    );
    fireEvent.click(screen.getByRole('button', { name: /expand row/i }));
    expect(await screen.findByText('The endpoint answered 502', {}, { timeout: 30_000 })).toBeTruthy();
    // the log names the message, the answer's status and when the next attempt is due
    expect(screen.getByText(SMS_UUID.slice(0, 8))).toBeTruthy();
    expect(screen.getByText('HTTP 502')).toBeTruthy();
    expect(screen.getByText(/^Retry at /)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New webhook URL'), { target: { value: 'ftp://nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('An http(s):// URL', {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New webhook URL'), { target: { value: 'https://crm.example/sms' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 30_000 });
    expect(within(dialog).getByText('whsec_brand_new_secret')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ did: DID_UUID, url: 'https://crm.example/sms' });
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Webhook added'));
  }, 90_000);

  it('sends a signed test event to a webhook and says how it went', async () => {
    const { store } = renderWithProviders(
      <Routes>
        <Route path="/dids/edit-did/:id" element={<DidWebhooksPanel />} />
      </Routes>,
      { route: `/dids/edit-did/${DID_UUID}` },
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Send test: https://hooks.example/in' }, { timeout: 30_000 }),
    );
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'Test event delivered (204)' }),
    );
    expect(api.calls.some((c) => c.method === 'POST' && c.path === `/did/webhook/${HOOK.webhook_uuid}/test`)).toBe(
      true,
    );
    // the attempt is in the log, opened under the webhook
    expect(await screen.findByText('The endpoint answered 502', {}, { timeout: 30_000 })).toBeTruthy();
  }, 60_000);

  it('asks for a valid SMSC link before it takes a file', () => {
    renderWithProviders(<KannelDidImport />);
    expect(screen.queryByText('Import numbers from CSV')).toBeNull();
    fireEvent.change(screen.getByLabelText('SMSC link (smsc-id)'), { target: { value: 'bad id!' } });
    expect(screen.getByText('Letters, digits, _ . - only (up to 64)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('SMSC link (smsc-id)'), { target: { value: 'carrier-east' } });
    expect(screen.getByText('Import numbers from CSV')).toBeTruthy();
  });
});
