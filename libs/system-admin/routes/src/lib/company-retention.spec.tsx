import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Company } from '@smsc/shared-contract';
import { RoleRoutes, withLoadedAreas } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { systemAdminModule } from './routes';

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe("the system admin's company edit form: the company's own message retention", () => {
  jest.setTimeout(300_000);
  beforeAll(() => withLoadedAreas(systemAdminModule));
  let api: ReturnType<typeof stubApi>;
  let company: Company;
  beforeAll(() => {
    api = stubApi(({ method, path, body }) => {
      if (path === `/company/${ID}` && method === 'PATCH') {
        company = { ...company, ...(body as Partial<Company>) };
        return { body: company };
      }
      if (path === `/company/${ID}`) return { body: company };
      if (path.endsWith('/list')) return { body: { items: [], total: 0, per_page: 1000 } };
      return undefined;
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    company = {
      company_uuid: ID,
      company_name: 'Globex',
      reseller_uuid: null,
      reseller_name: null,
      payment_term_uuid: null,
      status: 'active',
      prepay: true,
      is_below_credit_limit: false,
      is_created_by_admin: true,
      created_on: '2026-03-01T00:00:00.000Z',
      time_zone: 'America/New_York',
      price_notice_days: 7,
      retention_redact_days: null,
      retention_remove_days: 400,
      retention_archive: null,
    };
    api.calls.length = 0;
  });

  it('shows the overrides, saves new days with a toast, an emptied field going back to the default', async () => {
    const { store } = renderWithProviders(
      <Routes>
        <Route path="/system-admin/*" element={<RoleRoutes module={systemAdminModule} />} />
      </Routes>,
      { route: `/system-admin/companies/edit-company/${ID}` },
    );
    const redact = (await screen.findByLabelText('Redact message bodies after (days)', undefined, {
      timeout: 60_000,
    })) as HTMLInputElement;
    const remove = screen.getByLabelText('Remove messages after (days)') as HTMLInputElement;
    await waitFor(() => expect(remove.value).toBe('400'));
    expect(redact.value).toBe('');
    expect(redact.placeholder).toBe('Platform default');
    await act(async () => fireEvent.change(redact, { target: { value: '30' } }));
    await act(async () => fireEvent.change(remove, { target: { value: '' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
        retention_redact_days: 30,
        retention_remove_days: null,
        retention_archive: null,
      }),
    );
    await waitFor(() => expect(store.getState().toast.current).toMatchObject({ kind: 'success' }));
  });
});
