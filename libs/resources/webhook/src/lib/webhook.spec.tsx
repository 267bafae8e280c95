import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useRoutes, type RouteObject } from 'react-router';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { resourceRoutes } from '@smsc/shared-ui';
import type { CompanyWebhook, CompanyWebhookAttempt } from '@smsc/shared-contract';
import { webhookBundle, webhookPages } from './webhook.resource';
import { WebhookPanel } from './webhook-panel';
import { WebhookListExtra } from './callback-secret';

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2Utb25seS0wMTIzNDU2Nzg5YWI=';
const hook = (over: Partial<CompanyWebhook> = {}): CompanyWebhook => ({
  webhook_uuid: ID,
  company_uuid: '11111111-1111-4111-8111-111111111111',
  company_name: 'Acme',
  url: 'https://hooks.acme.test/sms',
  events: ['message.status'],
  is_active: true,
  batched: false,
  description: null,
  secret_hint: 'whsec_c2…YWI=',
  last_status: null,
  last_delivery_on: null,
  created_on: '2026-11-26T10:00:00.000Z',
  ...over,
});
const attempt = (n: number, ok: boolean): CompanyWebhookAttempt => ({
  attempt_uuid: `00000000-0000-4000-8000-00000000000${n}`,
  message_id: 'msg_1',
  type: 'message.status',
  sms_uuid: null,
  attempt: n,
  ok,
  status_code: ok ? 200 : 503,
  error: ok ? null : 'The endpoint answered 503',
  duration_ms: 12,
  state: ok ? 'delivered' : 'pending',
  next_attempt_on: ok ? null : '2026-11-26T10:05:00.000Z',
  created_on: '2026-11-26T10:00:0' + n + '.000Z',
});

function renderArea(route: string) {
  const table: RouteObject[] = [
    resourceRoutes(
      webhookBundle,
      {},
      { ...webhookPages, listExtra: <WebhookListExtra />, editExtra: <WebhookPanel /> },
    ),
  ];
  function Area() {
    return useRoutes(table);
  }
  const router = createMemoryRouter([{ path: '/area/*', element: <Area /> }], { initialEntries: [route] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />, { withRouter: false }) };
}

describe('the Webhooks screens', () => {
  let hooks: CompanyWebhook[];
  let api: ReturnType<typeof stubApi>;
  const json = (body: unknown, status = 200) => ({ status, body });
  const calls = () => api.calls.map((c) => `${c.method} ${c.path}`);
  beforeAll(() => {
    api = stubApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/webhook/list')
        return json({ items: hooks, total: hooks.length, per_page: 10 });
      if (method === 'GET' && path === '/webhook/callback-secret')
        return json({ company_uuid: hooks[0]?.company_uuid ?? ID, secret_hint: null });
      if (method === 'POST' && path === '/webhook') {
        const b = body as { url: string; events: CompanyWebhook['events']; batched: boolean };
        const made = hook({ url: b.url, events: b.events, batched: b.batched });
        hooks = [made];
        return json({ webhook: made, secret: SECRET }, 201);
      }
      if (method === 'GET' && path === `/webhook/${ID}`) return json({ webhook: hooks[0] });
      if (method === 'GET' && path === `/webhook/${ID}/deliveries`)
        return json({ items: [attempt(2, true), attempt(1, false)] });
      if (method === 'POST' && path === `/webhook/${ID}/test`)
        return json({ message_id: 'msg_t', ok: false, status_code: 503, error: 'The endpoint answered 503' });
      if (method === 'PATCH' && path === `/webhook/${ID}`) return json({ webhook: hooks[0], secret: SECRET });
      if (method === 'DELETE' && path === `/webhook/${ID}`) {
        hooks = [];
        return json({ message: 'Webhook deleted' });
      }
      return json({ code: 'error', detail: `unexpected ${method} ${path}` }, 500);
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    hooks = [];
    api.calls.length = 0;
  });

  it('creates a webhook with the chosen events and delivery, then shows its secret once with a copy button', async () => {
    const { router, store } = renderArea('/area/webhooks/add');
    fireEvent.change(await screen.findByLabelText('URL'), { target: { value: 'https://hooks.acme.test/sms' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Incoming messages' }));
    const batched = screen.getByRole('switch', { name: 'Batched delivery' });
    expect(batched.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(batched);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Create webhook/ })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/area/webhooks/list'));
    const created = api.calls.find((c) => c.method === 'POST' && c.path === '/webhook');
    expect(created?.body).toEqual({
      url: 'https://hooks.acme.test/sms',
      events: ['message.status', 'message.received'],
      is_active: true,
      batched: true,
      description: null,
    });
    expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'Webhook created' });
    const shown = await screen.findByTestId('webhook-secret');
    expect(shown.textContent).toContain(SECRET);
    expect(within(shown).getByRole('button', { name: /copy/i })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have kept it' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    const table = await screen.findByRole('table');
    await within(table).findByText('https://hooks.acme.test/sms');
    expect(table.textContent).toContain('Message status changes, Incoming messages');
    expect(table.textContent).toContain('Batched (up to 100)');
  }, 60_000);

  it('shows the delivery log, sends a test event with its outcome, and rotates the secret only after confirming', async () => {
    hooks = [hook({ last_status: '503', last_delivery_on: '2026-11-26T10:00:01.000Z' })];
    const { store } = renderArea(`/area/webhooks/edit/${ID}`);
    expect(await screen.findByText('The endpoint answered 503')).toBeTruthy();
    expect(screen.getByText('Delivered')).toBeTruthy();
    // each attempt's answer by its HTTP status, the event's id where it names no message
    expect(screen.getByText('HTTP 503')).toBeTruthy();
    expect(screen.getAllByText('msg_1')).toHaveLength(2);
    expect(screen.getByText(/^Retry at /)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        kind: 'error',
        text: 'The test event was not delivered: The endpoint answered 503',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'New secret' }));
    expect(calls().filter((c) => c.startsWith('PATCH'))).toEqual([]);
    const tip = await screen.findByText('Replace the signing secret?');
    fireEvent.click(within(tip.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Replace' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toContain(SECRET);
    const patch = api.calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ rotate_secret: true });
    fireEvent.click(screen.getByRole('button', { name: 'I have kept it' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
  }, 60_000);

  it('deletes a webhook only after the confirmation', async () => {
    hooks = [hook()];
    const { store } = renderArea('/area/webhooks/list');
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText('https://hooks.acme.test/sms')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Delete/ }));
    expect(calls().filter((c) => c.startsWith('DELETE'))).toEqual([]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(calls()).toContain(`DELETE /webhook/${ID}`));
    await waitFor(() => expect(store.getState().toast.current?.kind).toBe('success'));
  }, 60_000);
});
