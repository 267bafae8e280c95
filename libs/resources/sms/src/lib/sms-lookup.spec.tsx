import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import type { MessageLookup } from '@smsc/shared-contract';
import { SmsStoryButton } from './sms-story';

// Issue 49 item 5: a message's details show the number lookup it was routed with (the network it is on now, ported
// or not, line type, who answered, what the route followed) and, for the admin, what the lookup cost.
const PORTED = '7c9e6679-7425-40de-944b-e07fc1f90ae1';
const FAILED = '7c9e6679-7425-40de-944b-e07fc1f90ae2';
const NONE = '7c9e6679-7425-40de-944b-e07fc1f90ae3';

const accepted = {
  kind: 'accepted',
  at: '2026-11-26T10:00:00Z',
  summary: 'Accepted from +13125552401 to +4915112340077',
  parts: 1,
  unit_price: null,
  amount: null,
  currency: null,
  vendor: null,
  route: null,
  gateway_id: null,
  raw_status: null,
  error_code: null,
  reason: null,
};
const answer = (id: string, lookup: MessageLookup | null) => ({
  sms_uuid: id,
  status: 'queued',
  final: false,
  events: [
    accepted,
    {
      ...accepted,
      kind: 'looked_up',
      summary: lookup ? 'Number looked up: Vodafone (262-02), mobile, ported; routed by the network it is on' : '',
    },
  ].slice(0, lookup ? 2 : 1),
  lookup,
});

describe('message details: the number lookup', () => {
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path }) => {
      if (path === `/sms/${PORTED}/events`)
        return {
          body: answer(PORTED, {
            status: 'found',
            source: 'provider',
            provider: 'simulator',
            mcc: '262',
            mnc: '02',
            network_name: 'Vodafone',
            ported: true,
            line_type: 'mobile',
            error: null,
            routed_by: 'lookup',
            cost: '0.0005',
          }),
        };
      if (path === `/sms/${FAILED}/events`)
        return {
          body: answer(FAILED, {
            status: 'failed',
            source: null,
            provider: 'simulator',
            mcc: null,
            mnc: null,
            network_name: null,
            ported: null,
            line_type: null,
            error: 'timeout',
            routed_by: 'prefix',
            cost: null,
          }),
        };
      if (path === `/sms/${NONE}/events`) return { body: answer(NONE, null) };
      return { status: 404, body: { code: 'not_found', detail: 'not found' } };
    });
  });
  afterAll(() => api.restore());

  const open = async (id: string) => {
    renderWithProviders(<SmsStoryButton id={id} />);
    fireEvent.click(screen.getByRole('button', { name: 'Message details' }));
    return screen.findByTestId('sms-story', {}, { timeout: 30_000 });
  };
  /** The lookup section's rows as "label: value". */
  const rows = () =>
    within(screen.getByTestId('sms-lookup'))
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent).join(': '));

  it('shows the network a ported number is on, who answered, what routed it and the cost', async () => {
    await open(PORTED);
    expect(screen.getByTestId('sms-event-looked_up').textContent).toContain('ported');
    expect(rows()).toEqual([
      'Lookup: Found',
      'Mobile network: Vodafone (MCC 262, MNC 02)',
      'Ported: Yes',
      'Line type: Mobile',
      'Answered by: simulator',
      'Routed by: The network the lookup found',
      'Lookup cost: USD 0.0005',
    ]);
  }, 120_000);

  it('says why a lookup failed, that the prefix routed it, and shows no cost to whom the server gave none', async () => {
    await open(FAILED);
    expect(rows()).toEqual([
      'Lookup: Failed: the provider did not answer in time',
      'Answered by: —',
      "Routed by: The number's prefix (no network from the lookup)",
    ]);
  }, 120_000);

  it('shows no lookup section for a message that had none', async () => {
    await open(NONE);
    expect(screen.queryByTestId('sms-lookup')).toBeNull();
  }, 120_000);
});
