import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import type { MailTemplate } from '@smsc/shared-contract';
import { MailTemplateEditor } from './mail-template-editor';

jest.setTimeout(60_000);

const template = (kind: MailTemplate['kind'], own = false): MailTemplate => ({
  kind,
  subject: own ? `Own ${kind}` : `Default ${kind}`,
  body: `Body of ${kind} {{reseller_name}}`,
  is_default: !own,
  placeholders: ['reseller_name', 'company_name'],
  updated_on: own ? '2026-11-20T10:00:00.000Z' : null,
});

describe('MailTemplateEditor', () => {
  let stored: Record<string, MailTemplate>;
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ method, path, body }) => {
      const json = (data: unknown, status = 200) => ({ status, body: data });
      const kind = path.split('/')[2] as MailTemplate['kind'];
      if (path === '/mail_template/list') return json({ items: Object.values(stored) });
      if (path.endsWith('/preview'))
        return json({ subject: 'Preview subject', body: 'Preview body from Demo Reseller' });
      if (method === 'PUT') {
        const sent = body as { subject: string; body: string };
        if (sent.body.includes('{{link}}')) return json({ code: 'error', detail: 'Unknown placeholder {{link}}' }, 400);
        stored[kind] = { ...stored[kind], ...sent, is_default: false, updated_on: '2026-11-25T11:00:00.000Z' };
        return json(stored[kind]);
      }
      if (method === 'DELETE') return json((stored[kind] = template(kind)));
      return json({ code: 'error', detail: 'unexpected' }, 500);
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    api.calls.length = 0;
    stored = {
      registration: template('registration'),
      password_reset: template('password_reset', true),
      low_balance: template('low_balance'),
    };
  });

  it('edits and saves a mail; a refused placeholder shows the server message and keeps the typed text', async () => {
    const { store } = renderWithProviders(<MailTemplateEditor kinds={['registration']} />);
    const subject = (await screen.findByLabelText('Subject')) as HTMLInputElement;
    await waitFor(() => expect(subject.value).toBe('Default registration'));
    expect(screen.getByText('Default template')).toBeTruthy();
    expect(screen.getByText(/Placeholders: \{\{reseller_name\}\}, \{\{company_name\}\}/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Use default template' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(subject, { target: { value: 'Welcome to {{reseller_name}}' } });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Open {{link}}' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Unknown placeholder {{link}}'));
    expect((screen.getByLabelText('Text') as HTMLTextAreaElement).value).toBe('Open {{link}}');

    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Hello from {{reseller_name}}' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Mail template saved'));
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      subject: 'Welcome to {{reseller_name}}',
      body: 'Hello from {{reseller_name}}',
    });
    await screen.findByText(/Your wording, saved 2026-11-25 11:00/);
  });

  it('picks another mail through the address, previews it and goes back to the default', async () => {
    const { store } = renderWithProviders(<MailTemplateEditor kinds={['password_reset', 'low_balance']} />, {
      route: '/?kind=password_reset',
    });
    const subject = (await screen.findByLabelText('Subject')) as HTMLInputElement;
    await waitFor(() => expect(subject.value).toBe('Own password_reset'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Preview' })));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Preview body from Demo Reseller')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/mail_template/password_reset/preview')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Use default template' })));
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Default template restored'));
    await waitFor(() => expect(subject.value).toBe('Default password_reset'));

    fireEvent.click(screen.getByText('Low balance'));
    await waitFor(() =>
      expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Default low_balance'),
    );
  });
});
