import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import type { ConsentEvent, OptOutKeywordSet, OptOutSettings } from '@smsc/shared-contract';
import { OptOutsPage } from './opt-outs-page';
import { parseWords } from './opt-out-words';
import { countryLanguages } from './opt-out-settings';

const CO = '11111111-1111-4111-8111-111111111111';
const defaults = {
  stop_words: ['STOP', 'BAJA', 'ALTO'],
  help_words: ['AYUDA'],
  start_words: ['ALTA'],
  stop_reply: 'Se ha dado de baja.',
  help_reply: 'Responda BAJA.',
  start_reply: 'Se ha suscrito de nuevo.',
};
const spanish: OptOutKeywordSet = { language: 'es', custom: false, ...defaults, defaults, countries: ['ES', 'MX'] };
const english: OptOutKeywordSet = {
  ...spanish,
  language: 'en',
  stop_words: ['STOP'],
  defaults: { ...defaults, stop_words: ['STOP'] },
  countries: [],
};
const event: ConsentEvent = {
  consent_event_uuid: '22222222-2222-4222-8222-222222222222',
  company_uuid: CO,
  company_name: 'Acme',
  number: '+34612345678',
  action: 'opt_out',
  source: 'keyword',
  scope: 'company',
  sender: '+12125552301',
  text: 'Baja.',
  language: 'es',
  user_email: null,
  created_on: '2026-12-01T10:00:00.000Z',
};

describe('OptOutsPage', () => {
  let settings: OptOutSettings;
  const api = stubApi(({ method, path, body, query }) => {
    if (path === '/opt_out_settings') {
      if (method === 'PUT') settings = { ...settings, ...(body as Partial<OptOutSettings>) };
      return { body: { opt_out_settings: settings } };
    }
    if (path === '/opt_out_keyword/list') return { body: { company_uuid: CO, items: [english, spanish] } };
    if (path === '/opt_out_keyword/es' && method === 'PUT')
      return { body: { opt_out_keyword: { ...spanish, custom: true } } };
    if (path === '/consent_event/list')
      return {
        body: { items: query.get('number') === '+34612345678' ? [event] : [], total: 0, per_page: 50 },
      };
    return undefined;
  });
  beforeEach(() => {
    settings = {
      company_uuid: CO,
      scope: 'company',
      campaign_limit_percent: 2,
      campaign_min_sent: 100,
      country_languages: { US: 'es' },
    };
    api.calls.length = 0;
  });
  afterAll(() => api.restore());

  it('saves the scope the company chooses, with the campaign limit', async () => {
    const { store } = renderWithProviders(<OptOutsPage />);
    const reseller = await screen.findByLabelText("Every company of our provider's account");
    await waitFor(() =>
      expect((screen.getByLabelText('Every number of the company') as HTMLInputElement).checked).toBe(true),
    );
    // the company's language for US numbers is loaded as a row
    await waitFor(() => expect((screen.getByLabelText('Country 1') as HTMLInputElement).value).toBe('US'));
    fireEvent.click(reseller);
    fireEvent.change(screen.getByLabelText('Opt-out limit (%)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      scope: 'reseller',
      campaign_limit_percent: 5,
      campaign_min_sent: 100,
      country_languages: { US: 'es' },
    });
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'Opt-out settings saved' }),
    );
  }, 60_000);

  it('edits a language: changed words are sent, words and replies left as the defaults go as null', async () => {
    renderWithProviders(<OptOutsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Spanish' }));
    const dialog = await screen.findByRole('dialog');
    const stops = within(dialog).getByLabelText('STOP words') as HTMLInputElement;
    await waitFor(() => expect(stops.value).toBe('STOP, BAJA, ALTO'));
    fireEvent.change(stops, { target: { value: 'BAJA, basta ya' } });
    fireEvent.change(within(dialog).getByLabelText('Reply to STOP'), { target: { value: 'Acme: baja confirmada.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save words' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/opt_out_keyword/es')).toBe(true));
    expect(api.calls.find((c) => c.path === '/opt_out_keyword/es')?.body).toEqual({
      stop_words: ['BAJA', 'basta ya'],
      help_words: null,
      start_words: null,
      stop_reply: 'Acme: baja confirmada.',
      help_reply: null,
      start_reply: null,
    });
  }, 60_000);

  it("lists a number's consent evidence: what, where from, the words", async () => {
    renderWithProviders(<OptOutsPage />);
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: ' +34612345678 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show history' }));
    const row = (await screen.findByText('Baja.')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Opted out')).toBeTruthy();
    expect(within(row).getByText('Texted keyword')).toBeTruthy();
    expect(within(row).getByText('+12125552301')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/consent_event/list')?.query.get('number')).toBe('+34612345678');
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+14155550000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show history' }));
    expect(await screen.findByText('No opt-out or opt-in recorded for this number')).toBeTruthy();
  }, 60_000);

  it('turns country rows into the map the API takes', () => {
    expect(
      countryLanguages([
        { iso2: ' us ', language: 'es' },
        { iso2: '', language: 'fr' },
      ]),
    ).toEqual({ US: 'es' });
  });

  it('reads typed words separated by commas or lines; nothing typed means the defaults', () => {
    expect(parseWords(' baja ,\nno mas,, ')).toEqual(['baja', 'no mas']);
    expect(parseWords('  ')).toBeNull();
  });
});
