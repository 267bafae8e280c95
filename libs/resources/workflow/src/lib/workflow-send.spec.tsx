import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import type { SmsWorkflow } from '@smsc/shared-contract';
import { WorkflowSendActions } from './workflow-send';

// the upload's multipart body is built by the endpoint; here what the screen hands it is checked
const mockSendFile = jest.fn(async (_arg: unknown) => ({ data: {} }));
jest.mock('./workflow.api', () => ({
  ...jest.requireActual('./workflow.api'),
  useWorkflowSendFileMutation: () => [mockSendFile, { isLoading: false }],
}));

const row: SmsWorkflow = {
  sms_workflow_uuid: '3f1f0b7e-0000-4000-8000-000000000010',
  name: 'Shipping',
  ani: '+12125552301',
  text: 'Hi {name}, order {order} ships to {number}',
  numbers: ['+14155550100'],
  is_bulk: false,
  company_uuid: '3f1f0b7e-0000-4000-8000-000000000011',
  company_name: null,
  created_on: '2026-11-26T10:00:00Z',
};

describe('WorkflowSendActions: placeholders asked before the send', () => {
  let api: ReturnType<typeof stubApi>;
  beforeEach(() => {
    api = stubApi(({ path }) => {
      if (path === '/sms') return { status: 201, body: { sms: {} } };
      if (path === '/bulk_sms')
        return { status: 201, body: { bulk_uuid: 'b', total: 1, duplicates: 0, status: 'running' } };
      return { status: 500, body: { code: 'error', detail: `unexpected ${path}` } };
    });
  });
  afterEach(() => api.restore());

  it('Send now asks for the values the numbers do not carry, previews the text and sends them', async () => {
    renderWithProviders(<WorkflowSendActions row={row} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send workflow Shipping' }));
    const send = await screen.findByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Give a value for {name}, {order} before sending');
    expect(api.calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Value for {name}'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText('Value for {order}'), { target: { value: 'A-12' } });
    expect(screen.getByTestId('workflow-preview').textContent).toBe('Hi Ann, order A-12 ships to +14155550100');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/sms',
      body: { ani: '+12125552301', dnis: '+14155550100', text: row.text, values: { name: 'Ann', order: 'A-12' } },
    });
  }, 60_000);

  it('a file fills its columns per row: only the others are asked, and it goes to POST /bulk_sms', async () => {
    const { container } = renderWithProviders(<WorkflowSendActions row={row} />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['number,name\n+14155550100,Ann\n'], 'people.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    await screen.findByLabelText('Value for {order}');
    expect(screen.queryByLabelText('Value for {name}')).toBeNull();
    expect(screen.getByTestId('workflow-preview').textContent).toBe('Hi ‹name›, order {order} ships to ‹number›');
    fireEvent.change(screen.getByLabelText('Value for {order}'), { target: { value: 'B-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(mockSendFile).toHaveBeenCalledTimes(1));
    expect(mockSendFile.mock.calls[0][0]).toMatchObject({
      ani: '+12125552301',
      text: row.text,
      filename: 'people.csv',
      values: { order: 'B-7' },
    });
    expect(api.calls).toHaveLength(0);
  }, 60_000);
});
