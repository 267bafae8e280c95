import { fireEvent, screen, waitFor } from '@testing-library/react';
import { definitionFor } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import type { SmsTemplate } from '@smsc/shared-contract';
import { templateDefinition, templatePatchBody, templateCreateBody, TEMPLATE_ACCESS } from './template.resource';
import { templateListParams } from './template.api';
import { ReviewActions, reviewRowActions } from './template-pages';

const row: SmsTemplate = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  template_name: 'Welcome',
  text: 'Hi',
  status: 'pending',
  reject_reason: null,
  company_uuid: '1c9e6679-7425-40de-944b-e07fc1f90ae7',
  company_name: 'Acme',
  reviewed_on: null,
  created_on: '2026-01-01T00:00:00Z',
  updated_on: '2026-01-01T00:00:00Z',
};

describe('template resource', () => {
  it('filters by status with an "all" choice (docs/spec.md §4) and by name', () => {
    const status = templateDefinition.columns.find((c) => c.key === 'status');
    expect(status?.search).toBe('select');
    expect(status?.options?.map((o) => o.value)).toEqual(['all', 'pending', 'approved', 'rejected']);
    expect(templateDefinition.columns.filter((c) => c.search === 'text').map((c) => c.key)).toEqual(['template_name']);
  });

  it('shows a reviewer the placeholders a template carries', () => {
    const column = templateDefinition.columns.find((c) => c.key === 'placeholders');
    const withTwo = { ...row, text: 'Hi {name}, order {order}; again {name}, {{literal}}' };
    renderWithProviders(<>{column?.render?.(undefined, withTwo)}</>);
    expect(screen.getByTestId('template-placeholders').textContent).toBe('{name}{order}');
    expect(column?.render?.(undefined, row)).toBe('None');
  });

  it('turns "created within N days" into docs/spec.md §7 created_on_gt when calling', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(templateListParams({ page: 0, per_page: 10, created_within: '7', status: 'all' }, now)).toEqual({
      page: 0,
      per_page: 10,
      status: 'all',
      created_on_gt: '2026-03-03T12:00:00.000Z',
    });
    expect(templateListParams({ page: 1, per_page: 10 }, now)).toEqual({ page: 1, per_page: 10 });
  });

  it('shows the company and its picker only to reviewers', () => {
    const company = definitionFor(templateDefinition, []);
    expect(company.columns.map((c) => c.key)).not.toContain('company_name');
    expect(company.formFields.map((f) => f.name)).toEqual(['template_name', 'text']);
    const reviewer = definitionFor(templateDefinition, [TEMPLATE_ACCESS.company, TEMPLATE_ACCESS.review]);
    expect(reviewer.formFields.map((f) => f.name)).toEqual(['company_uuid', 'template_name', 'text']);
    expect(reviewRowActions({}).rowActions).toBeUndefined();
    expect(reviewRowActions({ keys: [TEMPLATE_ACCESS.review] }).rowActions).toEqual(expect.any(Function));
  });

  it('sends only what changed, so saving an untouched approved template keeps its approval', () => {
    expect(templatePatchBody({ template_name: 'Welcome ', text: 'Hi' }, row)).toEqual({ template_name: 'Welcome' });
    expect(templatePatchBody({ template_name: 'Welcome', text: 'Hello' }, row)).toEqual({ text: 'Hello' });
    expect(templateCreateBody({ template_name: ' A ', text: 'b', company_uuid: undefined })).toEqual({
      template_name: 'A',
      text: 'b',
    });
  });
});

describe('ReviewActions', () => {
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path }) => {
      const status = path.endsWith('/approve') ? 'approved' : 'rejected';
      return { status: 200, body: { sms_template: { ...row, status } } };
    });
  });
  afterAll(() => api.restore());

  it('approves with PATCH /approve and says so in a toast; a rejection carries its reason', async () => {
    const { store } = renderWithProviders(<ReviewActions row={row} />);
    fireEvent.click(screen.getByRole('button', { name: 'Approve template Welcome' }));
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Template "Welcome" approved'), {
      timeout: 20_000,
    });
    expect(api.calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/sms_template/7c9e6679-7425-40de-944b-e07fc1f90ae7/approve',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Reject template Welcome' }));
    fireEvent.change(await screen.findByLabelText('Reason'), { target: { value: ' Name the sender ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Template "Welcome" rejected'), {
      timeout: 20_000,
    });
    expect(api.calls[1]).toMatchObject({ method: 'PATCH', path: expect.stringMatching(/\/reject$/) });
    expect(api.calls[1].body).toEqual({ reason: 'Name the sender' });
  }, 60_000);

  it('offers only the moves the status allows', () => {
    renderWithProviders(<ReviewActions row={{ ...row, status: 'approved' }} />);
    expect(screen.queryByRole('button', { name: 'Approve template Welcome' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reject template Welcome' })).toBeTruthy();
  });
});
