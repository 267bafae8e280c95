import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { setDisplayZone } from '@smsc/shared-util';
import { previewCsv } from './bulk-csv';
import { BulkSendForm } from './bulk-send';
import { BulkReportPage } from './bulk-report';
import { BulkList } from './bulk-list';

// the live count as resource-sms gives it (GSM-7: 160 in one part, 153 per part beyond)
const parts = (t: string) => ({
  segments: t.length <= 160 ? 1 : Math.ceil(t.length / 153),
  encoding: 'GSM-7',
  characters: t.length,
  characters_left: 0,
});
const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
type Figure = 'sent' | 'delivered' | 'failed' | 'left' | 'awaiting' | 'blocked';
const bulk = (status: string, progress: Partial<Record<Figure, number>> = {}, hold_reason: string | null = null) => ({
  bulk_uuid: ID,
  kind: 'bulk',
  company_uuid: ID,
  company_name: 'Acme',
  user_uuid: null,
  ani: '+12125552301',
  ani_group_uuid: null,
  text: 'Hello',
  status,
  hold_reason,
  file_name: null,
  campaign_uuid: null,
  send_at: null as string | null,
  started_at: '2026-01-01T00:00:00Z',
  finished_at: null,
  created_on: '2026-01-01T00:00:00Z',
  progress: {
    total: 10,
    sent: 0,
    delivered: 0,
    failed: 0,
    left: 10,
    awaiting: 0,
    undelivered: 0,
    blocked: 0,
    cancelled: 0,
    status,
    ...progress,
  },
});

describe('previewCsv (auto-substitute)', () => {
  it('previews the first messages with each row substituted', () => {
    const p = previewCsv('name,number\nAnn,+14155550121\nBo,+14155550122\n', 'Hi {name}', 1);
    expect(p).toEqual({
      columns: ['name', 'number'],
      messages: [{ number: '+14155550121', text: 'Hi Ann' }],
      problem: null,
    });
  });
  it('names what is wrong: no number column, a placeholder without a column', () => {
    expect(previewCsv('name\nAnn\n', 'Hi').problem).toMatch(/column named number/);
    expect(previewCsv('number\n+14155550121\n', 'Hi {name}').problem).toBe(
      'The text uses {name} but the CSV has no such column',
    );
  });
});

describe('bulk screens', () => {
  let api: ReturnType<typeof stubApi>;
  let status = 'running';
  let reads = 0;
  let listed: (read: number) => ReturnType<typeof bulk>;
  let estimate: Record<string, unknown>;
  beforeAll(() => {
    api = stubApi(({ path, method }) => {
      const json = (body: unknown, code = 200) => ({ status: code, body });
      if (path.endsWith('/did/company/list'))
        return json({ items: [{ did: '+12125552301', description: 'Main' }], total: 1, per_page: 1000 });
      if (path.endsWith('/bulk') && method === 'POST')
        return json({ bulk_uuid: ID, total: 2, duplicates: 0, status: 'running' }, 201);
      if (path.endsWith('/bulk/estimate')) return json(estimate);
      if (path.endsWith('/bulk/list')) {
        reads++;
        return json({ items: [listed(reads)], total: 23, per_page: 10 });
      }
      if (path.endsWith('/hold')) {
        status = 'held';
        return json({ message: 'The bulk is on hold; run it to go on where it stopped', status: 'held' });
      }
      if (path.endsWith('/report')) {
        return json({
          bulk: bulk('finished', { sent: 10, delivered: 9, failed: 1, left: 0 }),
          items: [
            {
              seq: 1,
              number: '+14155550121',
              route_status: 'undelivered',
              text: 'Hello',
              sms_uuid: ID,
              status_message: 'Not delivered',
              sent_on: null,
            },
          ],
          total: 1,
          per_page: 10,
        });
      }
      return json({ code: 'error', detail: `unexpected ${path}` }, 500);
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    api.calls.length = 0;
    reads = 0;
    status = 'running';
    // the running job moves on between two reads: the list polls without a reload
    listed = (read) =>
      bulk(status, read > 1 ? { sent: 10, delivered: 10, left: 0 } : { sent: 4, delivered: 2, awaiting: 2, left: 6 });
    estimate = {
      total: 2,
      duplicates: 0,
      messages: 2,
      parts: 4,
      parts_per_message: 2,
      encoding: 'GSM-7',
      cost: '0.048',
      available: '0.03',
      currency: 'USD',
      covered: false,
      refused: [],
    };
  });

  it('sends pasted numbers with live parts, toasts, and shows the job', async () => {
    const { store } = renderWithProviders(<BulkSendForm countParts={parts} reportPath="/history" />);
    fireEvent.mouseDown(screen.getByLabelText('From'));
    fireEvent.click(await screen.findByText('+1 212 555 2301 · Main', {}, { timeout: 20_000 }));
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'a'.repeat(161) } });
    expect(screen.getByTestId('bulk-segments').textContent).toBe('2 parts');
    const send = screen.getByRole('button', { name: 'Send bulk' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Numbers'), { target: { value: '+14155550121\n+14155550122' } });
    expect(screen.getByText('2 numbers, one per line or separated by commas')).toBeTruthy();
    // before the click: parts, cost and what is available, from the estimate of exactly this bulk
    await waitFor(() => expect(screen.getByTestId('estimate-cost').textContent).toBe('USD 0.048'), { timeout: 5000 });
    expect(screen.getByTestId('estimate-available').textContent).toBe('USD 0.03');
    expect(screen.getByTestId('estimate-parts').textContent).toBe('4');
    expect(api.calls.find((c) => c.path.endsWith('/bulk/estimate'))?.body).toEqual({
      ani: '+12125552301',
      text: 'a'.repeat(161),
      numbers: ['+14155550121', '+14155550122'],
    });
    // above the balance the click asks first, and nothing is sent until it is confirmed
    fireEvent.click(screen.getByRole('button', { name: 'Send bulk' }));
    expect((await screen.findByTestId('bulk-confirm')).textContent).toContain('USD 0.048 and USD 0.03 is available');
    expect(api.calls.some((c) => c.path.endsWith('/bulk') && c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/bulk') && c.method === 'POST')).toBe(true));
    const body = api.calls.find((c) => c.path.endsWith('/bulk') && c.method === 'POST')?.body;
    expect(body).toEqual({ ani: '+12125552301', text: 'a'.repeat(161), numbers: ['+14155550121', '+14155550122'] });
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Bulk accepted: 2 numbers, running'));
    // the form is empty again (a second click cannot send the list twice) and links to the job's report
    expect((screen.getByLabelText('Numbers') as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByLabelText('Text') as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByTestId('bulk-progress-link').getAttribute('href')).toBe(`/history?bulk=${ID}`);
  }, 60_000);

  it('sends one bulk for a double click, under one Idempotency-Key; the next bulk has a key of its own', async () => {
    estimate = { ...estimate, available: '10.00', covered: true };
    renderWithProviders(<BulkSendForm countParts={parts} />);
    const posts = () => api.calls.filter((c) => c.path.endsWith('/bulk') && c.method === 'POST');
    const fill = async (numbers: string) => {
      fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Hello' } });
      fireEvent.change(screen.getByLabelText('Numbers'), { target: { value: numbers } });
      await waitFor(() => expect(screen.getByTestId('estimate-cost').textContent).toBe('USD 0.048'), { timeout: 5000 });
    };
    fireEvent.mouseDown(screen.getByLabelText('From'));
    fireEvent.click(await screen.findByText('+1 212 555 2301 · Main', {}, { timeout: 20_000 }));
    await fill('+14155550121');
    const form = screen.getByRole('form', { name: 'Bulk send' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect((screen.getByLabelText('Numbers') as HTMLTextAreaElement).value).toBe(''));
    expect(posts()).toHaveLength(1);
    const first = posts()[0].headers.get('idempotency-key');
    expect(first).toMatch(/.{8,}/);
    await fill('+14155550122');
    fireEvent.submit(screen.getByRole('form', { name: 'Bulk send' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1].headers.get('idempotency-key')).toMatch(/.{8,}/);
    expect(posts()[1].headers.get('idempotency-key')).not.toBe(first);
  }, 60_000);

  it('keeps a finished bulk live while its receipts come in: the list row does not freeze', async () => {
    // the job has handed everything over; receipts are still arriving between two reads
    listed = (read) =>
      bulk(
        'finished',
        read > 1 ? { sent: 10, delivered: 10, left: 0 } : { sent: 10, delivered: 3, awaiting: 7, left: 0 },
      );
    renderWithProviders(<BulkList kind="bulk" />, { route: '/bulk' });
    await screen.findByTestId(`bulk-progress-${ID}`, {}, { timeout: 20_000 });
    expect(screen.getByTestId('bulk-delivered').textContent).toBe('3');
    expect(screen.getByTestId('bulk-awaiting').textContent).toBe('7');
    await waitFor(() => expect(screen.getByTestId('bulk-delivered').textContent).toBe('10'), { timeout: 6000 });
    expect(screen.queryByTestId('bulk-awaiting')).toBeNull();
  }, 60_000);

  it('names a job held for its balance, and keeps it live so it shows going on after a top-up', async () => {
    listed = (read) =>
      read > 1
        ? bulk('running', { sent: 6, delivered: 4, awaiting: 2, left: 4 })
        : bulk('held', { sent: 4, delivered: 4, left: 6 }, 'balance');
    renderWithProviders(<BulkList kind="bulk" />, { route: '/bulk' });
    expect(await screen.findByText('held: balance', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByTestId('bulk-blocked')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('bulk-left').textContent).toBe('4'), { timeout: 6000 });
  }, 60_000);

  it('asks the values pasted numbers cannot fill before the click, previews them and sends them', async () => {
    estimate = { ...estimate, total: 1, messages: 1, parts: 1, parts_per_message: 1, cost: '0.012', covered: true };
    renderWithProviders(<BulkSendForm countParts={parts} />);
    fireEvent.mouseDown(screen.getByLabelText('From'));
    fireEvent.click(await screen.findByText('+1 212 555 2301 · Main', {}, { timeout: 20_000 }));
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Sale at {shop} for {number}' } });
    fireEvent.change(screen.getByLabelText('Numbers'), { target: { value: '+14155550121' } });
    const send = screen.getByRole('button', { name: 'Send bulk' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Give a value for {shop} before sending');
    fireEvent.change(screen.getByLabelText('Value for {shop}'), { target: { value: 'Main St' } });
    expect(screen.getByTestId('bulk-preview').textContent).toBe('Sale at Main St for +14155550121');
    // the click waits for the estimate of exactly this bulk, values included
    await waitFor(() => expect(send.disabled).toBe(false), { timeout: 5000 });
    expect(api.calls.find((c) => c.path.endsWith('/bulk/estimate'))?.body).toMatchObject({
      values: { shop: 'Main St' },
    });
    fireEvent.click(send);
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/bulk') && c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.path.endsWith('/bulk') && c.method === 'POST')?.body).toEqual({
      ani: '+12125552301',
      text: 'Sale at {shop} for {number}',
      numbers: ['+14155550121'],
      values: { shop: 'Main St' },
    });
  }, 60_000);

  it('lists bulks with live progress, page in the URL, and Hold (confirmed first) only while it runs', async () => {
    const { store } = renderWithProviders(<BulkList kind="bulk" />, { route: '/bulk?page=3&per_page=10' });
    await screen.findByTestId(`bulk-progress-${ID}`, {}, { timeout: 20_000 });
    expect(`?${api.calls[0].query}`).toBe('?page=2&per_page=10');
    expect(screen.getByTestId('bulk-left').textContent).toBe('6');
    // polled while running: the next read shows it done, without a reload
    await waitFor(() => expect(screen.getByTestId('bulk-left').textContent).toBe('0'), { timeout: 5000 });
    const row = screen.getByTestId(`bulk-progress-${ID}`).closest('tr') as HTMLElement;
    // a running bulk offers only what it can do: hold (no Run, no "Stop" that only holds)
    expect(within(row).queryByRole('button', { name: /Run|Resume|Stop/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Hold' }));
    // the hold is asked first, saying what it does
    expect(await screen.findByText(/Nothing more is sent until you resume it/)).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith(`/bulk/${ID}/hold`))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Hold the bulk' }));
    await waitFor(() =>
      expect(store.getState().toast.current?.text).toBe('The bulk is on hold; run it to go on where it stopped'),
    );
    expect(api.calls.some((c) => c.path.endsWith(`/bulk/${ID}/hold`) && c.method === 'POST')).toBe(true);
    await waitFor(() =>
      expect(
        (
          within(screen.getByTestId(`bulk-progress-${ID}`).closest('tr') as HTMLElement).getByRole('button', {
            name: 'Resume',
          }) as HTMLButtonElement
        ).disabled,
      ).toBe(false),
    );
  }, 60_000);

  it('shows a bulk report with the route status filter from the URL', async () => {
    renderWithProviders(<BulkReportPage />, { route: `/bulk/bulk-report?bulk=${ID}&route_status=undelivered` });
    expect(await screen.findByText('+14155550121', {}, { timeout: 20_000 })).toBeTruthy();
    expect(api.calls.find((c) => c.path.endsWith('/report'))?.query.toString()).toContain('route_status=undelivered');
    expect(screen.getByTestId('bulk-report-progress').textContent).toContain('delivered 9');
    // a finished bulk shows no run or hold at all
    expect(screen.queryByRole('button', { name: /Run|Resume|Hold|Stop|Send now/ })).toBeNull();
    expect(screen.getByTestId('bulk-send-at').textContent).toBe('Now (not scheduled)');
  }, 60_000);

  it('shows when a scheduled bulk will send in the list, with Send now and Hold', async () => {
    const at = '2026-03-01T15:30:00Z';
    listed = () => ({ ...bulk('scheduled'), send_at: at });
    // the company's zone: the time reads in it and the header names it
    setDisplayZone('America/Chicago');
    renderWithProviders(<BulkList kind="bulk" />, { route: '/bulk' });
    const row = (await screen.findByTestId(`bulk-progress-${ID}`, {}, { timeout: 20_000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('2026-03-01 09:30')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Send now' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Hold' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Scheduled for (America/Chicago)' })).toBeTruthy();
    // the moves stay in view at the right edge of a wide list (issue 45: cut off at 1280 px)
    expect(screen.getByRole('columnheader', { name: 'Actions' }).className).toContain('ant-table-cell-fix-end');
    setDisplayZone(null);
  }, 60_000);
});
