import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { smsBundle, smsDefinition, SMS_LOG_POLL_MS, useLiveSmsList } from './sms.resource';
import { SmsStoryButton } from './sms-story';
import { displayZone } from '@smsc/shared-util';

/** The log page's list query as ListPage calls it, without the page around it. */
function LiveStatuses() {
  const { data } = useLiveSmsList({ page: 0, per_page: 10, is_received: false });
  return <output data-testid="statuses">{data?.items.map((m) => m.status).join(',')}</output>;
}

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const sms = (status: string) => ({
  sms_uuid: ID,
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
  vendor_product_uuid: null,
  vendor_product_name: null,
  mobile_network_name: 'T-Mobile US',
  company_uuid: null,
  company_name: null,
  user_uuid: null,
  user_name: null,
  user_email: null,
  recipient_uuid: null,
  sms_template_uuid: null,
  send_at: null,
  sent_on: null,
  delivered_on: null,
  created_on: '2026-11-26T10:00:00Z',
});
const step = (kind: string, summary: string, extra: Record<string, unknown> = {}) => ({
  kind,
  at: '2026-11-26T10:00:00Z',
  summary,
  parts: null,
  unit_price: null,
  amount: null,
  currency: null,
  vendor: null,
  route: null,
  gateway_id: null,
  raw_status: null,
  error_code: null,
  reason: null,
  ...extra,
});

describe('SMS log: live rows and a drawer with each message story', () => {
  let api: ReturnType<typeof stubApi>;
  let reads = 0;
  beforeAll(() => {
    api = stubApi(({ path }) => {
      if (path.endsWith(`/sms/${ID}/events`))
        return {
          status: 200,
          body: {
            sms_uuid: ID,
            status: 'undelivered',
            final: true,
            events: [
              step('accepted', 'Accepted from +12125552301 to +14155550111', { parts: 1 }),
              step('priced', 'Priced: 1 part (GSM-7) at 0.012 USD a part', {
                parts: 1,
                unit_price: '0.012',
                amount: '0.012',
                currency: 'USD',
              }),
              step('submitted', 'Handed over to the gateway simulator', { gateway_id: 'simulator' }),
              step('receipt', 'Receipt: undelivered', { raw_status: 'UNDELIV', error_code: '001' }),
              step('released', 'Hold released: nothing was charged', { amount: '0.012', currency: 'USD' }),
            ],
          },
        };
      if (path.endsWith('/sms/list')) {
        reads++;
        // a message in flight: the page reads again until its receipt is in
        return { status: 200, body: { items: [sms(reads > 1 ? 'delivered' : 'sent')], total: 1, per_page: 10 } };
      }
      return { status: 500, body: { code: 'error', detail: `unexpected ${path}` } };
    });
  });
  afterAll(() => api.restore());

  it('reads the page again while a shown message is in flight, then stops', async () => {
    expect(SMS_LOG_POLL_MS).toBeLessThanOrEqual(5000);
    expect(smsBundle.useList).toBe(useLiveSmsList);
    renderWithProviders(<LiveStatuses />);
    await waitFor(() => expect(screen.getByTestId('statuses').textContent).toBe('sent'), { timeout: 20_000 });
    await waitFor(() => expect(screen.getByTestId('statuses').textContent).toBe('delivered'), {
      timeout: SMS_LOG_POLL_MS + 10_000,
    });
    const settled = reads;
    await new Promise((r) => setTimeout(r, SMS_LOG_POLL_MS + 1000));
    expect(reads).toBe(settled);
  }, 120_000);

  it('opens the story of a row: unit price, gateway id, raw receipt and error code, the final state', async () => {
    // every log row has the way in
    expect(smsDefinition.columns.map((c) => c.key)).toContain('details');
    renderWithProviders(<SmsStoryButton id={ID} />);
    fireEvent.click(screen.getByRole('button', { name: 'Message details' }));
    expect(await screen.findByTestId('sms-story', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByTestId('sms-story-status').textContent).toBe('undelivered');
    expect(screen.getByTestId('sms-event-priced').textContent).toContain('unit price USD 0.012');
    expect(screen.getByTestId('sms-event-submitted').textContent).toContain('gateway id simulator');
    expect(screen.getByTestId('sms-event-receipt').textContent).toContain('status UNDELIV · error code 001');
    expect(screen.getByTestId('sms-event-released').textContent).toContain('nothing was charged');
    // the steps' times are the account zone's, and the story says so
    expect(screen.getByTestId('sms-story-zone').textContent).toBe(`Times (${displayZone()})`);
  }, 120_000);
});
