import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RetentionArchive, RetentionPass, RetentionSettings } from '@smsc/shared-contract';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { archiveDownload, RetentionPage } from './retention-page';
import { retentionBody } from './retention-settings';

const PASS: RetentionPass = {
  pass_uuid: '00000000-0000-4000-8000-0000000000a1',
  started_on: '2026-12-07T10:00:00.000Z',
  finished_on: '2026-12-07T10:00:02.000Z',
  state: 'done',
  started_by: 'job',
  companies: 3,
  redacted: 1200,
  removed: 450,
  archived: 450,
  error: null,
};
const ARCHIVE: RetentionArchive = {
  archive_uuid: '00000000-0000-4000-8000-0000000000c1',
  pass_uuid: PASS.pass_uuid,
  company_uuid: '00000000-0000-4000-8000-0000000000d1',
  company_name: 'Acme',
  file_name: '2026-12-07/sms-acme.csv.gz',
  rows: 450,
  bytes: 20480,
  oldest: '2026-09-01T00:00:00.000Z',
  newest: '2026-09-07T00:00:00.000Z',
  created_on: '2026-12-07T10:00:02.000Z',
};

describe('SMS log → Message retention (system admin)', () => {
  // the first render loads antd; at load it takes seconds
  jest.setTimeout(300_000);
  let api: ReturnType<typeof stubApi>;
  let settings: RetentionSettings;
  let passes: RetentionPass[];
  let archives: RetentionArchive[];
  let failLists = false;
  beforeAll(() => {
    api = stubApi(({ method, path, body }) => {
      if (path === '/retention/settings' && method === 'PUT') {
        const b = body as RetentionSettings;
        if (b.remove_after_days !== null && b.redact_after_days !== null && b.remove_after_days <= b.redact_after_days)
          return {
            status: 400,
            body: {
              status: 400,
              code: 'validation',
              detail: 'remove_after_days: Messages must be removed later than their bodies are redacted',
              errors: [
                { name: 'remove_after_days', message: 'Messages must be removed later than their bodies are redacted' },
              ],
            },
          };
        settings = { ...settings, ...b };
        return { body: settings };
      }
      if (path === '/retention/settings') return { body: settings };
      if (failLists && path.startsWith('/retention/'))
        return { status: 500, body: { status: 500, code: 'internal', detail: 'down' } };
      if (path === '/retention/passes') return { body: { items: passes, total: passes.length, per_page: 10 } };
      // the file's bytes (the stub answers JSON; the page only hands them to the browser)
      if (path === `/retention/archives/${ARCHIVE.archive_uuid}/download`) return { body: 'gzip bytes' };
      if (path === '/retention/archives') return { body: { items: archives, total: archives.length, per_page: 10 } };
      if (path === '/retention/run' && method === 'POST') {
        const ran = {
          ...PASS,
          pass_uuid: '00000000-0000-4000-8000-0000000000a2',
          started_by: 'admin' as const,
          redacted: 7,
          removed: 2,
        };
        passes = [ran, ...passes];
        return { body: ran };
      }
      return undefined;
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    settings = {
      redact_after_days: 30,
      remove_after_days: 365,
      archive: true,
      check_seconds: 3600,
      updated_on: '2026-12-01T00:00:00.000Z',
    };
    passes = [PASS];
    archives = [ARCHIVE];
    failLists = false;
    api.calls.length = 0;
  });

  it('maps an emptied days field to never', () => {
    expect(retentionBody({ redact_after_days: null, remove_after_days: 90, archive: false })).toEqual({
      redact_after_days: null,
      remove_after_days: 90,
      archive: false,
    });
  });

  it('shows the defaults, the last passes and the archive files', async () => {
    renderWithProviders(<RetentionPage />);
    const form = await screen.findByTestId('retention-settings', undefined, { timeout: 30_000 });
    expect((within(form).getByLabelText('Redact message bodies after (days)') as HTMLInputElement).value).toBe('30');
    expect((within(form).getByLabelText('Remove messages after (days)') as HTMLInputElement).value).toBe('365');
    const passRow = (await screen.findByText('1,200')).closest('tr') as HTMLElement;
    expect(within(passRow).getByText('Done')).toBeTruthy();
    expect(within(passRow).getByText('Schedule')).toBeTruthy();
    const fileRow = (await screen.findByText('20.0 KB')).closest('tr') as HTMLElement;
    expect(within(fileRow).getByText('Acme')).toBeTruthy();
  });

  it('reads each table’s page from the address, so a reload keeps it', async () => {
    renderWithProviders(<RetentionPage />, { route: '/?passes_page=2&archives_page=1' });
    await waitFor(() => {
      const pages = (path: string) => api.calls.filter((c) => c.path.endsWith(path)).map((c) => c.query.get('page'));
      expect(pages('/retention/passes')).toContain('2');
      expect(pages('/retention/archives')).toContain('1');
    });
  });

  it('saves the defaults with a toast, and shows the server’s field error on its field', async () => {
    const { store } = renderWithProviders(<RetentionPage />);
    const form = await screen.findByTestId('retention-settings', undefined, { timeout: 30_000 });
    const remove = within(form).getByLabelText('Remove messages after (days)');
    await act(async () => fireEvent.change(remove, { target: { value: '20' } }));
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('Messages must be removed later than their bodies are redacted')).toBeTruthy();

    await act(async () => fireEvent.change(remove, { target: { value: '' } }));
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
        redact_after_days: 30,
        remove_after_days: null,
        archive: true,
      }),
    );
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'Retention defaults saved' }),
    );
  });

  it('runs a pass now with a toast, and downloads an archive file with a toast', async () => {
    const { store } = renderWithProviders(<RetentionPage />);
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: 'Run a pass now' }, { timeout: 30_000 })),
    );
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        kind: 'success',
        text: 'Retention pass done: 7 bodies redacted, 2 messages removed',
      }),
    );
    expect(await screen.findByText('Admin')).toBeTruthy();

    const saved: string[] = [];
    const save = jest.spyOn(archiveDownload, 'save').mockImplementation((_url, name) => void saved.push(name));
    URL.createObjectURL = jest.fn(() => 'blob:archive');
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: /^Download the archive of Acme/ })),
    );
    await waitFor(() => expect(saved).toEqual(['sms-acme.csv.gz']));
    expect(api.calls.some((c) => c.path === `/retention/archives/${ARCHIVE.archive_uuid}/download`)).toBe(true);
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'Archive of Acme downloaded' }),
    );
    save.mockRestore();
  });

  it('says when nothing has run yet, and when the lists cannot be loaded', async () => {
    passes = [];
    archives = [];
    const first = renderWithProviders(<RetentionPage />);
    expect(await screen.findByText('No pass has run yet', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(await screen.findByText(/No archive file yet/)).toBeTruthy();
    first.unmount();
    failLists = true;
    renderWithProviders(<RetentionPage />);
    await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThanOrEqual(2));
  });
});
