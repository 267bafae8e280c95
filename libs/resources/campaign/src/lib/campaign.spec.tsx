import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import type { Campaign } from '@smsc/shared-contract';
import { setDisplayZone } from '@smsc/shared-util';
import {
  CAMPAIGN_DEFAULTS,
  campaignBundle,
  ProgressCell,
  campaignBody,
  campaignDefinition,
  campaignPatch,
  parseValues,
  unfilledPlaceholders,
} from './campaign.resource';
import { allowedActions, CampaignActions, CampaignDashboardPage } from './campaign-pages';

const row: Campaign = {
  campaign_uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  campaign_name: 'Spring',
  status: 'draft',
  text: 'Hi',
  sms_template_uuid: null,
  ani: '+12125552301',
  ani_group_uuid: null,
  ani_group_name: null,
  quiet_start: null,
  quiet_end: null,
  time_zone: 'America/New_York',
  start_at: null,
  values: {},
  recipient_count: 3,
  progress: null,
  company_uuid: '1c9e6679-7425-40de-944b-e07fc1f90ae7',
  company_name: 'Acme',
  started_on: null,
  finished_on: null,
  pause_reason: null,
  created_on: '2026-01-01T00:00:00Z',
};

describe('campaign resource', () => {
  it('searches by campaign_name (docs/spec.md §7) and enables only the moves a state allows', () => {
    expect(campaignDefinition.columns.filter((c) => c.search).map((c) => c.key)).toEqual(['campaign_name']);
    expect(allowedActions('draft')).toEqual(['run']);
    expect(allowedActions('running')).toEqual(['hold', 'stop']);
    expect(allowedActions('held')).toEqual(['run', 'stop']);
    expect(allowedActions('stopped')).toEqual([]);
  });

  it('turns the form into the call: numbers one per line, empty pickers left null, a run campaign sends its name only', () => {
    expect(
      campaignBody({
        campaign_name: ' Spring ',
        text: 'Hi {name}',
        ani: '+12125552301',
        numbers: '+1 212 555 0100\n\n2125550101, ',
        all_recipients: true,
        start_at: '2026-12-01T09:00:00Z',
        time_zone: '',
      }),
    ).toEqual({
      campaign_name: 'Spring',
      text: 'Hi {name}',
      sms_template_uuid: null,
      ani: '+12125552301',
      ani_group_uuid: null,
      quiet_start: null,
      quiet_end: null,
      start_at: '2026-12-01T09:00:00.000Z',
      all_recipients: true,
      numbers: ['+1 212 555 0100', '2125550101'],
      values: null,
    });
    expect(campaignPatch({ campaign_name: 'New name', text: 'changed' }, { ...row, status: 'running' })).toEqual({
      campaign_name: 'New name',
    });
    expect(campaignPatch({ campaign_name: 'x', text: 'changed' }, row)).toMatchObject({ text: 'changed' });
  });

  it('asks values for the placeholders that typed numbers do not fill, and sends them', () => {
    const form = { campaign_name: 'S', text: 'Hi {name}, order {order} for {number}', numbers: '+12125550100' };
    expect(unfilledPlaceholders(form)).toEqual(['name', 'order']);
    // saved recipients only: their name fills {name}
    expect(unfilledPlaceholders({ ...form, numbers: '', all_recipients: true })).toEqual(['order']);
    const filled = { ...form, values: 'name = friend\n{Order}=A-12\n' };
    expect(unfilledPlaceholders(filled)).toEqual([]);
    expect(campaignBody(filled).values).toEqual({ name: 'friend', Order: 'A-12' });
    expect(parseValues('no equals\n=x\na=b=c')).toEqual({ a: 'b=c' });
  });
});

describe('CampaignActions', () => {
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path }) => {
      if (path.endsWith('/run')) return { status: 200, body: { campaign: { ...row, status: 'running' } } };
      return { status: 409, body: { code: 'error', detail: 'A stopped campaign cannot hold; only a running one can' } };
    });
  });
  afterAll(() => api.restore());

  it('runs a draft with POST /campaign/{id}/run and says so in a toast; hold and stop stay disabled', async () => {
    const { store } = renderWithProviders(<CampaignActions row={row} />);
    expect((screen.getByRole('button', { name: 'Hold campaign Spring' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Stop campaign Spring' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Run campaign Spring' }));
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Campaign "Spring" is running'), {
      timeout: 20_000,
    });
    expect(api.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/campaign/7c9e6679-7425-40de-944b-e07fc1f90ae7/run',
    });
  }, 60_000);

  it("shows the server's refusal as an error toast", async () => {
    const { store } = renderWithProviders(<CampaignActions row={{ ...row, status: 'running' }} />);
    expect((screen.getByRole('button', { name: 'Run campaign Spring' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Hold campaign Spring' }));
    await waitFor(
      () =>
        expect(store.getState().toast.current).toMatchObject({
          kind: 'error',
          text: 'A stopped campaign cannot hold; only a running one can',
        }),
      { timeout: 20_000 },
    );
  }, 60_000);
});

describe('stopping, waiting and quiet hours', () => {
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path }) => ({ status: 200, body: { campaign: { ...row, status: 'stopped' }, path } }));
  });
  afterAll(() => api.restore());

  it('asks before a stop, which is final, and stops only once confirmed', async () => {
    renderWithProviders(<CampaignActions row={{ ...row, status: 'running' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop campaign Spring' }));
    expect((await screen.findAllByText('Stop "Spring" for good?')).length).toBeGreaterThan(0);
    expect(api.calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(api.calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Stop campaign Spring' }));
    const confirm = await screen.findAllByRole('button', { name: 'Stop campaign' });
    fireEvent.click(confirm[confirm.length - 1]);
    await waitFor(() => expect(api.calls.map((c) => c.path)).toEqual([`/campaign/${row.campaign_uuid}/stop`]));
  }, 60_000);

  it('says until when a campaign waits for its window, in the company zone, named', () => {
    setDisplayZone('Europe/Berlin');
    renderWithProviders(
      <ProgressCell
        progress={{
          total: 2,
          sent: 0,
          delivered: 0,
          failed: 0,
          blocked: 0,
          left: 2,
          waiting_until: '2026-12-01T13:00:00Z',
        }}
      />,
    );
    expect(screen.getByTestId('campaign-waiting').textContent).toBe(
      'Waiting for its sending window until 2026-12-01 14:00 (Europe/Berlin)',
    );
    setDisplayZone(null);
  });

  it('shows why the platform held a campaign (its opt-out rate) beside its state', () => {
    const state = campaignDefinition.columns.find((c) => c.key === 'status');
    const reason = 'Held automatically: 3 of 100 recipients (3.0%) opted out, above the 2% limit';
    renderWithProviders(<>{state?.render?.('held', { ...row, status: 'held', pause_reason: reason })}</>);
    expect(screen.getByText('held')).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
  });

  it('starts a new campaign with quiet hours as values, not hints', () => {
    expect(campaignBundle.defaults).toEqual({ quiet_start: '21:00', quiet_end: '08:00' });
    expect(campaignBody({ campaign_name: 'x', ...CAMPAIGN_DEFAULTS })).toMatchObject({
      quiet_start: '21:00',
      quiet_end: '08:00',
    });
  });
});

describe('CampaignDashboardPage', () => {
  let sent = 1;
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(() => {
      sent += 1;
      return {
        status: 200,
        body: {
          counts: { draft: 2, running: 1, held: 0, stopped: 0, finished: 4 },
          active: [
            {
              campaign_uuid: row.campaign_uuid,
              campaign_name: 'Spring',
              status: 'running',
              progress: { total: 10, sent, delivered: sent - 1, failed: 0, blocked: 0, left: 10 - sent },
            },
          ],
        },
      };
    });
  });
  afterAll(() => api.restore());

  it("shows counts by state and the running campaign's progress, read again without a reload", async () => {
    renderWithProviders(<CampaignDashboardPage />);
    expect(await screen.findByText('Spring', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText(/^2 \/ 10 handed over · 1 delivered · 0 failed · 8 left$/)).toBeTruthy();
    // the page polls: a later answer moves the figures on
    await waitFor(
      () => expect(screen.getByText(/^3 \/ 10 handed over · 2 delivered · 0 failed · 7 left$/)).toBeTruthy(),
      {
        timeout: 20_000,
      },
    );
  }, 60_000);
});
