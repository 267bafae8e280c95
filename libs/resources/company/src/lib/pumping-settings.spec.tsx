import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GuardSettings } from '@smsc/shared-contract';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { PumpingSettingsPage, SETTING_FIELDS, settingsBody } from './pumping-settings';

const base: GuardSettings = {
  pumping_enabled: false,
  pumping_window_seconds: 600,
  pumping_min_messages: 20,
  pumping_range_digits: 4,
  pumping_adjacent_gap: 10,
  pumping_adjacent_percent: 80,
  pumping_destination_digits: 4,
  pumping_share_percent: 60,
  pumping_share_min_messages: 30,
  pumping_premium_price_percent: 300,
  pumping_premium_prefixes: [],
  pumping_baseline_days: 30,
  pumping_baseline_min_messages: 100,
  pumping_otp_min_messages: 20,
  pumping_otp_confirm_percent: 30,
  pumping_otp_grace_seconds: 120,
};

describe('PumpingSettingsPage', () => {
  let state: GuardSettings;
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    // the server's side: the settings, and a PUT that refuses a window its rules do not allow
    api = stubApi(({ method, path, body }) => {
      if (path !== '/guards/settings') return undefined;
      if (method === 'GET') return { body: state };
      const b = body as Partial<GuardSettings>;
      if (b.pumping_min_messages === 7)
        return {
          status: 400,
          body: {
            code: 'validation',
            detail: 'pumping_min_messages: must be a multiple of 5',
            errors: [{ field: 'pumping_min_messages', code: 'invalid', detail: 'must be a multiple of 5' }],
          },
        };
      state = { ...state, ...b };
      return { body: state };
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    state = base;
    api.calls.length = 0;
  });

  it('shows every threshold of the contract, says a server refusal on its field, and saves what changed', async () => {
    const { store } = renderWithProviders(<PumpingSettingsPage />);
    // loading first, then the form
    expect(screen.getByLabelText('Loading the thresholds')).toBeTruthy();
    const min = (await screen.findByLabelText('Messages to one range')) as HTMLInputElement;
    expect(min.value).toBe('20');
    expect(screen.getAllByRole('spinbutton')).toHaveLength(SETTING_FIELDS.filter((f) => f.kind === 'number').length);
    expect(screen.getByRole('switch', { name: 'Pumping check on' })).toBeTruthy();

    // a value the server refuses: its words on the field, nothing saved
    fireEvent.change(min, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('must be a multiple of 5')).toBeTruthy();
    expect(state.pumping_min_messages).toBe(20);

    // out of the contract's bounds: said before any request
    const puts = () => api.calls.filter((c) => c.method === 'PUT').length;
    const before = puts();
    fireEvent.change(min, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number from 3 to 100000')).toBeTruthy();
    expect(puts()).toBe(before);

    // by keyboard: the switch toggles, Enter in a field submits
    const toggle = screen.getByRole('switch', { name: 'Pumping check on' });
    toggle.focus();
    fireEvent.click(toggle);
    fireEvent.change(min, { target: { value: '25' } });
    fireEvent.submit(min.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'Pumping thresholds saved' }),
    );
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { pumping_min_messages: 7 },
      { pumping_enabled: true, pumping_min_messages: 25 },
    ]);
    expect(state).toMatchObject({ pumping_enabled: true, pumping_min_messages: 25 });
  }, 30_000);

  it('sends only what changed, prefixes trimmed and once each', () => {
    expect(settingsBody({ ...base, pumping_premium_prefixes: [' +882', '+882', '+4470'] }, base)).toEqual({
      pumping_premium_prefixes: ['+882', '+4470'],
    });
    expect(settingsBody(base, base)).toEqual({});
  });
});
