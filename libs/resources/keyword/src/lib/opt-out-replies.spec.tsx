import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import type { OptOutReply } from '@smsc/shared-contract';
import { OptOutRepliesPanel } from './opt-out-replies';

describe('OptOutRepliesPanel', () => {
  let saved: OptOutReply;
  const api = stubApi(({ method, path, body }) => {
    if (path !== '/opt_out_reply') return undefined;
    if (method === 'PUT') saved = { ...saved, ...(body as Partial<OptOutReply>) };
    return { body: { opt_out_reply: saved } };
  });
  afterAll(() => api.restore());

  it('shows the standard wording as the placeholder, saves a company text and an emptied box as the standard', async () => {
    saved = {
      company_uuid: '11111111-1111-4111-8111-111111111111',
      stop_reply: null,
      start_reply: 'Welcome back to Acme',
      default_stop_reply: 'You have been unsubscribed.',
      default_start_reply: 'You have been subscribed again.',
    };
    const { store } = renderWithProviders(<OptOutRepliesPanel />);
    const stop = await screen.findByLabelText('Reply to STOP');
    await waitFor(() => expect(stop.getAttribute('placeholder')).toBe('You have been unsubscribed.'));
    const start = screen.getByLabelText('Reply to START') as HTMLTextAreaElement;
    await waitFor(() => expect(start.value).toBe('Welcome back to Acme'));
    fireEvent.change(stop, { target: { value: ' Acme: you are unsubscribed. ' } });
    fireEvent.change(start, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save replies' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      stop_reply: 'Acme: you are unsubscribed.',
      start_reply: null,
    });
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'Opt-out replies saved' }),
    );
  }, 60_000);
});
