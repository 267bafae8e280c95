import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useRoutes, type RouteObject } from 'react-router';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { resourceRoutes } from '@smsc/shared-ui';
import type { PrivacyRequest } from '@smsc/shared-contract';
import { privacyBundle } from './privacy.resource';
import { privacyPages } from './privacy-pages';

const record = (over: Partial<PrivacyRequest> = {}): PrivacyRequest => ({
  privacy_request_uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  kind: 'erase',
  number_hint: '•••466',
  company_uuid: null,
  company_name: null,
  reason: 'Asked by mail',
  block_future: true,
  counts: { messages: 3, recipients: 1, opt_outs: 0 },
  requested_by_email: 'acme-admin@example.com',
  created_on: '2026-12-06T10:00:00.000Z',
  ...over,
});

function renderArea() {
  const table: RouteObject[] = [
    resourceRoutes(privacyBundle, {}, privacyPages({ path: 'privacy', pickCompany: false })),
  ];
  function Area() {
    return useRoutes(table);
  }
  const router = createMemoryRouter([{ path: '/area/*', element: <Area /> }], { initialEntries: ['/area/privacy'] });
  return renderWithProviders(<RouterProvider router={router} />, { withRouter: false });
}

describe('Privacy requests', () => {
  let api: ReturnType<typeof stubApi>;
  let listed: PrivacyRequest[];
  beforeEach(() => {
    listed = [];
    api = stubApi(({ path, body }) => {
      const json = (b: unknown, status = 200) => ({ status, body: b });
      const sent = body as { number?: string };
      if (path.endsWith('/privacy/request/list')) return json({ items: listed, total: listed.length, per_page: 10 });
      if ((path.endsWith('/privacy/erase') || path.endsWith('/privacy/export')) && sent.number === '12')
        return json(
          {
            type: 'about:blank',
            title: 'Validation failed',
            status: 400,
            code: 'validation',
            detail: 'number: Enter the number in international form, such as +34600123456',
            errors: [{ field: 'number', detail: 'Enter the number in international form, such as +34600123456' }],
          },
          400,
        );
      if (path.endsWith('/privacy/erase')) {
        listed = [record()];
        return json(listed[0], 201);
      }
      return json({ error: { message: `unexpected ${path}` } }, 500);
    });
  });
  afterEach(() => api.restore());

  it('shows a bad number on its field and erases only once the number is typed again', async () => {
    renderArea();
    expect(
      await screen.findByText('No data', {}, { timeout: 10_000 }).catch(() => screen.findByRole('table')),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Asked by mail' } });
    fireEvent.click(screen.getByRole('button', { name: 'Erase…' }));
    let dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByLabelText('Type the number again'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(
      await screen.findByText('Enter the number in international form, such as +34600123456', {}, { timeout: 10_000 }),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+1 415 555 0466' } });
    fireEvent.click(screen.getByRole('button', { name: 'Erase…' }));
    dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    const erase = within(dialog).getByRole('button', { name: 'Erase' });
    fireEvent.change(within(dialog).getByLabelText('Type the number again'), { target: { value: '+1 415 555 0400' } });
    expect((erase as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Type the number again'), { target: { value: '14155550466' } });
    expect((erase as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(erase);
    await waitFor(() => expect(api.calls.filter((c) => c.path.endsWith('/privacy/erase'))).toHaveLength(2), {
      timeout: 10_000,
    });
    expect(api.calls.filter((c) => c.path.endsWith('/privacy/erase'))[1].body).toEqual({
      number: '+1 415 555 0466',
      reason: 'Asked by mail',
      block_future: true,
    });
    expect((await screen.findByTestId('privacy-result', {}, { timeout: 10_000 })).textContent).toMatch(
      'Erased for •••466: 3 messages, 1 contacts',
    );
    // the record appears in the list below
    expect(await screen.findByText('Asked by mail', { selector: 'td' }, { timeout: 10_000 })).toBeTruthy();
  }, 60_000);
});
