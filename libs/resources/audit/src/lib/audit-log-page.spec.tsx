import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import type { AuditEntry } from '@smsc/shared-contract';
import { setDisplayZone } from '@smsc/shared-util';
import { AuditLogPage } from './audit-log-page';
import { describeChanges } from './audit.resource';

const entry = (id: string, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-20T10:00:00.000Z',
  actor_uuid: null,
  actor_email: 'admin@example.com',
  actor_type: 'admin',
  ip: '203.0.113.7',
  action: 'update',
  entity: 'company',
  entity_id: `c-${id}`,
  company_uuid: null,
  reseller_uuid: null,
  changes: { company_name: { before: 'Acme', after: 'Acme Ltd' } },
  ...over,
});

describe('AuditLogPage', () => {
  const queries: URLSearchParams[] = [];
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi((call) => {
      if (call.method !== 'GET' || call.path !== '/audit/list') return undefined;
      queries.push(call.query);
      const page = Number(call.query.get('page') ?? 0);
      // three rows keep the render light; the total still makes three pages
      return {
        body: { items: Array.from({ length: 3 }, (_, i) => entry(String(page * 20 + i))), total: 45, per_page: 20 },
      };
    });
  });
  afterAll(() => api.restore());

  it('lists entries read-only, with the range and filters taken from the address and sent to the server', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/system-admin/audit-log" element={<AuditLogPage />} />
      </Routes>,
      {
        route: '/system-admin/audit-log?page=1&entity=company&actor_email=admin&from_day=2026-11-01&to_day=2026-11-24',
      },
    );
    const table = await screen.findByRole('table');
    await waitFor(() => expect(queries.length).toBeGreaterThan(0));
    const q = queries.at(-1) as URLSearchParams;
    expect(q.get('page')).toBe('1');
    expect(q.get('per_page')).toBe('20');
    expect(q.get('entity')).toBe('company');
    expect(q.get('actor_email')).toBe('*admin*');
    expect(q.get('from')).toBe('2026-11-01T00:00:00.000Z');
    expect(q.get('to')).toBe('2026-11-25T00:00:00.000Z');
    expect((await within(table).findAllByText('company_name: Acme → Acme Ltd')).length).toBe(3);
    // the action reads as a word, not the stored code
    expect(within(table).getAllByText('Changed')).toHaveLength(3);
    expect(within(table).queryByText('update')).toBeNull();
    // nothing to add, edit or delete
    expect(screen.queryByRole('button', { name: /^(New|Add|Delete|Edit)/ })).toBeNull();
    expect(within(table).queryByRole('link', { name: /Edit/ })).toBeNull();
    // the second page is shown as current
    expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('2');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
  }, 240_000);

  it("reads the day range as the account zone's days, and says which zone", async () => {
    setDisplayZone('America/New_York');
    try {
      renderWithProviders(
        <Routes>
          <Route path="/audit-log" element={<AuditLogPage />} />
        </Routes>,
        { route: '/audit-log?from_day=2026-11-01&to_day=2026-11-24' },
      );
      await screen.findByRole('table', undefined, { timeout: 60_000 });
      await waitFor(() => expect(queries.at(-1)?.get('from')).toBe('2026-11-01T04:00:00.000Z'));
      // New York leaves daylight time on 1 November: the 24th ends at 05:00Z
      expect(queries.at(-1)?.get('to')).toBe('2026-11-25T05:00:00.000Z');
      expect(screen.getByText('Date range (America/New_York)')).toBeTruthy();
    } finally {
      setDisplayZone(null);
    }
  }, 240_000);

  it('describes creates, updates and deletes in words', () => {
    expect(describeChanges({ amount: { before: null, after: '12.5' } }, 'create')).toBe('amount: 12.5');
    expect(
      describeChanges(
        { name: { before: 'a', after: 'b' }, password: { before: '[redacted]', after: '[redacted]' } },
        'update',
      ),
    ).toBe('name: a → b; password: [redacted] → [redacted]');
    expect(describeChanges({ did: { before: '+1617', after: null } }, 'delete')).toBe('did: +1617');
  });
});
