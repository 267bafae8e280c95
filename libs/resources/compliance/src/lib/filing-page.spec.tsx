import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useRoutes, type RouteObject } from 'react-router';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { resourceRoutes } from '@smsc/shared-ui';
import type { FilingWithHistory } from '@smsc/shared-contract';
import { complianceBundle } from './compliance.resource';
import { compliancePages } from './compliance-pages';

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const BRAND = '11111111-1111-4111-8111-111111111111';
const filing = (over: Partial<FilingWithHistory> = {}): FilingWithHistory => ({
  filing_uuid: ID,
  company_uuid: '22222222-2222-4222-8222-222222222222',
  company_name: 'Acme',
  kind: 'campaign_10dlc',
  name: 'Order updates',
  status: 'rejected',
  status_reason: 'The sample messages do not say how to opt out: add "Reply STOP to opt out" to at least one sample.',
  brand_uuid: BRAND,
  brand_name: 'Acme brand',
  country: null,
  sender_id: null,
  details: {
    use_case: 'Account notifications',
    description: 'Order updates',
    sample_messages: ['Your order shipped'],
    opt_in_flow: 'Checkbox at checkout',
    monthly_volume: 5000,
  },
  reviewer: 'registry',
  registry_ref: 'SIM-1',
  submitted_on: '2026-12-01T10:00:00.000Z',
  decided_on: '2026-12-01T10:00:02.000Z',
  expires_on: null,
  renewal_due: false,
  numbers: [],
  created_on: '2026-12-01T09:00:00.000Z',
  updated_on: '2026-12-01T10:00:02.000Z',
  history: [
    { status: 'draft', reason: null, actor: 'acme-admin@example.com', at: '2026-12-01T09:00:00.000Z' },
    { status: 'rejected', reason: 'no STOP', actor: null, at: '2026-12-01T10:00:02.000Z' },
  ],
  ...over,
});

function renderArea(route: string) {
  const table: RouteObject[] = [
    resourceRoutes(complianceBundle, {}, compliancePages({ path: 'compliance', pickCompany: false, admin: false })),
  ];
  function Area() {
    return useRoutes(table);
  }
  const router = createMemoryRouter([{ path: '/area/*', element: <Area /> }], { initialEntries: [route] });
  return renderWithProviders(<RouterProvider router={router} />, { withRouter: false });
}

describe('a filing’s page', () => {
  let current: FilingWithHistory;
  let api: ReturnType<typeof stubApi>;
  beforeEach(() => {
    current = filing();
    api = stubApi(({ path, method, body }) => {
      const json = (b: unknown, status = 200) => ({ status, body: b });
      if (path.endsWith(`/compliance/filing/${ID}`) && method === 'PATCH') {
        const patch = body as Partial<FilingWithHistory>;
        current = {
          ...current,
          ...patch,
          details: patch.details ?? current.details,
          updated_on: new Date().toISOString(),
        };
        return json({ filing: current });
      }
      if (path.endsWith(`/compliance/filing/${ID}/submit`)) {
        current = { ...current, status: 'in_review', status_reason: null };
        return json({ filing: current });
      }
      if (path.endsWith(`/compliance/filing/${ID}`)) return json({ filing: current });
      if (path.endsWith('/compliance/filing'))
        return json({
          items: [{ ...current, filing_uuid: BRAND, name: 'Acme brand', kind: 'brand_10dlc', status: 'approved' }],
          total: 1,
          per_page: 100,
        });
      if (path.endsWith('/compliance/settings')) return json({ enforcement: true });
      return json({ error: { message: `unexpected ${path}` } }, 500);
    });
  });
  afterEach(() => api.restore());

  it('shows the rejection’s reason, and sends the edited samples before resubmitting', async () => {
    renderArea(`/area/compliance/filing/${ID}`);
    expect((await screen.findByTestId('filing-rejection', {}, { timeout: 10_000 })).textContent).toMatch(
      /Reply STOP to opt out/,
    );
    const samples = screen.getByLabelText('Sample messages');
    await waitFor(() => expect((samples as HTMLTextAreaElement).value).toBe('Your order shipped'));
    fireEvent.change(samples, { target: { value: 'Your order shipped. Reply STOP to opt out' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resubmit' }));
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/submit'))).toBe(true), { timeout: 10_000 });
    const patch = api.calls.find((c) => c.method === 'PATCH')?.body as { details: { sample_messages: string[] } };
    expect(patch.details.sample_messages).toEqual(['Your order shipped. Reply STOP to opt out']);
    expect(
      await screen.findByText('In review', { selector: '[data-testid="filing-status"]' }, { timeout: 10_000 }),
    ).toBeTruthy();
    // nothing can be changed while it is in review
    expect(screen.queryByRole('button', { name: 'Resubmit' })).toBeNull();
  }, 60_000);

  it('an approved campaign offers its numbers; a draft one says numbers come after approval', async () => {
    current = filing({ status: 'draft', status_reason: null });
    renderArea(`/area/compliance/filing/${ID}`);
    expect(
      await screen.findByText('Numbers attach once the filing is approved.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeTruthy();
  }, 60_000);
});
